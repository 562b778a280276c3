"""system:question end to end: local knowledge first, the web only as a fallback."""

from agentweb.engine import EventKind, RunStatus, StopCode
from tests.fakes.model_server import FakeModelServer
from tests.fakes.search_server import FakeSearchServer
from tests.replies import answer, route, tool
from tests.workflows.kit import make_env, run


async def test_a_local_hit_is_answered_from_it_and_never_reaches_the_search_server():
    replies = [route("system:question"), answer("Use /checkin once a day.", [1])]
    with FakeModelServer(replies) as model, FakeSearchServer() as search:
        env, sink, _ = make_env(model.url, search.url)
        outcome = await run(env, "how does sign-in work?", allow_web=True)

    assert search.queries == []
    assert model.calls == 2
    final = model.user_payloads()[1]
    assert final["final_only"] is True
    assert final["sources"][0]["title"] == "Article: sign-in"
    assert outcome.text == "Use /checkin once a day."
    assert [s.title for s in outcome.sources] == ["Article: sign-in"]


async def test_without_local_results_and_without_web_permission_nothing_goes_online():
    with FakeModelServer([route("system:question")]) as model, FakeSearchServer() as search:
        env, _, _ = make_env(model.url, search.url)
        outcome = await run(env, "how do beacons work?", allow_web=False)

    assert search.queries == []
    assert model.calls == 1
    assert "knowledge base" in outcome.text
    assert outcome.status is RunStatus.COMPLETED


async def test_the_external_search_switch_off_keeps_the_run_offline():
    with FakeModelServer([route("system:question")]) as model, FakeSearchServer() as search:
        env, _, _ = make_env(model.url, search.url, web_enabled=False)
        await run(env, "how do beacons work?", allow_web=True)

    assert search.queries == []


async def test_web_research_searches_fetches_and_cites_what_it_observed():
    with FakeSearchServer() as search:
        replies = [
            route("system:question"),
            tool("web.search", query="beacon pyramid"),
            tool("web.fetch", url=search.page_url("1")),
            answer("A beacon needs a pyramid of mineral blocks.", [3, 9]),
        ]
        with FakeModelServer(replies) as model:
            env, sink, _ = make_env(model.url, search.url)
            outcome = await run(env, "how do beacons work?", allow_web=True)

    assert search.queries == ["beacon pyramid"]
    assert search.fetches == ["1"]
    assert outcome.status is RunStatus.COMPLETED
    assert [c["url"] for c in outcome.cards] == [search.page_url("1")]
    assert [c["kind"] for c in outcome.cards] == ["source"]
    answered = sink.of(EventKind.ANSWER)[0].data
    assert [s["n"] for s in answered["sources"]] == [3], "source 9 was never observed: dropped"
    fetched = model.user_payloads()[3]["observations"][1]["result"]
    assert "alert" not in fetched["text"], "scripts are not page text"
    assert "pyramid" in fetched["text"]


async def test_a_fetch_of_a_url_not_in_the_search_results_is_refused():
    with FakeSearchServer() as search:
        replies = [
            route("system:question"),
            tool("web.search", query="beacon"),
            tool("web.fetch", url="http://127.0.0.1:9/secret"),
            answer("done"),
        ]
        with FakeModelServer(replies) as model:
            env, _, _ = make_env(model.url, search.url)
            await run(env, "beacons?", allow_web=True)

    assert search.fetches == []
    error = model.user_payloads()[3]["observations"][1]["error"]
    assert "did not appear in this run's search results" in error


async def test_after_routing_web_research_runs_at_most_five_rounds():
    with FakeSearchServer() as search:
        replies = [route("system:question")] + [
            tool("web.search", query=f"q{i}") for i in range(10)
        ]
        with FakeModelServer(replies) as model:
            env, _, _ = make_env(model.url, search.url)
            outcome = await run(env, "beacons?", allow_web=True)

    assert model.calls == 6, "modelCalls=6 with the router included"
    assert len(search.queries) == 4, "5 rounds, the last one final-only"
    assert outcome.stop.message == "Maximum rounds reached (5)"
    assert outcome.status is RunStatus.DEGRADED
    assert outcome.cards, "the sources found are kept as cards"


async def test_a_failing_search_backend_ends_without_inventing_sources():
    with FakeSearchServer(fail_search=True) as search:
        replies = [route("system:question"), tool("web.search", query="beacon"), answer("x")]
        with FakeModelServer(replies) as model:
            env, _, _ = make_env(model.url, search.url)
            outcome = await run(env, "beacons?", allow_web=True)

    assert outcome.stop.failure.value == "search_error"
    assert outcome.stop.code is StopCode.FAILED
    assert model.calls == 2, "no evidence: no finalization call"
    assert outcome.sources == []


async def test_the_outcome_keeps_the_numbers_the_answer_cited():
    with FakeSearchServer() as search:
        replies = [
            route("system:question"),
            tool("web.search", query="beacon pyramid"),
            answer("See the effects page.", [2]),
        ]
        with FakeModelServer(replies) as model:
            env, _, _ = make_env(model.url, search.url)
            outcome = await run(env, "how do beacons work?", allow_web=True)

    assert outcome.source_numbers == [2]
    assert [s.title for s in outcome.sources] == ["Beacon effects"]
