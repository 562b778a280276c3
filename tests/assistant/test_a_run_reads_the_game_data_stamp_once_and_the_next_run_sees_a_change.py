"""A run reads the game data's stamp once, with what it starts with, and holds it for
every tool call; a change written meanwhile — an import or another process's write,
which change the stamp with the data — is seen by the next run, never missed."""

import pytest
from channels.db import database_sync_to_async

from agentweb.assistant.runs.executor import executor
from agentweb.game import versions
from agentweb.game.models import DataVersion, Item
from tests.replies import answer, tool
from tests.sql_counts import counting_statements

pytestmark = pytest.mark.django_db(transaction=True)


def _flint() -> None:
    Item.objects.create(item_id="minecraft:flint", name="flint", display_name="Flint")


def _renamed_by_another_process() -> None:
    # Another process writes the data and the stamp in one transaction; no signal runs here.
    Item.objects.filter(item_id="minecraft:flint").update(display_name="Knapped Stone")
    DataVersion.objects.update(stamp="written-by-another-process")


async def _ask_twice(socket, model, name: str, client_msg_id: str) -> list[dict]:
    model.push(tool("item.query", name=name), tool("item.source", item=name), answer("Found."))
    await socket.send(
        {"type": "chat.send", "text": f"分析 what is {name}", "client_msg_id": client_msg_id}
    )
    accepted = await socket.recv()
    frames = await socket.until_finished(accepted["run_id"])
    await executor.wait_all()
    return [f["data"] for f in frames if f.get("kind") == "tool.finished"]


async def test_two_tool_calls_of_a_run_read_no_stamp_of_their_own(connect, alice, model):
    await database_sync_to_async(_flint)()
    socket = await connect(alice)
    await _ask_twice(socket, model, "flint", "warm-up")

    with counting_statements() as statements:
        finished = await _ask_twice(socket, model, "flint", "m1")

    assert len(finished) == 2 and all("Flint" in str(data) for data in finished)
    stamp_reads = [s for s in statements.sql if "game_dataversion" in s]
    assert len(stamp_reads) == 1, statements.listing()
    assert "assistant_memorystate" in stamp_reads[0], "read with what the run starts with"


async def test_the_next_run_sees_an_item_another_process_renamed(connect, alice, model):
    await database_sync_to_async(_flint)()
    socket = await connect(alice)
    before = await _ask_twice(socket, model, "flint", "m1")
    assert "Flint" in str(before[0])

    await database_sync_to_async(_renamed_by_another_process)()
    after = await _ask_twice(socket, model, "knapped stone", "m2")

    assert all("Knapped Stone" in str(data) for data in after), after


def test_a_held_stamp_serves_every_pin_inside_and_a_write_inside_moves_it():
    with versions.held("as-of-the-start"):
        with versions.pinned():
            assert versions.current() == "as-of-the-start"
        with versions.pinned():
            versions.bump()  # a write inside: what follows reads the new data
            moved = versions.current()
        with versions.pinned():
            assert versions.current() == moved != "as-of-the-start"
    with versions.pinned():
        assert versions.current() == moved  # the row's, read again outside


def test_without_the_stamp_row_a_held_run_keeps_nothing():
    DataVersion.objects.all().delete()
    with versions.held(None), versions.pinned():
        assert versions.current() is None
