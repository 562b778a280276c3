"""``steps`` counts internal steps too (R-POL-1): the direct lookup of commands and exact
names, and the citation review of an answer, besides every model and tool call."""

from agentweb.engine import EventKind
from agentweb.workflows.env import DirectAnswer
from tests.fakes.model_server import FakeModelServer
from tests.replies import answer, route
from tests.workflows.kit import make_env, run


def _usage(sink) -> dict:
    return sink.of(EventKind.RUN_FINISHED)[0].data["usage"]["usage"]


async def _no_direct_hit(text: str) -> None:
    return None


async def test_a_cited_answer_from_the_knowledge_base_counts_lookup_calls_and_review():
    with FakeModelServer([route("system:question"), answer("Sign in daily.", [1])]) as m:
        env, sink, _ = make_env(m.url)
        env.direct = _no_direct_hit
        await run(env, "how does sign-in work?")

    usage = _usage(sink)
    assert (usage["model_calls"], usage["tool_calls"]) == (2, 1)
    # direct lookup + router + knowledge-base lookup + answer + citation review
    assert usage["steps"] == 5


async def test_an_answer_citing_nothing_has_no_review_step():
    with FakeModelServer([route("system:reasoning"), answer("Hello.")]) as m:
        env, sink, _ = make_env(m.url)
        await run(env, "hello there")

    assert _usage(sink)["steps"] == 2


async def test_a_direct_answer_is_one_step():
    async def direct(text: str) -> DirectAnswer:
        return DirectAnswer("Iron Ingot: smelt iron ore.", "/item")

    with FakeModelServer([]) as m:
        env, sink, _ = make_env(m.url)
        env.direct = direct
        await run(env, "/item iron ingot")

    assert m.calls == 0
    assert _usage(sink)["steps"] == 1
