"""A message is looked up as an item's display name or a quest's title only when it could
be one: the names are kept per process until the game data changes, so the usual message
— no name at all — costs no statement; an exact name (any case) still gets its cards,
and a name added since is found by the next message."""

from __future__ import annotations

from agentweb.core.commands import run_direct
from agentweb.game import versions
from agentweb.game.models import Item
from tests.sql_counts import counting_statements


def test_a_message_that_is_no_name_sends_no_statement(world):
    stamp = versions.current()
    run_direct("warm up the names", None)
    with versions.held(stamp), counting_statements() as sent:
        assert run_direct("Where does iron come from 0", None) is None
        assert run_direct("iron from where", None) is None
    assert len(sent) == 0, sent.listing()


def test_exact_names_in_any_case_still_get_their_cards(world):
    stamp = versions.current()
    with versions.held(stamp):
        assert [c["kind"] for c in run_direct("dIAMOND", None).cards] == ["item", "quest"]
        assert [c["kind"] for c in run_direct("BURNING device", None).cards] == ["quest"]
        assert [c["kind"] for c in run_direct("Furnace", None).cards] == ["item"]


def test_a_name_added_since_is_found_by_the_next_message(world):
    assert run_direct("Glowing Widget", None) is None
    Item.objects.create(
        item_id="examplemod:glowing_widget",
        namespace="examplemod",
        name="glowing_widget",
        display_name="Glowing Widget",
    )
    result = run_direct("glowing widget", None)
    assert result is not None and [c["kind"] for c in result.cards] == ["item"]
