"""Every fixed sentence a player can get from a command or a write — the commands' replies,
sign-in, shop and claim results, confirmations, undo notes — is said in the language the
run speaks (``core.languages``, activated around the run): Chinese and English alike,
each fact (counts, names, coins) the same in both."""

from __future__ import annotations

import pytest
from django.utils import translation

from agentweb.core.commands import run_direct
from agentweb.game.models import Item, ShopItem
from agentweb.game.tools.player import PLAYER_SIGNIN
from agentweb.game.tools.shop import SHOP_BUY, ShopBuyInput
from tests.game.tool_kit import call_tool, make_player

# chapter_0_from_dust.snbt: "Burning Device" asks for 1 minecraft:furnace.
BURNING_DEVICE = "7013762E5C89BE35"


@pytest.fixture(params=["en", "zh-hans"])
def language(request):
    with translation.override(request.param):
        yield request.param


def said(language: str, english: str, chinese: str) -> str:
    return chinese if language == "zh-hans" else english


def test_the_sign_in_command_and_its_second_try(world, language):
    alice = make_player("alice", balance=0)
    first = run_direct("/checkin", alice).text
    again = run_direct("/checkin", alice).text
    assert first == said(
        language, "Signed in: +10 coins, streak 1 day(s).", "签到成功：+10 金币，已连续签到 1 天。"
    )
    assert again == said(language, "AliceMC already signed in today.", "AliceMC 今天已经签到过了。")


def test_a_player_without_a_profile_is_told_so(world, language, alice):
    text = run_direct("/checkin", alice).text
    assert text == said(
        language,
        "You have no game profile yet; ask an admin to link your Minecraft name.",
        "你还没有游戏档案；请联系管理员绑定你的 Minecraft 名字。",
    )


def test_the_item_command_says_how_to_obtain_an_item(world, language):
    text = run_direct("/item furnace", None).text
    assert text.startswith(
        said(language, "Furnace (minecraft:furnace)", "熔炉（minecraft:furnace）")
    )
    assert (
        said(
            language,
            "How to obtain it: crafted from 8× Cobblestone",
            "。获取方法：用 8× 圆石",
        )
        in text
    )
    if language == "zh-hans":
        # The names too, the glossary's where the data has no Chinese name.
        assert "crafted" not in text and "How to" not in text and "Cobblestone" not in text


def test_the_item_command_with_an_unknown_name(world, language):
    text = run_direct("/item qwxvz", None).text
    assert text == said(
        language,
        "No item named “qwxvz” is in the item data.",
        "物品数据里没有找到名为“qwxvz”的物品。",
    )


def test_the_item_command_without_a_name_shows_the_usage(world, language):
    assert run_direct("/item", None).text == said(
        language, "Usage: /item <name>", "用法：/item <物品名>"
    )


def test_the_quest_command(world, language):
    text = run_direct(f"/quest {BURNING_DEVICE}", None).text
    assert said(language, "Tasks: 1× Furnace.", "任务要求：1× 熔炉。") in text
    missing = run_direct("/quest qwxvz zzqx", None).text
    assert missing == said(
        language, "No quest title matches “qwxvz zzqx”.", "没有找到标题匹配“qwxvz zzqx”的任务。"
    )


def test_the_progress_command(world, language):
    alice = make_player("alice")
    text = run_direct("/tasks", alice).text
    assert text == said(
        language,
        "Rewards to claim: none. In progress: none. Completed: none.",
        "待领取奖励：无。进行中：无。已完成：无。",
    )


def test_an_unknown_command(world, language):
    text = run_direct("/nosuch", None).text
    assert text.startswith(
        said(language, "Unknown command /nosuch. Commands:", "未知命令 /nosuch。可用命令：")
    )


def test_the_shop_s_results_and_its_confirmation(world, language):
    ShopItem.objects.create(item=Item.objects.get(item_id="minecraft:bread"), price=5)
    alice = make_player("alice", balance=7)
    unknown = call_tool("shop.buy", {"item": "qwxvz"}, user=alice).observation["message"]
    poor = call_tool("shop.buy", {"item": "bread", "quantity": 2}, user=alice)
    bought = call_tool("shop.buy", {"item": "bread"}, user=alice)
    assert unknown == said(language, "The shop does not sell “qwxvz”.", "商店不出售“qwxvz”。")
    assert poor.observation["message"] == said(
        language,
        "2× Bread costs 10 coins; your balance is 7.",
        "2× Bread 需要 10 金币；你的余额是 7。",
    )
    assert bought.observation["message"] == said(
        language, "Bought 1× Bread for 5 coins.", "已花 5 金币购买 1× Bread。"
    )
    confirm = SHOP_BUY.confirm_text(ShopBuyInput(item="bread", quantity=2))
    assert confirm == said(
        language, "Buy 2× bread from the shop with your coins?", "用金币从商店购买 2× bread？"
    )
    assert PLAYER_SIGNIN.confirm_text(None) == said(
        language, "Sign in for today's coins?", "签到领取今天的金币？"
    )


def test_a_claim_of_a_quest_not_started(world, language):
    alice = make_player("alice")
    out = call_tool("ftb.quest.claim", {"quest_id": BURNING_DEVICE}, user=alice)
    assert out.observation["message"] == said(
        language, "You have not started Burning Device yet.", "你还没有开始 Burning Device。"
    )
