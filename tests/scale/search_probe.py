"""Run the search cases inside a Django process on the scale suite's database; print JSON.

Called as ``manage.py shell -c "from tests.scale.search_probe import main; main()"`` so the
search runs on the real PostgreSQL backend (tsvector column, GIN index, ts_rank).
"""

from __future__ import annotations

import json

from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from agentweb.game import queries
from agentweb.game.models import GameName, Item, KnowledgeArticle, Quest
from agentweb.game.search import backend, search
from agentweb.game.search.game_names import names_matching
from agentweb.game.search.terms import SNOWBALL_ENGLISH
from agentweb.game.tools.items import lookup_sources
from agentweb.game.tools.knowledge import KnowledgeInput
from agentweb.game.tools.knowledge import _search as knowledge_search
from tests.game.search_cases import (
    NAMED,
    NOTHING,
    ODD_INPUT,
    RANKED,
    TITLED,
    TITLED_ARTICLES,
    TRANSLATED,
    TRANSLATED_NOTHING,
)

MODELS = {"article": KnowledgeArticle, "quest": Quest, "item": Item}


class Rollback(Exception):
    pass


def _title(hit) -> str:
    obj = MODELS[hit.kind].objects.get(pk=hit.target_id)
    return obj.display_name if hit.kind == "item" else obj.title


def _named(query: str, kind: str) -> str | None:
    if kind == "quest":
        found = queries.match_quests(query)[0]
        return found[0].title if found else None
    found = queries.find_items(query)
    return found[0].display_name if found else None


def _edits() -> dict:
    """Admin-style saves keep the PostgreSQL index in step (rolled back afterwards)."""
    seen: dict = {}
    try:
        with transaction.atomic():
            article = KnowledgeArticle.objects.create(
                key="manual:probe", source="manual", title="Elytra racing", body="Fridays."
            )
            seen["created"] = [a.key for a in queries.search_knowledge("elytra racing")]
            article.body = "Trampoline etiquette on Fridays."
            article.save()
            seen["edited"] = [a.key for a in queries.search_knowledge("trampoline etiquette")]
            article.delete()
            seen["deleted"] = [a.key for a in queries.search_knowledge("elytra racing")]
            raise Rollback
    except Rollback:
        pass
    return seen


def _titled() -> list:
    """Of articles tied on a question, the one titled by it first (rolled back afterwards)."""
    seen: list = []
    try:
        with transaction.atomic():
            for key, title, body in TITLED_ARTICLES:
                KnowledgeArticle.objects.create(key=key, source="manual", title=title, body=body)
            seen = [[q, [a.key for a in queries.search_knowledge(q)][: len(f)]] for q, f in TITLED]
            raise Rollback
    except Rollback:
        pass
    return seen


def _chinese() -> dict:
    """Chinese passages (indexed and searched as pairs of characters) and Chinese names (the
    name index, exact and contained) on PostgreSQL (rolled back afterwards)."""
    seen: dict = {}
    try:
        with transaction.atomic():
            KnowledgeArticle.objects.create(
                key="manual:valley",
                source="manual",
                title="山谷",
                body="谷里已经没有村民了。他们迁去了南方。",
            )
            KnowledgeArticle.objects.create(
                key="manual:forge", source="manual", title="铁匠铺", body="铁匠铺的炉子只能烧木炭。"
            )
            GameName(
                origin="pack",
                kind="item",
                key="minecraft:iron_ingot",
                language="zh_cn",
                text="铁锭",
            ).save()
            # The best one: the shipped Chinese articles mention 村民 too (no villager trades).
            seen["passage"] = [a.key for a in queries.search_knowledge("为什么谷里没有村民？")][:1]
            seen["title"] = [a.key for a in queries.search_knowledge("铁匠铺的炉子烧什么")]
            seen["absent"] = [a.key for a in queries.search_knowledge("为什么没有海洋神殿？")]
            seen["name"] = [m.key for m in names_matching("铁锭", kinds=["item"])]
            seen["item"] = [i.item_id for i in queries.find_items("铁锭")][:1]
            raise Rollback
    except Rollback:
        pass
    return seen


def _translated() -> dict:
    """Chinese questions about English-only passages (the server articles' Chinese versions
    left out), searched in English through the dictionary; questions no passage is about;
    the excerpt's translated sentence."""
    seen: dict = {"nothing": [[q, len(queries.search_knowledge(q))] for q in TRANSLATED_NOTHING]}
    try:
        with transaction.atomic():
            KnowledgeArticle.objects.filter(source="manual", language="zh_cn").delete()
            seen["found"] = [
                [q, [a.title for a in queries.search_knowledge(q)][:1]] for q, _ in TRANSLATED
            ]
            raise Rollback
    except Rollback:
        pass
    try:
        with transaction.atomic():
            KnowledgeArticle.objects.create(
                key="manual:mills",
                source="manual",
                title="Mills",
                body="Children love mills. A windmill needs at least 8 sails before it turns.",
            )
            out = knowledge_search(KnowledgeInput(query="风车最少需要几个帆？"))
            seen["excerpt"] = [a.excerpt for a in out.articles if a.title == "Mills"]
            raise Rollback
    except Rollback:
        pass
    return seen


def _statements(query: str, kind: str, **options) -> list:
    """How many statements one search sent, and whether it found something."""
    with CaptureQueriesContext(connection) as captured:
        found = search(query, [kind], **options)
    return [len(captured.captured_queries), bool(found)]


def main() -> None:
    out = {
        "vendor": connection.vendor,
        "ranked": [[q, k, [_title(h) for h in search(q, [k], limit=3)]] for q, k, _ in RANKED],
        "named": [[q, k, _named(q, k)] for q, k, _ in NAMED],
        "nothing": [[q, k, len(search(q, [k]))] for q, k in NOTHING],
        "edits": _edits(),
        "chinese": _chinese(),
        "titled": _titled(),
        "translated": _translated(),
        "bones": lookup_sources("bones").dropped_by_mobs,
        # Our stop list is the one PostgreSQL drops: both backends see the same terms.
        "not_dropped": sorted(w for w in SNOWBALL_ENGLISH if not backend().drops(w)),
        "rules_dropped": backend().drops("rules"),
        "statements": [
            _statements("what are the server rules?", "article"),
            _statements("golden carrot", "item", prefix=True, every_term=True),
            _statements("moo slayer cows leather", "quest", book=None, every_term=True),
        ],
    }
    for text in ODD_INPUT:
        for kind in MODELS:
            search(text, [kind])
            search(text, [kind], prefix=True, every_term=True)
        queries.match_quests(text)
        queries.find_items(text)
    out["odd_input"] = "ok"
    print("SEARCH=" + json.dumps(out))
