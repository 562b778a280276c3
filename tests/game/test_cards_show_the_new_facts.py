"""The page's item and quest cards show food values, notes and the chapter group."""

from django.template.loader import render_to_string

from tests.game.tool_kit import call_tool


def test_the_item_card_shows_food_and_the_missing_recipe_escaped(world):
    card = call_tool("item.source", {"item": "cooked beef"}).card
    html = render_to_string("assistant/cards/item.html", {"card": card})
    assert "Food: restores 8 food points (4 shanks) and 12.8 saturation." in html
    assert "The item data has no crafting recipe for Steak." in html
    card["notes"] = ["<script>alert(1)</script>"]
    html = render_to_string("assistant/cards/item.html", {"card": card})
    assert "<script>" not in html


def test_the_quest_card_and_observation_show_the_chapter_group(world):
    # Fluix Crystal is in "Applied Energistics", of the group "Sub Chapters".
    out = call_tool("ftb.quest.detail", {"quest_id": "2BD469631144C355"})
    assert out.observation["chapter_group"] == "Sub Chapters"
    html = render_to_string("assistant/cards/quest.html", {"card": out.card})
    assert "Applied Energistics (Sub Chapters)" in html
    ungrouped = call_tool("ftb.quest.detail", {"quest_id": "7013762E5C89BE35"})
    assert "chapter_group" not in ungrouped.observation
