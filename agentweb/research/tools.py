"""``web.search`` and ``web.fetch`` (R-WEB-3).

Fetch only accepts URLs that this loop's searches returned; summaries and
page text are trimmed, and everything from the web stays in observations —
never in a system prompt.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, HttpUrl

from agentweb.engine.failures import AgentError, AgentFailure
from agentweb.engine.tools import ReActTool, Source, ToolCall
from agentweb.research.search import SearchBackend

MODULE = "research.web"
# What the model sees of one search result and of one fetched page.
SNIPPET_CHARS = 300
PAGE_CHARS = 4000
OBSERVED_URLS = "web.observed_urls"


class SearchInput(BaseModel):
    query: str = Field(min_length=1, max_length=200, description="short search terms")


class FetchInput(BaseModel):
    url: HttpUrl = Field(description="a URL that appeared in this run's search results")


class SearchOutput(BaseModel):
    query: str
    results: list[dict[str, str]]


class FetchOutput(BaseModel):
    url: str
    title: str
    text: str
    truncated: bool


def trim(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def build_web_tools(backend: SearchBackend) -> list[ReActTool[Any, Any]]:
    """The two web tools bound to one backend. Never declared for reasoning (R-TOOL-3)."""

    async def search(value: SearchInput, call: ToolCall) -> SearchOutput:
        found = await backend.search(value.query)
        observed = call.tools.state.setdefault(OBSERVED_URLS, set())
        observed.update(r.url for r in found)
        results = [
            {"url": r.url, "title": trim(r.title, 200), "snippet": trim(r.snippet, SNIPPET_CHARS)}
            for r in found
        ]
        return SearchOutput(query=value.query, results=results)

    async def fetch(value: FetchInput, call: ToolCall) -> FetchOutput:
        url = str(value.url)
        observed = call.tools.state.get(OBSERVED_URLS, set())
        if url not in observed and url.rstrip("/") not in {u.rstrip("/") for u in observed}:
            raise AgentError(
                AgentFailure.TOOL_INPUT_INVALID,
                f"{url} did not appear in this run's search results; only those can be fetched",
            )
        page = await backend.fetch(url)
        return FetchOutput(
            url=url,
            title=trim(page.title or url, 200),
            text=trim(page.text, PAGE_CHARS),
            truncated=len(page.text) > PAGE_CHARS,
        )

    def search_sources(value: SearchInput, out: SearchOutput) -> list[Source]:
        return [Source(r["title"], r["url"], "web", r["snippet"]) for r in out.results]

    def fetch_sources(value: FetchInput, out: FetchOutput) -> list[Source]:
        return [Source(out.title, out.url, "web", trim(out.text, SNIPPET_CHARS))]

    def search_view(out: SearchOutput) -> dict[str, Any]:
        return {"query": out.query, "results": out.results, "count": len(out.results)}

    return [
        ReActTool(
            "web.search",
            'Search the web. Input: {"query": "short search terms"}.',
            SearchInput,
            search,
            module=MODULE,
            sources=search_sources,
            observe=search_view,
        ),
        ReActTool(
            "web.fetch",
            'Read a page found by web.search. Input: {"url": "..."}.',
            FetchInput,
            fetch,
            module=MODULE,
            sources=fetch_sources,
        ),
    ]


def source_card(source: Source, n: int) -> dict[str, Any]:
    return {
        "kind": "source",
        "n": n,
        "title": source.title,
        "url": source.url,
        "snippet": source.snippet,
    }
