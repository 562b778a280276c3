"""A request the router cannot hand on (its model server fails) ends with a sentence in the
language of the question: Chinese for a Chinese question, the same English as before for
an English one."""

from tests.fakes.model_server import FakeModelServer, Reply
from tests.workflows.kit import make_env, run


async def _refused(question: str) -> str:
    with FakeModelServer([Reply(status=500, raw="boom")]) as m:
        env, _sink, _ = make_env(m.url)
        outcome = await run(env, question)
    assert (outcome.workflow, outcome.status.value) == ("router", "failed")
    return outcome.text


async def test_a_chinese_question_is_refused_in_chinese():
    text = await _refused("铁锭怎么获得？")
    assert text.startswith("抱歉，这个请求没能处理："), text


async def test_an_english_question_is_refused_in_english():
    text = await _refused("how do I get iron ingots?")
    assert text.startswith("Sorry, I could not handle this request: "), text
