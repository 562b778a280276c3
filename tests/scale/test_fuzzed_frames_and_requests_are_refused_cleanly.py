"""R-REL-2 under fuzzing: websocket frames and HTTP API calls against a real Daphne process.

Bounded (a few dozen examples each, no deadline): no 500, no unhandled
exception in any process's log, the socket stays open, and a rejected input
changes nothing in the database.
"""

from __future__ import annotations

import json

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

pytestmark = pytest.mark.scale

EXAMPLES = 60
TYPES = [
    "chat.send",
    "run.cancel",
    "run.undo",
    "memory.forget",
    "action.confirm",
    "run.subscribe",
    "run.feedback",
    "nonsense",
]
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True),
    st.text(max_size=40),
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=6,
)
# Inputs that once got through to a crash: deep nesting (RecursionError in the
# standard library's parser), lone surrogates (UnicodeEncodeError when stored),
# client_msg_ids the API checked only by length, a NUL character (PostgreSQL cannot
# store one).
SURROGATE = "\\ud800"
CRAFTED_FRAMES = [
    "[" * 1000,
    "{" * 1000,
    '{"type": "chat.send", "text": "hi", "client_msg_id": "c-1", "x": ' + "[" * 1000 + "}",
    '{"type": "chat.send", "text": "' + SURROGATE + '"}',
    '{"type": "chat.send", "text": "hi", "client_msg_id": "' + SURROGATE + '"}',
    '{"type": "chat.send", "text": "hi", "client_msg_id": "<script>"}',
    '{"type": "chat.send", "text": "hi", "client_msg_id": "a b"}',
    '{"type": "action.confirm", "run_id": 1, "action_id": "'
    + SURROGATE
    + '", "decision": "approve"}',
    '{"type": "chat.send", "text": "' + "x" * (200 * 1024) + '"}',
    '{"type": "chat.send", "text": "hi\\u0000there", "client_msg_id": "c-2"}',
]
CRAFTED_BODIES = [
    "[" * 2000,
    '{"text": ' + "[" * 2000 + "}",
    '{"text": "' + SURROGATE + '"}',
    '{"text": "hi", "client_msg_id": "' + SURROGATE + '"}',
    '{"text": "hi", "client_msg_id": "<script>"}',
    '{"text": "hi", "client_msg_id": "ünï"}',
    '{"action_id": "' + SURROGATE + '", "decision": "approve"}',
    '{"text": "hi\\u0000there"}',
]
frames = st.one_of(
    st.sampled_from(CRAFTED_FRAMES),
    st.fixed_dictionaries(
        {"type": st.sampled_from(TYPES)},
        optional={
            "text": st.one_of(values, st.sampled_from(["", "   ", "x" * 70_000])),
            "run_id": st.one_of(values, st.integers(-5, 10**9)),
            "after_seq": values,
            "action_id": values,
            "decision": st.one_of(values, st.sampled_from(["approve", "reject"])),
            "allow_web": values,
            "client_msg_id": values,
        },
    ).map(json.dumps),
    st.text(max_size=60),
    st.binary(max_size=40).map(lambda b: b.decode("latin-1")),
)

# The player's whole footprint: any change to it means the input was acted on.
FOOTPRINT = """
SELECT
 (SELECT count(*) FROM assistant_run WHERE user_id = %(u)s),
 (SELECT coalesce(sum(last_seq), 0) FROM assistant_run WHERE user_id = %(u)s),
 (SELECT count(*) FROM assistant_run WHERE user_id = %(u)s AND cancel_requested),
 (SELECT count(*) FROM assistant_run WHERE user_id = %(u)s AND undo_requested),
 (SELECT count(*) FROM assistant_inboxentry WHERE user_id = %(u)s),
 (SELECT coalesce(max(generation), 0) FROM assistant_memorystate WHERE user_id = %(u)s),
 (SELECT count(*) FROM assistant_pendingaction p JOIN assistant_run r ON r.id = p.run_id
   WHERE r.user_id = %(u)s AND p.status <> 'pending'),
 (SELECT count(*) FROM control_usageentry WHERE user_id = %(u)s)
"""


def footprint(db, user_id: int) -> tuple:
    return db.rows(FOOTPRINT.replace("%(u)s", str(int(user_id))))[0]


def no_tracebacks(stack, marks: dict[str, int]) -> None:
    for process in [*stack.daphnes, *stack.workers]:
        new = process.log()[marks.get(process.name, 0) :]
        assert "Traceback" not in new, f"{process.name}:\n{new[-3000:]}"


def log_marks(stack) -> dict[str, int]:
    return {p.name: len(p.log()) for p in [*stack.daphnes, *stack.workers]}


def test_fuzzed_websocket_frames_are_refused_without_side_effects(stack, model, db, players):
    fuzz = players["fuzz"]
    daphne = stack.daphnes[1]
    marks = log_marks(stack)
    headers = {"Cookie": f"sessionid={fuzz['session']}", "Origin": daphne.http}
    with connect(daphne.ws, additional_headers=headers, max_size=2**22) as ws:

        @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
        @given(frame=frames)
        def check(frame: str) -> None:
            before = footprint(db, fuzz["id"])
            ws.send(frame)
            replies = []
            try:
                while True:
                    replies.append(json.loads(ws.recv(timeout=0.3)))
            except TimeoutError:
                pass
            if any(r.get("type") == "error" for r in replies):
                assert footprint(db, fuzz["id"]) == before, (frame, replies)

        check()
        ws.send(json.dumps({"type": "memory.forget"}))  # the socket is still open and served
        assert json.loads(ws.recv(timeout=10))["type"] in ("memory.forgotten", "run.event")
    no_tracebacks(stack, marks)


def test_fuzzed_http_api_calls_never_fail_with_a_500(stack, model, db, players):
    fuzz = players["fuzz"]
    daphne = stack.daphnes[0]
    marks = log_marks(stack)
    client = httpx.Client(
        base_url=daphne.http, headers={"Authorization": f"Bearer {fuzz['token']}"}, timeout=30
    )
    paths = st.sampled_from(
        [
            ("POST", "/api/runs"),
            ("GET", "/api/runs/{id}"),
            ("GET", "/api/runs/{id}/events"),
            ("POST", "/api/runs/{id}/cancel"),
            ("POST", "/api/runs/{id}/undo"),
            ("POST", "/api/runs/{id}/confirm"),
            ("POST", "/api/runs/{id}/feedback"),
            ("POST", "/api/undo"),
            ("GET", "/api/me"),
            ("GET", "/api/runs/{id}/export"),
        ]
    )
    bodies = st.one_of(
        st.sampled_from(CRAFTED_BODIES), values.map(json.dumps), st.binary(max_size=60)
    )

    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
    @given(
        target=paths,
        run_id=st.integers(0, 10**12),
        body=bodies,
        after=st.one_of(st.text(max_size=8), st.integers(-3, 10**20).map(str)),
    )
    def check(target, run_id, body, after) -> None:
        method, path = target
        before = footprint(db, fuzz["id"])
        url = path.format(id=run_id)
        if method == "GET":
            response = client.get(url, params={"after_seq": after})
        else:
            content = body if isinstance(body, bytes) else body.encode()
            response = client.post(url, content=content)
        assert response.status_code < 500, (method, url, body, response.text[:300])
        if response.status_code >= 400:
            assert footprint(db, fuzz["id"]) == before, (method, url, body, response.text)

    try:
        check()
    finally:
        client.close()
    no_tracebacks(stack, marks)


@pytest.mark.parametrize("frame", CRAFTED_FRAMES)
def test_each_crafted_frame_gets_an_error_frame_and_the_socket_stays_open(
    stack, model, db, players, frame
):
    fuzz = players["fuzz"]
    daphne = stack.daphnes[1]
    marks = log_marks(stack)
    headers = {"Cookie": f"sessionid={fuzz['session']}", "Origin": daphne.http}
    before = footprint(db, fuzz["id"])
    with connect(daphne.ws, additional_headers=headers, max_size=2**22) as ws:
        ws.send(frame)
        reply = json.loads(ws.recv(timeout=10))
        ws.send(json.dumps({"type": "run.subscribe", "run_id": 2**40}))
        still_open = json.loads(ws.recv(timeout=10))
    assert reply["type"] == "error", reply
    assert still_open["code"] == "unknown_run"
    assert footprint(db, fuzz["id"]) == before
    no_tracebacks(stack, marks)


@pytest.mark.parametrize("body", CRAFTED_BODIES)
@pytest.mark.parametrize("path", ["/api/runs", "/api/runs/1/confirm"])
def test_each_crafted_body_gets_a_400(stack, model, db, players, path, body):
    fuzz = players["fuzz"]
    before = footprint(db, fuzz["id"])
    response = httpx.post(
        stack.daphnes[0].http + path,
        content=body.encode(),
        headers={"Authorization": f"Bearer {fuzz['token']}"},
        timeout=30,
    )
    assert response.status_code in (400, 404), response.text[:300]
    assert footprint(db, fuzz["id"]) == before


def _send_then_receive(ws, send) -> None:
    """Send a frame and wait for the reply: the server's drop may come while the client
    still writes the frame (a broken pipe on send) or after it (on receive)."""
    send(ws)
    ws.recv(timeout=10)


def test_what_the_websocket_server_itself_refuses_drops_the_connection(stack, players):
    """Above Daphne's 1 MiB message limit, and for a text frame that is not UTF-8,
    Daphne (autobahn, ``failByDrop``) drops the TCP connection without a close
    frame; the client sees 1006 and reconnects. docs/protocol.md says so."""
    fuzz = players["fuzz"]
    daphne = stack.daphnes[1]
    headers = {"Cookie": f"sessionid={fuzz['session']}", "Origin": daphne.http}
    for send in (
        lambda ws: ws.send("x" * (1024 * 1024 + 1)),
        lambda ws: ws.send(b"\xff\xfe", text=True),
    ):
        with connect(daphne.ws, additional_headers=headers, max_size=2**22) as ws:
            with pytest.raises(ConnectionClosed) as closed:
                _send_then_receive(ws, send)
            assert closed.value.rcvd is None, "no close frame: the connection was dropped"
        with connect(daphne.ws, additional_headers=headers) as ws:
            ws.send(json.dumps({"type": "run.subscribe", "run_id": 2**40}))
            assert json.loads(ws.recv(timeout=10))["code"] == "unknown_run", "a reconnect works"
