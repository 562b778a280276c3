"""system:question with the real knowledge base: a question about nothing the server knows
finds nothing locally, so web research runs when the player allowed it (R-WEB-1/2)."""

from asgiref.sync import async_to_sync

from agentweb.core.tooling import registry
from agentweb.engine import EventKind, ListSink
from agentweb.game.demo import KNOWLEDGE_DIR, load_manual_articles
from tests.fakes.model_server import FakeModelServer
from tests.fakes.search_server import FakeSearchServer
from tests.replies import answer, route, tool
from tests.workflows.kit import make_env, run


def ask(model_url: str, search_url: str, text: str, *, allow_web: bool):
    env, sink, _ = make_env(model_url, search_url, registry=registry)
    return async_to_sync(run)(env, text, allow_web=allow_web), sink


def knowledge_observations(sink: ListSink) -> list[dict]:
    return [
        e.data["observation"]
        for e in sink.of(EventKind.TOOL_FINISHED)
        if e.data.get("tool") == "database.query"
    ]


def test_a_nonsense_question_finds_nothing_locally_and_researches_the_web(world):
    load_manual_articles(KNOWLEDGE_DIR)
    with FakeSearchServer() as search:
        replies = [
            route("system:question"),
            tool("web.search", query="qwxv"),
            answer("Nothing reliable about it online either.", [1]),
        ]
        with FakeModelServer(replies) as model:
            outcome, sink = ask(
                model.url, search.url, "What is the qwxv thing on the server?", allow_web=True
            )

    (local,) = knowledge_observations(sink)
    assert local["count"] == 0
    assert search.queries == ["qwxv"], "the web was searched"
    assert all(not s.title.startswith("Article:") for s in outcome.sources)


def test_without_web_permission_the_player_hears_nothing_was_found(world):
    load_manual_articles(KNOWLEDGE_DIR)
    with FakeSearchServer() as search, FakeModelServer([route("system:question")]) as model:
        outcome, _ = ask(model.url, search.url, "tell me about the zzqx web topic", allow_web=False)

    assert search.queries == []
    assert "nothing about this in the server's knowledge base" in outcome.text


def test_a_question_the_knowledge_base_answers_never_reaches_the_web(world):
    load_manual_articles(KNOWLEDGE_DIR)
    with FakeSearchServer() as search:
        replies = [route("system:question"), answer("Five rules: be kind, no griefing…", [1])]
        with FakeModelServer(replies) as model:
            outcome, sink = ask(model.url, search.url, "what are the server rules?", allow_web=True)

    (local,) = knowledge_observations(sink)
    assert local["articles"][0]["title"] == "Server rules"
    assert search.queries == []
    assert [s.title for s in outcome.sources] == ["Article: Server rules"]
