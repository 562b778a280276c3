"""Forget and undo take the runs they stop in the transaction of their claim, under the
player's lock: a message that waited and became a run afterwards is never stopped by
them, and one that became a run before but has not started runs with the new memory."""

import pytest

from agentweb.assistant import actions, inbox, undo
from agentweb.assistant.models import InboxEntry, MemoryState, Run, Status

pytestmark = pytest.mark.django_db


def _ended_with_one_waiting(user) -> Run:
    ended = Run.objects.create(user=user, question="first", status=Status.CANCELLED)
    InboxEntry.objects.create(user=user, run=ended, text="second", client_msg_id="w1")
    return ended


def test_forget_stops_started_runs_and_lets_a_waiting_message_run_with_the_new_memory(alice):
    running = Run.objects.create(user=alice, question="running", status=Status.RUNNING)
    promoted = inbox.promote_after(_ended_with_one_waiting(alice).pk)

    generation, stopped = actions.forget(alice)

    assert stopped == [running.pk]
    assert Run.objects.get(pk=promoted).memory_generation == generation
    assert MemoryState.objects.get(user=alice).generation == generation


def test_a_message_promoted_after_the_forget_is_not_among_the_runs_it_stops(alice):
    ended = _ended_with_one_waiting(alice)
    generation, stopped = actions.forget(alice)

    promoted = inbox.promote_after(ended.pk)

    assert stopped == []
    assert Run.objects.get(pk=promoted).memory_generation == generation


def test_a_run_still_active_promotes_nothing(alice):
    running = Run.objects.create(user=alice, question="running", status=Status.RUNNING)
    InboxEntry.objects.create(user=alice, run=running, text="later")

    assert inbox.promote_after(running.pk) is None
    assert InboxEntry.objects.get().status == "queued"


def test_undo_claims_the_run_it_read_as_the_latest_and_no_later_one(alice):
    ended = _ended_with_one_waiting(alice)

    run_id, status = undo.claim(alice)
    promoted = inbox.promote_after(ended.pk)

    assert (run_id, status) == (ended.pk, Status.CANCELLED)
    assert not Run.objects.get(pk=promoted).undo_requested
