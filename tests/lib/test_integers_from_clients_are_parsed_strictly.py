"""One strict integer parser for every query parameter: ASCII digits, in range, or a clear 400."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from agentweb.assistant.models import Run
from agentweb.core.roles import Role, ensure_groups
from agentweb.lib.inputs.integers import MAX_INT, BadInteger, parse_int

# Each passes str.isdigit() or int(), and none is an integer a client may send.
MALFORMED = ["²", "³", "١٢", "1_000", " 7", "+7", "7.0", "", "x", str(MAX_INT + 1), "9" * 5000]


@pytest.mark.parametrize("raw", MALFORMED)
def test_it_refuses_anything_but_ascii_digits_in_range(raw):
    with pytest.raises(BadInteger, match="after_seq"):
        parse_int(raw, name="after_seq")


def test_it_reads_plain_numbers_and_checks_the_range():
    assert parse_int("0", name="n") == 0
    assert parse_int(str(MAX_INT), name="n") == MAX_INT
    with pytest.raises(BadInteger, match="from 1 to 50"):
        parse_int("51", name="limit", minimum=1, maximum=50)


@pytest.fixture
def users(db):
    model = get_user_model()
    alice = model.objects.create_user("alice", password="pw-alice-123")
    rita = model.objects.create_user("rita", password="pw-rita-123")
    rita.groups.add(ensure_groups()[Role.REVIEWER])
    return alice, rita


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("raw", ["²", "³", "١٢", str(MAX_INT + 1)])
def test_every_integer_query_parameter_answers_400(users, raw):
    alice, rita = users
    run = Run.objects.create(user=alice, question="hello")
    player, reviewer = _client(alice), _client(rita)

    responses = {
        "after_seq": player.get(f"/api/runs/{run.pk}/events", {"after_seq": raw}),
        "history before": player.get("/history", {"before": raw}),
        "completion limit": player.get(
            "/commands/complete", {"source": "items", "prefix": "", "limit": raw}
        ),
        "traces before": reviewer.get("/traces/", {"before": raw}),
        "traces after": reviewer.get("/traces/", {"after": raw}),
        "compare a": reviewer.get("/traces/compare/", {"a": raw, "b": run.pk}),
        "compare run": reviewer.get("/traces/compare/", {"run": [run.pk, raw]}),
    }

    assert {name: r.status_code for name, r in responses.items()} == dict.fromkeys(responses, 400)
    assert "must be" in responses["after_seq"].json()["error"]["message"]
    assert b"must be" in responses["compare a"].content
