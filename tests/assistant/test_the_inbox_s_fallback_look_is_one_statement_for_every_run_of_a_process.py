"""A message whose word never reached its run (a lost relay) is still claimed at a round
boundary once the fallback look is due; that look is one statement for every run of the
process, not one per run and round, and a run cancelled while it waits does not cancel it."""

import asyncio

import pytest
from channels.db import database_sync_to_async

from agentweb.assistant import inbox
from agentweb.assistant.models import InboxEntry, Run, Status
from agentweb.assistant.runs.live import LiveRun, open_run
from tests.sql_counts import counting_statements

pytestmark = pytest.mark.django_db(transaction=True)


def _running_runs(make_user, n: int) -> list[int]:
    players = [make_user(f"inbox-look-{i}") for i in range(n)]
    return [Run.objects.create(user=p, question="q", status=Status.RUNNING).pk for p in players]


def _open(run_ids: list[int]) -> list[LiveRun]:
    """The runs as executing in this process (what its executor registers)."""
    return [open_run(run_id, 0, (False, False, 0, True)) for run_id in run_ids]


def _queue(run_id: int, text: str) -> None:
    run = Run.objects.get(pk=run_id)
    InboxEntry.objects.create(user_id=run.user_id, run_id=run_id, text=text, steer=True)


async def test_a_message_without_word_is_found_by_one_look_for_all_runs(make_user, monkeypatch):
    runs = await database_sync_to_async(_running_runs)(make_user, 5)
    live = _open(runs)
    inboxes = [inbox.DbInbox(run_id, waiting=False) for run_id in runs]
    try:
        await database_sync_to_async(_queue)(runs[2], "and copper?")

        # Within the fallback's bound nothing is looked up: no statement at all.
        with counting_statements() as sent:
            assert await asyncio.gather(*(i.claim() for i in inboxes)) == [[]] * 5
        assert len(sent) == 0

        # The fallback is due for every run at once: one look, then the one claim.
        monkeypatch.setattr(inbox, "FALLBACK_CLAIM_S", 0.0)
        with counting_statements() as sent:
            claimed = await asyncio.gather(*(i.claim() for i in inboxes))
        assert claimed == [[], [], ["and copper?"], [], []]
        looks = [s for s in sent.sql if "DISTINCT" in s]
        assert len(looks) == 1, sent.listing()
        assert sent.by_kind == {"SELECT": 2, "UPDATE": 1}, sent.listing()
        status = await database_sync_to_async(
            lambda: InboxEntry.objects.get(run_id=runs[2]).status
        )()
        assert status == "claimed"

        # Claimed once: the next look finds nothing for it.
        claimed = await asyncio.gather(*(i.claim() for i in inboxes))
        assert claimed == [[]] * 5
    finally:
        for run in live:
            run.close()


async def test_a_run_cancelled_while_it_waits_for_the_look_leaves_the_others_theirs(
    make_user, monkeypatch
):
    runs = await database_sync_to_async(_running_runs)(make_user, 2)
    live = _open(runs)
    first, second = (inbox.DbInbox(run_id, waiting=False) for run_id in runs)
    try:
        await database_sync_to_async(_queue)(runs[1], "still here?")
        monkeypatch.setattr(inbox, "FALLBACK_CLAIM_S", 0.0)
        cancelled = asyncio.create_task(first.claim())
        await asyncio.sleep(0)  # it started the look and waits for it
        cancelled.cancel()
        assert await second.claim() == ["still here?"]
        with pytest.raises(asyncio.CancelledError):
            await cancelled
    finally:
        for run in live:
            run.close()


async def test_a_run_that_ended_is_no_longer_looked_for(make_user, monkeypatch):
    runs = await database_sync_to_async(_running_runs)(make_user, 3)
    live = _open(runs)
    inboxes = [inbox.DbInbox(run_id, waiting=False) for run_id in runs]
    live[0].close()  # it ended here
    monkeypatch.setattr(inbox, "FALLBACK_CLAIM_S", 0.0)
    try:
        with counting_statements() as sent:
            await inboxes[1].claim()
        (look,) = sent.sql
        assert look.count("%s") == 2  # the two live runs, not the ended one
    finally:
        for run in live:
            run.close()
