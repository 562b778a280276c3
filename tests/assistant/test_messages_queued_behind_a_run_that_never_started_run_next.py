"""R-X3-1: a run stopped before it started (still ``queued``, waiting for a worker) does
not strand the messages queued behind it — the oldest runs next, the rest wait behind it."""

import asyncio
import time

import pytest
from channels.db import database_sync_to_async
from django.test import AsyncClient

from agentweb.assistant.models import InboxEntry, Run
from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)


def _queued_run_with_messages_behind(user, *texts: str) -> Run:
    run = Run.objects.create(user=user, question="first question")
    for text in texts:
        InboxEntry.objects.create(user=user, run=run, text=text)
    return run


# Only bounds a test that would hang: the runs end as soon as the machine lets them.
SETTLE_BOUND_S = 120


async def _runs_after(run: Run, count: int) -> list[Run]:
    """The ``count`` runs that followed ``run``, once all of them have ended."""
    deadline = time.monotonic() + SETTLE_BOUND_S
    while time.monotonic() < deadline:
        later = await database_sync_to_async(
            lambda: list(Run.objects.filter(user_id=run.user_id, pk__gt=run.pk).order_by("id"))
        )()
        if len(later) == count and not any(r.active for r in later):
            return later
        await asyncio.sleep(0.02)
    raise AssertionError(f"expected {count} runs to follow run {run.pk}")


async def _stop_by_socket(connect, user, stop: str, run_id: int) -> None:
    socket = await connect(user)
    await socket.send({"type": f"run.{stop}", "run_id": run_id})


async def _stop_by_api(connect, user, stop: str, run_id: int) -> None:
    client = AsyncClient()
    await client.aforce_login(user)
    response = await client.post(f"/api/runs/{run_id}/{stop}", content_type="application/json")
    assert response.status_code in {200, 202}, response.content


@pytest.mark.parametrize("path", [_stop_by_socket, _stop_by_api], ids=["socket", "api"])
@pytest.mark.parametrize("stop", ["cancel", "undo"])
async def test_the_oldest_message_behind_a_run_stopped_before_it_started_runs_next(
    connect, alice, model, stop, path
):
    model.push(
        route("system:chat"),
        answer("the second answer"),
        route("system:chat"),
        answer("the third answer"),
    )
    run = await database_sync_to_async(_queued_run_with_messages_behind)(
        alice, "and then?", "and after that?"
    )

    await path(connect, alice, stop, run.pk)
    second, third = await _runs_after(run, 2)

    await database_sync_to_async(run.refresh_from_db)()
    assert run.status == ("cancelled" if stop == "cancel" else "undone")
    # The oldest message ran first; the other waited behind it, as behind any run.
    assert [(r.question, r.status, r.answer) for r in (second, third)] == [
        ("and then?", "completed", "the second answer"),
        ("and after that?", "completed", "the third answer"),
    ]
    started = await database_sync_to_async(
        lambda: list(InboxEntry.objects.order_by("id").values_list("status", "started_run_id"))
    )()
    assert started == [("started", second.pk), ("started", third.pk)]
