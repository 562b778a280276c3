"""A thing named by its id in a question is linked by the whole id, exactly: the mention is
the id as written (``minecraft:wither_skeleton``, not the ``wither`` or the
``wither_skeleton`` inside it), every thing of that id (an item frame is an item and an
entity), in any case; an id the data does not have is no mention of its own.

Ids from minecraft-data 1.20 (items.json, entities.json)."""

from __future__ import annotations

from agentweb.game.mentions import mentions


def _linked(question: str) -> list[tuple[str, str, str, str]]:
    return [(m["text"], m["how"], m["kind"], m["id"]) for m in mentions(question)]


def test_an_id_in_a_chinese_question_is_one_exact_mention(world):
    assert _linked("minecraft:wither_skeleton 掉什么") == [
        ("minecraft:wither_skeleton", "exact", "entity", "minecraft:wither_skeleton")
    ]


def test_an_id_shared_by_an_item_and_an_entity_links_both(world):
    linked = _linked("how do i get minecraft:item_frame?")
    assert {(kind, thing) for _, _, kind, thing in linked} == {
        ("entity", "minecraft:item_frame"),
        ("item", "minecraft:item_frame"),
    }
    assert {text for text, *_ in linked} == {"minecraft:item_frame"}


def test_an_id_is_linked_in_any_case_next_to_chinese(world):
    assert _linked("Minecraft:Oak_Boat怎么做") == [
        ("Minecraft:Oak_Boat", "exact", "item", "minecraft:oak_boat")
    ]


def test_an_id_the_data_lacks_is_no_exact_mention(world):
    linked = _linked("mymod:wither_skeleton_king drops?")
    assert not any(text.startswith("mymod:") for text, *_ in linked)
