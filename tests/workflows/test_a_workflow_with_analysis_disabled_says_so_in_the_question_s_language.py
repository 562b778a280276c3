"""A workflow whose analysis an admin disabled (no rounds) answers a player in the
language of her question that it is disabled: Chinese for a Chinese question, the engine's
English sentence for an English one."""

from agentweb.engine.policy import MODULE_DEFAULTS, REASONING
from tests.fakes.model_server import FakeModelServer
from tests.workflows.kit import make_env, run


async def _disabled(question: str):
    with FakeModelServer([]) as m:
        env, _sink, _ = make_env(m.url)
        disabled = MODULE_DEFAULTS[REASONING].model_copy(update={"react_iterations": 0})
        env.policy = lambda workflow: disabled
        outcome = await run(env, question, workflow=REASONING)
    assert outcome.stop.code.value == "loop_disabled"
    return outcome.text


async def test_a_chinese_question_is_told_in_chinese():
    assert await _disabled("铁锭怎么获得？") == "这个工作流的分析功能已关闭。"


async def test_an_english_question_is_told_in_english():
    assert await _disabled("how do I get iron ingots?") == "Analysis is disabled for this workflow."
