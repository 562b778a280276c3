"""AGENTWEB_CONTEXT_WINDOW reaches every loop: the history sent is cut to it (R-X3-5)."""

import json

import pytest
from channels.db import database_sync_to_async

from agentweb.assistant import actions
from agentweb.assistant.models import Exchange, Run, Status
from agentweb.assistant.runs.executor import executor
from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)
# Six earlier exchanges of about 2,000 tokens each: 12k tokens of memory.
LONG_ANSWER = "Iron comes from iron ore, smelted in a furnace. " * 160


@database_sync_to_async
def _remember(user, count: int) -> None:
    for n in range(count):
        run = Run.objects.create(user=user, question=f"question {n}", status=Status.COMPLETED)
        Exchange.objects.create(
            user=user, run=run, generation=0, question=f"question {n}", answer=LONG_ANSWER
        )


async def _memory_sent(settings, alice, model, window: int) -> list[dict]:
    settings.AGENTWEB_CONTEXT_WINDOW = window
    model.push(route("system:reasoning"), answer("Smelt iron ore."))
    await actions.asubmit(alice, "how do I get iron?", False, "")
    await executor.wait_all()
    decide = model.requests[-1]
    return json.loads(decide.messages[1].content)["memory"]


# A small window: the tool catalog (every reasoning tool's description and schema) and one
# long exchange fit, not six.
@pytest.mark.parametrize(("window", "least", "most"), [(128_000, 6, 6), (9_216, 1, 5)])
async def test_the_memory_the_loop_sends_fits_the_window(
    settings, alice, model, window, least, most
):
    await _remember(alice, 6)

    memory = await _memory_sent(settings, alice, model, window)

    assert least <= len(memory) <= most
    assert memory[-1]["q"] == "question 5", "the newest exchange is kept"


@pytest.mark.parametrize(("window", "least", "most"), [(128_000, 4, 4), (4_096, 1, 3)])
async def test_the_chat_fallback_fits_its_memory_to_the_window_too(
    settings, alice, model, window, least, most
):
    await _remember(alice, 6)
    settings.AGENTWEB_CONTEXT_WINDOW = window
    model.push(route("system:chat"), answer("Hello!"))

    await actions.asubmit(alice, "hi there", False, "")
    await executor.wait_all()

    memory = json.loads(model.requests[-1].messages[1].content)["memory"]
    assert least <= len(memory) <= most
    assert memory[-1]["q"] == "question 5"
