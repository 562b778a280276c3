"""Search backends (R-WEB-4): a SearXNG-style JSON endpoint through httpx by default."""

from __future__ import annotations

from dataclasses import dataclass
from html.parser import HTMLParser
from typing import Protocol

import httpx

from agentweb.engine.failures import AgentError, AgentFailure
from agentweb.llm.http import LoopClients
from agentweb.research.page_fetch import GuardedTransport, fetch_page

# Results kept from one search; more rarely helps and costs input tokens.
MAX_RESULTS = 8
SEARCH_TIMEOUT_S = 10.0


@dataclass(frozen=True, slots=True)
class SearchResult:
    url: str
    title: str
    snippet: str


@dataclass(frozen=True, slots=True)
class Page:
    url: str
    title: str
    text: str


class SearchBackend(Protocol):
    async def search(self, query: str, limit: int = MAX_RESULTS) -> list[SearchResult]: ...

    async def fetch(self, url: str) -> Page: ...


class SearxngBackend:
    """``GET {base}/search?q=…&format=json`` → ``{"results": [{url, title, content}]}``.

    The search endpoint is the operator's (often on this machine); pages are
    fetched through a separate, guarded client (``page_fetch``) that refuses
    every non-public address except the ``fetch_allowed`` ``(host, port)`` pairs.
    """

    def __init__(
        self,
        base_url: str,
        *,
        transport: httpx.AsyncBaseTransport | None = None,
        fetch_allowed: frozenset[tuple[str, int]] = frozenset(),
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self._clients = LoopClients(
            lambda: httpx.AsyncClient(transport=transport, follow_redirects=True)
        )
        self._fetch_clients = LoopClients(
            lambda: httpx.AsyncClient(transport=GuardedTransport(fetch_allowed))
        )

    def _client(self) -> httpx.AsyncClient:
        return self._clients.get()

    async def search(self, query: str, limit: int = MAX_RESULTS) -> list[SearchResult]:
        try:
            response = await self._client().get(
                f"{self.base_url}/search",
                params={"q": query, "format": "json"},
                timeout=SEARCH_TIMEOUT_S,
            )
            response.raise_for_status()
            items = response.json().get("results", [])
        except (httpx.HTTPError, ValueError, AttributeError) as exc:
            raise AgentError(AgentFailure.SEARCH_ERROR, f"Web search failed: {exc}") from None
        results = []
        for item in items if isinstance(items, list) else []:
            if not isinstance(item, dict) or not str(item.get("url", "")).startswith("http"):
                continue
            results.append(
                SearchResult(
                    str(item["url"]),
                    str(item.get("title") or item["url"]),
                    str(item.get("content") or ""),
                )
            )
            if len(results) >= limit:
                break
        return results

    async def fetch(self, url: str) -> Page:
        fetched = await fetch_page(self._fetch_clients.get(), url)
        text = fetched.body.decode("utf-8", errors="replace")
        if "html" in fetched.content_type or text.lstrip().startswith("<"):
            title, text = html_to_text(text)
        else:
            title = url
        return Page(url, title, text)

    async def aclose(self) -> None:
        await self._clients.aclose()
        await self._fetch_clients.aclose()


class _TextExtractor(HTMLParser):
    SKIP = frozenset({"script", "style", "noscript", "template", "svg", "head"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.title = ""
        self._skip = 0
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: object) -> None:
        if tag == "title":
            self._in_title = True
        elif tag in self.SKIP:
            self._skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False
        elif tag in self.SKIP and self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data
        elif not self._skip and data.strip():
            self.parts.append(data.strip())


def html_to_text(html: str) -> tuple[str, str]:
    """The page's title and visible text; scripts and styles dropped."""
    parser = _TextExtractor()
    parser.feed(html)
    parser.close()
    return parser.title.strip(), " ".join(parser.parts)
