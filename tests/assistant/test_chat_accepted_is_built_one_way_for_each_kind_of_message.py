"""A player hears ``chat.accepted`` for a message she sent (to the socket that sent it and
to her other tabs), for one waiting in her inbox, and for one that left the inbox to run:
each frame comes from the typed ``ChatAccepted``, built by the one method of what it
tells of (``actions.Started.accepted``, ``inbox.Waiting.accepted``)."""

from agentweb.assistant.actions import Started
from agentweb.assistant.inbox import Waiting
from agentweb.assistant.ws.frames import ChatAccepted


def _round_trip(accepted: ChatAccepted) -> dict:
    frame = accepted.frame()
    assert ChatAccepted.model_validate(frame) == accepted
    return frame


def test_a_started_message_is_told_to_its_socket_without_its_text():
    frame = _round_trip(Started(run_id=7).accepted("m1"))
    assert frame == {
        "type": "chat.accepted",
        "run_id": 7,
        "queued": False,
        "duplicate": False,
        "client_msg_id": "m1",
        "origin": "web",
    }


def test_a_queued_message_is_told_to_the_other_tabs_with_its_place_origin_and_text():
    started = Started(run_id=7, queued=True, entry_id=3, position=2, steer=False)
    frame = _round_trip(started.accepted("m2", "api", "and copper?"))
    assert frame["origin"] == "api" and frame["text"] == "and copper?"
    assert (frame["queued"], frame["entry_id"], frame["position"], frame["steer"]) == (
        True,
        3,
        2,
        False,
    )


def test_a_waiting_steering_message_has_no_place():
    frame = _round_trip(Waiting(3, 7, "m2", True, None, "game", "faster").accepted())
    assert frame["queued"] and frame["steer"] is True and "position" not in frame
    assert "from_inbox" not in frame


def test_a_message_that_leaves_the_inbox_runs_on_its_own():
    waited = Waiting(3, 9, "m2", True, None, "game", "faster")
    frame = _round_trip(waited.accepted(started=True))
    assert frame["run_id"] == 9 and frame["from_inbox"] is True
    assert frame["steer"] is False, "sent to steer a run that could not take it"
    assert not frame["queued"] and "position" not in frame
    plain = _round_trip(Waiting(4, 10, "m3", False, 1, "web", "next").accepted(started=True))
    assert "steer" not in plain
