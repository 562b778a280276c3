"""A message that cannot fit into a model input beside its prompt is refused when it is sent."""

import pytest
from channels.db import database_sync_to_async

from agentweb.assistant import actions, message_checks
from agentweb.assistant.models import Run
from agentweb.engine.policy import MODULE_DEFAULTS, ROUTABLE

pytestmark = pytest.mark.django_db(transaction=True)


def _smallest_input_bytes() -> int:
    return min(MODULE_DEFAULTS[w].input_bytes for w in ROUTABLE)


@pytest.mark.parametrize(
    "text",
    [
        "x" * (_smallest_input_bytes() - 10),  # under inputBytes, but not beside the prompt
        '"' * (_smallest_input_bytes() // 2 + 10),  # JSON escaping doubles every quote
    ],
)
async def test_a_message_too_large_for_any_model_input_is_refused(connect, alice, text):
    socket = await connect(alice)

    await socket.send({"type": "chat.send", "text": text, "client_msg_id": "big-1"})
    reply = await socket.recv()

    assert (reply["type"], reply["code"]) == ("error", "message_too_large")
    assert reply["client_msg_id"] == "big-1"
    assert await database_sync_to_async(Run.objects.count)() == 0


async def test_a_message_just_within_the_limit_is_accepted(alice, model):
    limit = await database_sync_to_async(message_checks.message_limit)()

    assert 0 < limit < _smallest_input_bytes()
    assert message_checks.validate_text("y" * limit) == "y" * limit
    with pytest.raises(actions.ServiceError):
        message_checks.validate_text("y" * (limit + 1))
