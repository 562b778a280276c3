"""Workflow tests run the real engine against real HTTP fakes (model and search)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from pydantic import BaseModel, Field

from agentweb.engine import AllModules, ListSink, ReActTool, Source
from agentweb.engine.policy import MODULE_DEFAULTS
from agentweb.llm.openai_compat import OpenAICompatible
from agentweb.research.search import SearxngBackend
from agentweb.workflows.env import Environment, Request
from agentweb.workflows.prompts import PromptBook
from agentweb.workflows.runner import run_request
from tests.engine.kit import World, build_registry

PROMPTS = PromptBook(Path(__file__).resolve().parents[2] / "prompts")
KNOWLEDGE = {"sign-in": "Sign in once a day with /checkin for 10 coins; streaks add a bonus."}


class KbInput(BaseModel):
    query: str = Field(min_length=1, max_length=200)


def kb_tool() -> ReActTool:
    async def lookup(value: KbInput, call) -> dict[str, Any]:
        hits = [{"title": k, "text": v} for k, v in KNOWLEDGE.items() if k in value.query.lower()]
        return {"query": value.query, "articles": hits}

    def sources(value: KbInput, out: dict[str, Any]) -> list[Source]:
        return [Source(f"Article: {a['title']}", kind="article") for a in out["articles"]]

    return ReActTool(
        "database.query",
        "Search the knowledge base",
        KbInput,
        lookup,
        module="game.kb",
        sources=sources,
    ).for_reasoning("Search the knowledge base")


class Confirm:
    def __init__(self, decision: bool) -> None:
        self.decision = decision
        self.asked: list[str] = []

    async def confirm(self, call, text):
        self.asked.append(text)
        return self.decision


def local_server(url: str) -> frozenset[tuple[str, int]]:
    """The fake search server's own host:port, which web.fetch may read (it is on 127.0.0.1)."""
    parsed = httpx.URL(url)
    return frozenset({(parsed.host, parsed.port)})


def make_env(
    model_url: str,
    search_url: str | None = None,
    *,
    web_enabled: bool = True,
    confirmer=None,
    world: World | None = None,
    registry: Any = None,
) -> tuple[Environment, ListSink, World]:
    """An environment against the fake servers; the tools of ``world``, or ``registry``'s
    (say the project's real registry over the test database)."""
    world = world or World()
    if registry is None:
        registry = build_registry(world)
        registry.register(kb_tool())
    sink = ListSink()
    env = Environment(
        registry=registry,
        modules=AllModules(),
        prompts=PROMPTS.snapshot(),
        policy=MODULE_DEFAULTS.__getitem__,
        model=OpenAICompatible(model_url, "fake-model"),
        sink=sink,
        search=SearxngBackend(search_url, fetch_allowed=local_server(search_url))
        if search_url
        else None,
        web_enabled=web_enabled,
        confirmer=confirmer,
    )
    return env, sink, world


async def run(env: Environment, text: str, **kwargs: Any):
    try:
        return await run_request(env, Request(text, **kwargs))
    finally:
        await env.model.aclose()
        if env.search is not None:
            await env.search.aclose()
