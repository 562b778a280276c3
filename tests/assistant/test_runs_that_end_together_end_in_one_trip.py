"""Runs that end at the same time (a burst of stops) end in one trip to the database
thread and, on SQLite, one transaction whose statements they share where they can
(their held events, their ``run.finished`` rows, their inbox read), each by its own
conditions: its events after its count, its conditional UPDATE (a run that no longer
runs is not ended again), its ``run.finished``, its exchange, whether messages wait
behind it. An end that fails fails alone: its neighbours are written."""

import asyncio

import pytest
from channels.db import database_sync_to_async

from agentweb.assistant.models import InboxEntry, MemoryState, Run, RunEvent, Status, run_status
from agentweb.assistant.runs import end
from agentweb.engine import StopCode, StopReason
from agentweb.engine.events import Event, EventKind
from tests.call_sizes import record_call_sizes
from tests.sql_counts import counting_statements

pytestmark = pytest.mark.django_db(transaction=True)

ANSWERED = StopReason(StopCode.ANSWERED, "answered")
CANCELLED = StopReason(StopCode.CANCELLED, "cancelled")


@pytest.fixture
def groups(monkeypatch) -> list[int]:
    """The size of each group of ends written in one trip."""
    return record_call_sizes(monkeypatch, end, "store_all")


@database_sync_to_async
def _running(user, n: int) -> list[Run]:
    MemoryState.objects.update_or_create(user=user, defaults={"generation": 1})
    made = []
    for i in range(n):
        run = Run.objects.create(user=user, question=f"q{i}", memory_generation=1)
        run_status.claim(Run.objects.filter(pk=run.pk), owner="")
        made.append(Run.objects.get(pk=run.pk))
    return made


def _answered(run: Run, data: dict | None = None) -> end.End:
    return end.End(
        run,
        None,
        Status.COMPLETED,
        ANSWERED,
        [],
        f"answer {run.question}",
        data or {},
        {"answer": f"answer {run.question}"},
    )


def _stopped(run: Run) -> end.End:
    failure = Event(7, EventKind.FAILURE, {"terminal": True, "code": "cancelled"}, 0.0)
    return end.End(
        run, None, Status.CANCELLED, CANCELLED, [failure], None, {}, {"cancel_requested": True}
    )


async def test_ends_handed_in_together_are_one_trip_each_with_its_own_outcome(alice, groups):
    answered, stopped, waiting, gone = await _running(alice, 4)
    await database_sync_to_async(InboxEntry.objects.create)(
        user=alice, run_id=waiting.pk, text="next"
    )
    await database_sync_to_async(run_status.finish_running)(gone.pk, None, Status.FAILED, ANSWERED)

    ends = (_answered(answered), _stopped(stopped), _answered(waiting), _answered(gone))
    with counting_statements() as statements:
        results = await asyncio.gather(*(end.write_end(e) for e in ends))

    assert groups == [4], "one trip for the four"
    sql = statements.sql
    assert sum(s.startswith("BEGIN") for s in sql) == 1, "one transaction"
    assert sum(s.startswith('UPDATE "assistant_run"') for s in sql) == 4, "each its own UPDATE"
    assert sum(s.startswith('INSERT INTO "assistant_runevent"') for s in sql) == 2, (
        "the stopped run's failure, then the three run.finished rows in one INSERT"
    )
    assert sum('"assistant_inboxentry"' in s for s in sql) == 1, "the inboxes in one read"
    (done, done_waits), (cancelled, cancelled_waits), (queued, queued_waits), (none, none_waits) = (
        results
    )
    assert [(r.run_id, r.seq, r.kind) for r in done] == [(answered.pk, 1, "run.finished")]
    assert [(r.seq, r.kind) for r in cancelled] == [(1, "failure"), (2, "run.finished")]
    assert cancelled[1].data["status"] == "cancelled"
    assert [(r.seq, r.kind) for r in queued] == [(1, "run.finished")]
    assert (done_waits, cancelled_waits, queued_waits) == (False, False, True)
    assert (none, none_waits) == ([], False), "a run that no longer runs is not ended again"

    @database_sync_to_async
    def stored():
        runs = {r.pk: r for r in Run.objects.all()}
        kinds = {
            pk: list(
                RunEvent.objects.filter(run_id=pk).order_by("seq").values_list("kind", flat=True)
            )
            for pk in runs
        }
        remembered = set(alice.exchanges.values_list("run_id", flat=True))
        return runs, kinds, remembered

    runs, kinds, remembered = await stored()
    assert runs[answered.pk].status == "completed" and runs[answered.pk].answer == "answer q0"
    assert runs[stopped.pk].status == "cancelled" and runs[stopped.pk].cancel_requested
    assert runs[gone.pk].status == "failed", "left as it was"
    assert kinds[stopped.pk] == ["failure", "run.finished"]
    assert kinds[gone.pk] == ["run.finished"], "its one end only"
    assert remembered == {answered.pk, waiting.pk}, "only the answered runs' exchanges"


async def test_an_end_that_fails_fails_alone_and_its_neighbours_are_written(alice, groups):
    first, bad, last = await _running(alice, 3)

    results = await asyncio.gather(
        end.write_end(_answered(first)),
        end.write_end(_answered(bad, data={"usage": {"not json": object()}})),
        end.write_end(_answered(last)),
        return_exceptions=True,
    )

    assert groups == [3]
    assert isinstance(results[1], TypeError)
    assert [r.kind for r in results[0][0]] == ["run.finished"]
    assert [r.kind for r in results[2][0]] == ["run.finished"]

    @database_sync_to_async
    def stored():
        return dict(Run.objects.values_list("pk", "status")), RunEvent.objects.filter(
            run_id=bad.pk
        ).count()

    statuses, bad_events = await stored()
    assert statuses == {first.pk: "completed", bad.pk: "running", last.pk: "completed"}
    assert bad_events == 0, "nothing of the failed end is left"
