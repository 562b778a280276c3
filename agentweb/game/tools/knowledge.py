"""``database.query``: the server's knowledge base (rules, guides, quest descriptions)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, Field

from agentweb.engine import ReActTool, Source, ToolCall
from agentweb.game import queries
from agentweb.game.models import DocumentKind, KnowledgeArticle
from agentweb.game.search import analyse
from agentweb.game.search.game_names import game_language
from agentweb.game.search.passages import Term, best_passage
from agentweb.game.search.terms import characters, terms_of
from agentweb.game.tools.common import MAX_QUERY, ToolInput, clip, db
from agentweb.game.tools.shown import Shown, shown_in
from agentweb.lib.word_frequency import CHINESE, EVERYDAY, zipf

MODULE = "game.kb"
MAX_ARTICLES = 5
# Characters of an article the model sees: the lines that match the query best.
EXCERPT_CHARS = 500
SNIPPET_CHARS = 160
# Hits searched per article wanted: the same article in two languages is two hits.
SEARCHED_PER_ARTICLE = 2
# Words a search that found nothing names as missing, at most.
MAX_MISSING = 4


class KnowledgeInput(ToolInput):
    query: str = Field(
        min_length=2,
        max_length=MAX_QUERY,
        description="What to look for, in a few words, e.g. 'sign-in streak' or 'server rules'.",
    )
    limit: int = Field(3, ge=1, le=MAX_ARTICLES, description="How many articles at most.")
    language: str | None = Field(
        None,
        max_length=16,
        description="The player's language (game code like 'zh_cn', or 'zh-hans'): an "
        "article the knowledge base has in it comes in it, and the card names quests in it. "
        "Left out, the run's language.",
    )


class ArticleInfo(BaseModel):
    key: str
    title: str
    source: str
    tags: list[str]
    excerpt: str
    quest_id: str | None = None


class KnowledgeResult(BaseModel):
    query: str
    articles: list[ArticleInfo]
    # Found nothing: the query's words no article has (what the knowledge base lacks),
    # everyday words left out.
    missing: list[str] = []
    # How the card titles the articles (a quest's by the book's translation, as answers do).
    shown: Shown = Field(default_factory=Shown, exclude=True)


def excerpt(body: str, terms: Sequence[Term], limit: int = EXCERPT_CHARS) -> str:
    """The body's sentences that answer the query best, in their order, within ``limit``."""
    return clip(best_passage(body, terms, limit), limit)


def _search(value: KnowledgeInput) -> KnowledgeResult:
    # Room for an article found in several languages, answered once in the asker's.
    hits = queries.search_knowledge(value.query, limit=value.limit * SEARCHED_PER_ARTICLE)
    found: list[KnowledgeArticle] = KnowledgeArticle.objects.in_language(
        hits, game_language(value.language)
    )[: value.limit]
    # The terms as searched (typos repaired, Chinese words in English where the data has
    # them so), so the quoted sentences are the ones that matched, and the characters of
    # Chinese pairs across words (煤 in "为啥不烧煤").
    searched = analyse(value.query, [DocumentKind.ARTICLE], partial=True)[0]
    terms = [*searched.for_passages(), *characters(searched.across)] if found else []
    result = KnowledgeResult(
        query=value.query,
        missing=[] if found else missing_words(searched.unknown),
        articles=[
            ArticleInfo(
                key=a.key,
                title=a.title,
                source=a.source,
                tags=a.tag_list,
                excerpt=excerpt(a.body, terms),
                quest_id=a.quest.quest_id if a.quest_id else None,
            )
            for a in found
        ],
    )
    result.shown = shown_in(value.language, [], [a.title for a in result.articles])
    return result


def missing_words(unknown: Sequence[str]) -> list[str]:
    """The words of a query no article has, as a player would name them: each once, the
    everyday ones ("today", "another") left out — they say nothing of what is missing —
    and Chinese left out too: what the search lacks there may be a pair of characters
    across two words ("跑多" of 跑多快), no word the player wrote."""
    words = [w for w in dict.fromkeys(unknown) if not CHINESE.search(w)]
    return [w for w in words if zipf(w.lower()) < EVERYDAY][:MAX_MISSING]


async def knowledge_query(value: KnowledgeInput, call: ToolCall) -> KnowledgeResult:
    return await db(_search, value)


def _observe(out: KnowledgeResult) -> dict[str, Any]:
    if not out.articles:
        observed: dict[str, Any] = {
            "query": out.query,
            "count": 0,
            "message": f"No knowledge-base article matches {out.query!r}.",
        }
        if out.missing:
            observed["missing"] = out.missing
            observed["message"] += f" No article has the words: {', '.join(out.missing)}."
        return observed
    return {
        "query": out.query,
        "count": len(out.articles),
        "articles": [{"title": a.title, "excerpt": a.excerpt} for a in out.articles],
    }


def _card(out: KnowledgeResult) -> dict[str, Any] | None:
    if not out.articles:
        return None
    return {
        "kind": "articles",
        "title": f"Knowledge base: {out.query}",
        # The page heads the card with it in the question's language (page/card_words.py).
        "query": out.query,
        "articles": [
            {"title": out.shown.title(a.title), "excerpt": a.excerpt, "tags": a.tags}
            for a in out.articles
        ],
    }


def _sources(value: KnowledgeInput, out: KnowledgeResult) -> list[Source]:
    return [
        Source(f"Article: {a.title}", kind="article", snippet=clip(a.excerpt, SNIPPET_CHARS))
        for a in out.articles
    ]


KNOWLEDGE_QUERY = ReActTool(
    "database.query",
    "Search the server's knowledge base.",
    KnowledgeInput,
    knowledge_query,
    module=MODULE,
    dedupe=lambda v: (" ".join(terms_of(v.query)), v.limit, v.language),
    observe=_observe,
    card=_card,
    sources=_sources,
).for_reasoning(
    "Search the server's knowledge base (rules, guides, sign-in, shop, quest descriptions) "
    "by keywords; returns article titles with the sentences that match best. Finds "
    "nothing when no article is about the words asked (then the data does not know)."
)
