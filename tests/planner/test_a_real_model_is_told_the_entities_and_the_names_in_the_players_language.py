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


def looked_up(question: str, **quest_input: str) -> list[dict]:
    """The payloads a real model gets when it reads Miner's Lunch, then answers."""
    replies = [
        route("system:reasoning"),
        tool("ftb.quest.detail", quest_id="208BACB640067C55", **quest_input),
        answer("-", [1]),
    ]
    with FakeModelServer(replies) as model:
        run(model.url, question)
    return model.user_payloads()


def test_a_chinese_question_gets_the_observed_names_in_chinese(frostbell):
    payloads = looked_up("矿工的午餐要交什么？")
    after_the_tool = payloads[2]
    # The model did not say the language: the run's language reached the tool by itself.
    (seen,) = after_the_tool["observations"]
    assert seen["input"]["language"] == "zh_cn"
    assert (seen["result"]["title"], seen["result"]["chapter"]) == ("矿工的午餐", "初雪营地")
    # What the tool still names in English comes translated beside it.
    assert after_the_tool["names"]["Bread"] == "面包"
    assert "names" not in payloads[1], "nothing observed yet"


def test_an_english_question_gets_the_observed_names_in_english(frostbell):
    after_the_tool = looked_up("what do I hand in for Miner's Lunch?")[2]
    (seen,) = after_the_tool["observations"]
    assert seen["input"]["language"] == "en_us"
    result = seen["result"]
    assert (result["title"], result["chapter"]) == ("Miner's Lunch", "First Snow Camp")
    assert "names" not in after_the_tool


def test_a_language_the_model_names_is_kept(frostbell):
    (seen,) = looked_up("矿工的午餐要交什么？", language="en_us")[2]["observations"]
    assert seen["input"]["language"] == "en_us"
    assert seen["result"]["title"] == "Miner's Lunch"
