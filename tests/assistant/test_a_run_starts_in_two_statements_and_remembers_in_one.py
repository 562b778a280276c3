"""A run's bookkeeping as few statements as the rules allow: its start is the claim
(which returns the row) and one read; its exchange is one conditional insert; a
submit reads the player in one statement. Each still keeps every rule it kept."""

import dataclasses

import pytest
from channels.db import database_sync_to_async
from django.db import transaction

from agentweb.assistant import inbox, memory, submit_reads
from agentweb.assistant.models import Exchange, InboxEntry, MemoryState, Run, Status, run_status
from agentweb.assistant.runs.start import begin as _prepare
from tests.sql_counts import counting_statements

pytestmark = pytest.mark.django_db(transaction=True)
OTHERS = ("control_",)  # the configuration snapshot is counted with the controls


def _own(statements) -> list[str]:
    return [s for s in statements.sql if not any(t in s for t in OTHERS)]


def _earlier_exchange(user, question: str, answer: str, generation: int = 0) -> Run:
    run = Run.objects.create(user=user, question=question, status=Status.COMPLETED)
    Exchange.objects.create(
        user=user, run=run, generation=generation, question=question, answer=answer
    )
    return run


async def test_the_claim_and_all_a_run_starts_with_are_two_statements(alice):
    def arrange() -> tuple[int, int]:
        MemoryState.objects.create(user=alice, generation=0)
        warm_up = Run.objects.create(user=alice, question="warm-up")
        _earlier_exchange(alice, "q1", "a1")
        _earlier_exchange(alice, "q2", "a2")
        undone = _earlier_exchange(alice, "q3", "a3")
        Run.objects.filter(pk=undone.pk).update(status=Status.UNDONE)
        _earlier_exchange(alice, "older", "forgotten", generation=7)
        run = Run.objects.create(user=alice, question="q4", options={"reactIterations": 2})
        InboxEntry.objects.create(user=alice, run=run, text="and then?", steer=True)
        return warm_up.pk, run.pk

    warm_up, run_id = await database_sync_to_async(arrange)()
    await _prepare(warm_up, None)  # the process's caches (configuration, modules) are warm
    with counting_statements() as statements:
        prepared = await _prepare(run_id, None)

    assert len(_own(statements)) == 2, statements.listing()
    assert prepared.run.pk == run_id and prepared.run.status == Status.RUNNING
    assert prepared.run.options == {"reactIterations": 2} and prepared.request.text == "q4"
    assert prepared.user.pk == alice.pk and prepared.user.username == "alice"
    assert prepared.request.memory == [{"q": "q1", "a": "a1"}, {"q": "q2", "a": "a2"}]
    assert prepared.inbox_waiting is True
    assert prepared.flags == (False, False, 0, True)
    stored = await database_sync_to_async(Run.objects.get)(pk=run_id)
    assert stored.status == Status.RUNNING and stored.prompt_snapshot


async def test_a_run_someone_else_claimed_or_leased_does_not_start_here(alice):
    def arrange() -> tuple[int, int]:
        taken = Run.objects.create(user=alice, question="taken")
        run_status.claim(Run.objects.filter(pk=taken.pk))
        leased = Run.objects.create(user=alice, question="leased")
        run_status.claim(Run.objects.filter(pk=leased.pk), owner="worker-1")
        return taken.pk, leased.pk

    taken, leased = await database_sync_to_async(arrange)()
    assert await _prepare(taken, None) is None
    assert await _prepare(leased, "worker-2") is None
    mine = await _prepare(leased, "worker-1")
    assert mine is not None and mine.run.question == "leased"
    assert mine.flags == (False, False, 0, True)  # no memory state yet: generation 0, on


def test_the_exchange_is_one_statement_and_only_of_the_run_s_generation(alice):
    MemoryState.objects.create(user=alice, generation=3)
    run = Run.objects.create(user=alice, question="q", memory_generation=3)
    with counting_statements() as statements, transaction.atomic():
        memory.remember(run, "the answer")
    assert [s.split()[0] for s in _own(statements)] == ["BEGIN", "INSERT"], statements.listing()
    with transaction.atomic():
        memory.remember(run, "written twice")  # one exchange per run
    assert list(Exchange.objects.values_list("answer", "generation")) == [("the answer", 3)]

    stale = Run.objects.create(user=alice, question="before forget", memory_generation=2)
    undone = Run.objects.create(user=alice, question="u", memory_generation=3)
    Run.objects.filter(pk=undone.pk).update(undo_requested=True)
    with transaction.atomic():
        memory.remember(stale, "stale")
        memory.remember(undone, "undone")
    assert not Exchange.objects.filter(run__in=[stale, undone]).exists()


def test_a_player_without_a_memory_state_remembers_at_generation_zero(alice, bob):
    run = Run.objects.create(user=alice, question="first ever")
    undone = Run.objects.create(user=bob, question="undone", undo_requested=True)
    with transaction.atomic():
        memory.remember(run, "hello")
        memory.remember(undone, "no")
    assert list(Exchange.objects.values_list("run_id", "generation")) == [(run.pk, 0)]


def test_a_submit_reads_the_player_in_one_statement(alice):
    MemoryState.objects.create(user=alice, generation=2, assistant_enabled=True)
    ended = Run.objects.create(user=alice, question="ended", status=Status.COMPLETED)
    InboxEntry.objects.create(user=alice, run=ended, text="left behind")
    with counting_statements() as statements:
        now = submit_reads.player_now(alice.pk)
    assert len(statements) == 1
    assert now == submit_reads.PlayerNow(2, True, None, ended.pk)

    active = Run.objects.create(user=alice, question="running", status=Status.RUNNING)
    MemoryState.objects.filter(user=alice).update(assistant_enabled=False)
    assert submit_reads.player_now(alice.pk) == submit_reads.PlayerNow(
        2, False, active.pk, ended.pk
    )


def test_a_player_s_first_message_starts_her_memory_state_in_one_more_statement(bob):
    with counting_statements() as statements:
        now = submit_reads.player_now(bob.pk)
    assert [s.split()[0] for s in statements.sql] == ["SELECT", "INSERT"], statements.listing()
    assert now == submit_reads.PlayerNow(0, True, None, None)
    state = MemoryState.objects.get(user=bob)
    assert (state.generation, state.assistant_enabled) == (0, True)
    assert submit_reads.player_now(bob.pk) == now  # and from now on it is read


def test_a_player_that_does_not_exist_is_refused(alice):
    with pytest.raises(type(alice).DoesNotExist):
        submit_reads.player_now(alice.pk + 1000)
    assert not MemoryState.objects.exists()


def test_a_resent_message_is_found_by_the_player_read_in_either_table(alice):
    from agentweb.assistant import actions

    first, _ = actions.submit(alice, "first", client_msg_id="m1")
    queued, entry = actions.submit(alice, "second", client_msg_id="m2")
    assert queued.queued and entry is not None
    with counting_statements() as statements:
        again_first, _ = actions.submit(alice, "first", client_msg_id="m1")
        again_queued, _ = actions.submit(alice, "second", client_msg_id="m2")
    assert [s.split()[0] for s in statements.sql] == ["BEGIN", "SELECT"] * 2, statements.listing()
    assert (again_first.run_id, again_first.duplicate) == (first.run_id, True)
    assert (again_queued.run_id, again_queued.queued, again_queued.duplicate) == (
        first.run_id,
        True,
        True,
    )

    Run.objects.filter(pk=first.run_id).update(status=Status.COMPLETED)
    promoted = inbox.promote_after(first.run_id)
    started, _ = actions.submit(alice, "second", client_msg_id="m2")
    assert (started.run_id, started.queued, started.duplicate) == (promoted, False, True)
    # The assistant switched off since: a resend still names what the message became.
    MemoryState.objects.filter(user=alice).update(assistant_enabled=False)
    assert actions.submit(alice, "first", client_msg_id="m1")[0].run_id == first.run_id


def test_a_resend_that_races_the_first_submit_gets_the_first_s_run(alice, monkeypatch):
    from agentweb.assistant import actions

    first, _ = actions.submit(alice, "hello", client_msg_id="m1")
    Run.objects.filter(pk=first.run_id).update(status=Status.COMPLETED)
    read = submit_reads.player_now
    reads = []

    def read_before_the_first_committed(user_id, client_msg_id=""):
        reads.append(client_msg_id)
        now = read(user_id, client_msg_id)
        return now if len(reads) > 1 else dataclasses.replace(now, earlier_run=None)

    monkeypatch.setattr(submit_reads, "player_now", read_before_the_first_committed)
    again, entry = actions.submit(alice, "hello", client_msg_id="m1")

    assert (again.run_id, again.duplicate, entry) == (first.run_id, True, None)
    assert reads == ["m1", "m1"], "refused by the unique message id, then read again"
    assert Run.objects.count() == 1
