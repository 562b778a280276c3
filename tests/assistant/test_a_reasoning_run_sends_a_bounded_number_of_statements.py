"""One reasoning run's own bookkeeping costs a fixed, small number of SQL statements.

Counted on every connection and thread, from the message's arrival to the
run's end: the submit, the socket's subscription, the claim and what the run
starts with, its events, its end. The model-call controls (quota, gate,
billing) and the tools' own queries are counted apart; they have their own
bounds. The player has asked before (her memory state exists, the process's
caches are warm), as in a running server.
"""

import pytest

from agentweb.assistant.runs.executor import executor
from tests.replies import answer, route, tool
from tests.sql_counts import counting_statements

pytestmark = pytest.mark.django_db(transaction=True)

# The run's bookkeeping: submit 3, start 2 (the submitting socket joined the run
# before it started: no read back), end 5, and the events: at most 3 statements
# (BEGIN, the seq reservation, one INSERT) per batch.
MAX_BOOKKEEPING = 32
# Everything, the controls and the tools included.
MAX_TOTAL = 90
OTHERS = ("control_", "game_", "ftb_")


async def _ask(socket, text: str, client_msg_id: str) -> int:
    await socket.send({"type": "chat.send", "text": text, "client_msg_id": client_msg_id})
    accepted = await socket.recv()
    await socket.until_finished(accepted["run_id"])
    await executor.wait_all()
    return accepted["run_id"]


async def test_one_reasoning_run_with_two_tools_stays_under_the_bound(connect, alice, model):
    model.push(route("system:chat"), answer("Hello."))
    model.push(tool("item.query", name="iron"), tool("item.source", name="iron"), answer("Mine."))
    socket = await connect(alice)
    await _ask(socket, "hello", "warm-up")

    with counting_statements() as statements:
        await _ask(socket, "分析 where is iron", "m1")

    others = [s for s in statements.sql if any(table in s for table in OTHERS)]
    bookkeeping = [s for s in statements.sql if s not in others]
    listing = statements.listing()
    assert len(bookkeeping) <= MAX_BOOKKEEPING, listing
    assert len(statements) <= MAX_TOTAL, listing
    assert not [s for s in bookkeeping if "assistant_inboxentry" in s and "UPDATE" in s], (
        "no inbox claim when nothing was queued"
    )
    assert not [s for s in bookkeeping if 'AS "cancel_requested"' in s], "no flag read per step"
