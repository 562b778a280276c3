"""A purchase and a quest claim in a Chinese run name the item, the quest and its rewards
as the run's other answers do — the data's Chinese names (the imported lang files), the
glossary's as the fallback, a reward table by its title and how it hands out — in the
messages, on the card live and after a reload, and in the undo's summary; the shop finds
an item by its Chinese name. What is recorded for the game server keeps the data's names,
and English keeps the data's words.

Facts from the Frostbell Hollow fixture: 云杉小屋 / Spruce Cabin gives 4 bread, 矿工的午餐
/ Miner's Lunch a choice of one from 补给箱 / Supply Crate; bread is 面包 in Minecraft's
zh_cn."""

from __future__ import annotations

import re

import pytest
from asgiref.sync import async_to_sync
from django.utils import translation

from agentweb.core.tooling import registry
from agentweb.engine import AllModules
from agentweb.game.models import (
    Delivery,
    Item,
    PlayerProfile,
    Quest,
    QuestProgress,
    QuestStatus,
    ShopItem,
)
from tests.game.tool_kit import call_tool, make_player
from tests.planner.cards import ENGLISH_WORD, card_html, stored_page

SPRUCE_CABIN = "345B52D13DC135BF"
MINERS_LUNCH = "208BACB640067C55"


@pytest.fixture
def shop(frostbell):
    ShopItem.objects.create(item=Item.objects.get(item_id="minecraft:bread"), price=5)
    return make_player("alice", balance=20)


@pytest.fixture
def finished(frostbell):
    bob = make_player("bob")
    profile = PlayerProfile.objects.get(user=bob)
    for quest_id in (SPRUCE_CABIN, MINERS_LUNCH):
        quest = Quest.objects.get(quest_id=quest_id)
        QuestProgress.objects.create(profile=profile, quest=quest, status=QuestStatus.COMPLETED)
    return bob


def _in_chinese(tool: str, raw: dict, user):
    with translation.override("zh-hans"):
        return call_tool(tool, {**raw, "language": "zh_cn"}, user=user)


def _undone(outcome) -> str:
    tool = registry.resolve(outcome.tool_type, AllModules()).tool
    with translation.override("zh-hans"):
        return async_to_sync(tool.compensate)(outcome.input, outcome.output, None)


def _words(html: str) -> str:
    """What the card says, without its markup."""
    return re.sub(r"<[^>]*>", "", html.split(">", 1)[1])


def test_a_chinese_purchase_names_the_item_in_chinese(shop):
    bought = _in_chinese("shop.buy", {"item": "面包", "quantity": 2}, shop)
    assert bought.observation["message"] == "已花 10 金币购买 2× 面包。"
    assert bought.card["name"] == "面包"
    page = stored_page(shop, "买两个面包", bought.observation["message"], [bought.card])
    shown = _words(card_html(page, "purchase"))
    assert "2× 面包" in shown and not ENGLISH_WORD.search(shown), shown
    assert Delivery.objects.get().label == "2× Bread", "the game server's record keeps the data's"
    assert _undone(bought) == "已退还 10 金币；2× 面包 不会再发放。"


def test_a_chinese_purchase_that_fails_lists_the_offers_in_chinese(shop):
    poor = _in_chinese("shop.buy", {"item": "bread", "quantity": 9}, shop)
    assert poor.observation["message"] == "9× 面包 需要 45 金币；你的余额是 20。"
    unknown = _in_chinese("shop.buy", {"item": "qwxvz"}, shop)
    assert [o["name"] for o in unknown.card["offers"]] == ["面包"]


def test_a_chinese_claim_names_the_quest_and_its_rewards_in_chinese(finished):
    items = _in_chinese("ftb.quest.claim", {"quest_id": SPRUCE_CABIN}, finished)
    assert items.observation["message"] == "已领取 云杉小屋 的奖励：25 金币、4× 面包。"
    table = _in_chinese("ftb.quest.claim", {"quest_id": MINERS_LUNCH}, finished)
    said = "从奖励表「补给箱」中任选 1 个"
    assert table.observation["message"] == f"已领取 矿工的午餐 的奖励：25 金币、{said}。"
    assert (table.card["title"], table.card["credited"]) == ("矿工的午餐", [said])
    page = stored_page(finished, "领取矿工的午餐的奖励", "", [table.card])
    shown = _words(card_html(page, "quest_claim"))
    assert "矿工的午餐" in shown and said in shown and not ENGLISH_WORD.search(shown), shown
    assert "矿工的午餐" in _undone(table)
    again = _in_chinese("ftb.quest.claim", {"quest_id": SPRUCE_CABIN}, finished)
    assert again.observation["message"] == "你已经领取过 云杉小屋 的奖励。"


def test_english_keeps_the_data_s_names(shop, finished):
    with translation.override("en"):
        bought = call_tool("shop.buy", {"item": "bread"}, user=shop)
        claimed = call_tool("ftb.quest.claim", {"quest_id": MINERS_LUNCH}, user=finished)
    assert bought.observation["message"] == "Bought 1× Bread for 5 coins."
    assert bought.card["name"] == "Bread"
    said = "Claimed Miner's Lunch: 25 coins, choice: Supply Crate."
    assert claimed.observation["message"] == said
    assert claimed.card["credited"] == ["choice: Supply Crate"]
