"""Answers from the web tools: the fetched page's sentences that answer the question, or
the search results' titles when no page was read. Every sentence cites its source."""

from __future__ import annotations

from agentweb.llm.offline.draft import Draft
from agentweb.llm.offline.obs import Seen
from agentweb.llm.offline.passages import best_sentences

# Search results named when no page was read.
RESULTS_NAMED = 3


def web_fetch(d: Draft, obs: Seen) -> None:
    r = obs.result
    text = str(r.get("text") or "")
    if not text.strip():
        return
    title = str(r.get("title") or r.get("url") or "")
    d.say("web_page", obs.numbers, title=title, excerpt=best_sentences(text, d.p.text))


def web_search(d: Draft, obs: Seen) -> None:
    if any(s.ok and s.tool == "web.fetch" and s.result.get("text") for s in d.seen):
        return  # the page read says more than the result list
    results = [r for r in obs.result.get("results") or [] if isinstance(r, dict)]
    if not results:
        d.say("web_none")
        return
    shown = results[:RESULTS_NAMED]
    lines = [
        f"{r.get('title') or r.get('url')}" + (f" — {r['snippet']}" if r.get("snippet") else "")
        for r in shown
    ]
    d.say("web_results", obs.numbers[: len(shown)], results=d.w("sep").join(lines))
