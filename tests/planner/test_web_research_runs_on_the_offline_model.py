"""The default (offline) model researches the web: local knowledge empty, the web allowed and
a search service configured → web.search, web.fetch of a result it observed, an answer
that quotes the page and cites it (the seed's flow), in English and in Chinese."""

from __future__ import annotations

from pathlib import Path

import pytest
from asgiref.sync import async_to_sync

from agentweb.core.tooling import registry
from agentweb.engine import AllModules, EventKind, ListSink, RunStatus
from agentweb.engine.policy import MODULE_DEFAULTS
from agentweb.llm.offline import OfflinePlanner
from agentweb.research.search import SearxngBackend
from agentweb.workflows.env import Environment, Request
from agentweb.workflows.prompts import PromptBook
from agentweb.workflows.runner import run_request
from tests.fakes.search_server import FakeSearchServer
from tests.workflows.kit import local_server

PROMPTS = PromptBook(Path(__file__).resolve().parents[2] / "prompts")


def research(search_url: str | None, text: str, *, allow_web: bool = True):
    sink = ListSink()
    backend = (
        SearxngBackend(search_url, fetch_allowed=local_server(search_url)) if search_url else None
    )
    env = Environment(
        registry=registry,
        modules=AllModules(),
        prompts=PROMPTS.snapshot(),
        policy=MODULE_DEFAULTS.__getitem__,
        model=OfflinePlanner(),
        sink=sink,
        search=backend,
        web_enabled=backend is not None,
    )

    async def go():
        try:
            return await run_request(env, Request(text, allow_web=allow_web))
        finally:
            if backend is not None:
                await backend.aclose()

    return async_to_sync(go)(), sink


@pytest.mark.parametrize(
    ("question", "connecting"),
    [
        ("How do beacons work in vanilla?", "From Beacon guide"),
        ("为什么信标要搭金字塔？", "来自网页「Beacon guide」"),
    ],
)
def test_nothing_local_and_the_web_allowed_searches_reads_and_cites_the_page(
    world, question, connecting
):
    with FakeSearchServer() as search:
        outcome, sink = research(search.url, question)

    tools = [e.data["tool"] for e in sink.of(EventKind.TOOL_FINISHED)]
    assert tools == ["database.query", "web.search", "web.fetch"]
    assert search.fetches == ["1"], "the first result it observed"
    assert outcome.workflow == "system:question"
    assert outcome.status is RunStatus.COMPLETED
    assert connecting in outcome.text
    assert "A beacon needs a pyramid of iron, gold, emerald or diamond blocks." in outcome.text
    (answered,) = sink.of(EventKind.ANSWER)
    cited = answered.data["sources"]
    assert [s["url"] for s in cited] == [search.page_url("1")]
    assert [c["url"] for c in outcome.cards] == [search.page_url("1")]


def test_without_a_search_service_nothing_is_offered_and_nothing_goes_online(world):
    outcome, sink = research(None, "How do beacons work in vanilla?")
    tools = [e.data["tool"] for e in sink.of(EventKind.TOOL_FINISHED)]
    assert tools == ["database.query"]
    assert outcome.text == (
        "I found nothing about this in the server's knowledge base: no article mentions “beacons”."
    )
