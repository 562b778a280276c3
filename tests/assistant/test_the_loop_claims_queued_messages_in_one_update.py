"""A running loop claims the steering messages queued for its run at a round boundary:
with none waiting one read (no write lock taken); with some, one conditional UPDATE
claims them all, oldest first, each exactly once. Next-turn messages are left to run on
their own."""

import pytest
from channels.db import database_sync_to_async

from agentweb.assistant.inbox import _claim
from agentweb.assistant.models import InboxEntry, InboxStatus, Run, Status
from tests.sql_counts import counting_statements

pytestmark = pytest.mark.django_db(transaction=True)


async def test_queued_messages_are_claimed_oldest_first_once_each(alice):
    def arrange() -> tuple[int, int]:
        run = Run.objects.create(user=alice, question="q", status=Status.RUNNING)
        other = Run.objects.create(user=alice, question="other", status=Status.RUNNING)
        for text in ("first", "second", "third"):
            InboxEntry.objects.create(user=alice, run=run, text=text, steer=True)
        InboxEntry.objects.create(user=alice, run=run, text="its own turn")
        InboxEntry.objects.create(user=alice, run=other, text="not this run's", steer=True)
        InboxEntry.objects.filter(text="second").update(status=InboxStatus.DROPPED)
        return run.pk, other.pk

    run_id, other_id = await database_sync_to_async(arrange)()
    with counting_statements() as statements:
        claimed = await _claim(run_id)
    assert claimed == ["first", "third"]
    assert [s.split()[0] for s in statements.sql] == ["SELECT", "UPDATE"], statements.listing()

    with counting_statements() as statements:
        assert await _claim(run_id) == []
    assert [s.split()[0] for s in statements.sql] == ["SELECT"]

    statuses = await database_sync_to_async(
        lambda: dict(InboxEntry.objects.values_list("text", "status"))
    )()
    assert statuses == {
        "first": InboxStatus.CLAIMED,
        "second": InboxStatus.DROPPED,
        "third": InboxStatus.CLAIMED,
        "its own turn": InboxStatus.QUEUED,
        "not this run's": InboxStatus.QUEUED,
    }
    assert await _claim(other_id) == ["not this run's"]
