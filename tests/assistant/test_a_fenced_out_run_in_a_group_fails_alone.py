"""In a group of many runs' events, a run fenced out (its lease lost, or gone) hears its
own error; every other run of the group is written all the same."""

import pytest

from agentweb.assistant.models import Run, RunEvent
from agentweb.assistant.runs import events
from agentweb.engine.events import Event, EventKind

pytestmark = pytest.mark.django_db


def _two(k: int) -> list[Event]:
    return [Event(k, EventKind.ROUND_STARTED, {"k": k}), Event(k + 1, EventKind.ANSWER, {})]


def test_a_lost_lease_and_a_gone_run_fail_alone_and_their_neighbours_are_written(alice):
    mine = Run.objects.create(user=alice, question="a", status="running", lease_owner="w1")
    taken = Run.objects.create(user=alice, question="b", status="running", lease_owner="w2")
    ended = Run.objects.create(user=alice, question="c", status="interrupted", lease_owner="w1")
    free = Run.objects.create(user=alice, question="d", last_seq=4)
    gone = Run.objects.create(user=alice, question="e")
    gone_id = gone.pk
    gone.delete()

    results = events.persist(
        [
            (mine.pk, "w1", _two(1)),
            (taken.pk, "w1", _two(1)),
            (ended.pk, "w1", [Event(1, EventKind.ROUND_STARTED, {})]),
            (gone_id, None, _two(1)),
            (free.pk, None, _two(5)),
        ]
    )

    assert [[r.seq for r in rows] for rows in (results[0], results[4])] == [[1, 2], [5, 6]]
    assert isinstance(results[1], events.LeaseLost) and isinstance(results[2], events.LeaseLost)
    assert isinstance(results[3], events.RunGone)
    stored = RunEvent.objects.order_by("run_id", "seq").values_list("run_id", "seq")
    assert list(stored) == [(mine.pk, 1), (mine.pk, 2), (free.pk, 5), (free.pk, 6)]
    counts = dict(Run.objects.values_list("pk", "last_seq"))
    assert counts == {mine.pk: 2, taken.pk: 0, ended.pk: 0, free.pk: 6}


def test_a_run_fenced_out_alone_in_its_group_writes_nothing(alice):
    run = Run.objects.create(user=alice, question="a", status="running", lease_owner="w2")
    (result,) = events.persist([(run.pk, "w1", _two(1))])
    assert isinstance(result, events.LeaseLost)
    assert not RunEvent.objects.exists()
