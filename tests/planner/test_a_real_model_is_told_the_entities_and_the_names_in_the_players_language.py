"""What a real model is told besides the question: the things it names (``entities``, with
ids, in every language), to the router and to the loop; and, for a Chinese question, the
observed names in Chinese from the imported lang data (``names``)."""

from __future__ import annotations

from tests.fakes.model_server import FakeModelServer
from tests.planner.kit import run_scripted as run
from tests.replies import answer, route, tool


def test_the_router_and_the_loop_get_the_quest_named_with_its_id(frostbell):
    replies = [
        route("system:reasoning"),
        tool("ftb.quest.detail", quest_id="208BACB640067C55"),
        answer("6 bread and 4 baked potatoes.", [1]),
    ]
    with FakeModelServer(replies) as model:
        run(model.url, "what do I hand in for Miner's Lunch?")
    router, first, _ = model.user_payloads()
    for payload in (router, first):
        (quest,) = [e for e in payload["entities"] if e["kind"] == "quest"]
        assert quest["id"] == "208BACB640067C55"
        assert quest["names"] == {"en_us": "Miner's Lunch", "zh_cn": "矿工的午餐"}
        assert quest["book"] == "frostbell-hollow"


def test_a_chinese_question_gets_the_observed_names_in_chinese(frostbell):
    replies = [
        route("system:reasoning"),
        tool("ftb.quest.detail", quest_id="208BACB640067C55"),
        answer("6 个面包和 4 个烤马铃薯。", [1]),
    ]
    with FakeModelServer(replies) as model:
        run(model.url, "矿工的午餐要交什么？")
    after_the_tool = model.user_payloads()[2]
    # The model did not say the language: the run's language reached the tool by itself.
    (seen,) = after_the_tool["observations"]
    assert seen["input"]["language"] == "zh_cn"
    assert (seen["result"]["title"], seen["result"]["chapter"]) == ("矿工的午餐", "初雪营地")
    # What the tool still names in English comes translated beside it.
    assert after_the_tool["names"]["Bread"] == "面包"
    assert "names" not in model.user_payloads()[1], "nothing observed yet"


def test_an_english_question_gets_the_observed_names_in_english(frostbell):
    replies = [
        route("system:reasoning"),
        tool("ftb.quest.detail", quest_id="208BACB640067C55"),
        answer("6 bread and 4 baked potatoes.", [1]),
    ]
    with FakeModelServer(replies) as model:
        run(model.url, "what do I hand in for Miner's Lunch?")
    after_the_tool = model.user_payloads()[2]
    (seen,) = after_the_tool["observations"]
    assert seen["input"]["language"] == "en_us"
    assert (seen["result"]["title"], seen["result"]["chapter"]) == (
        "Miner's Lunch",
        "First Snow Camp",
    )
    assert "names" not in after_the_tool


def test_a_language_the_model_names_is_kept(frostbell):
    replies = [
        route("system:reasoning"),
        tool("ftb.quest.detail", quest_id="208BACB640067C55", language="en_us"),
        answer("6 bread and 4 baked potatoes.", [1]),
    ]
    with FakeModelServer(replies) as model:
        run(model.url, "矿工的午餐要交什么？")
    (seen,) = model.user_payloads()[2]["observations"]
    assert seen["input"]["language"] == "en_us"
    assert seen["result"]["title"] == "Miner's Lunch"
