"""The names of the game's things in every language: find them by text, read them by id.

Two functions for callers (tools, the planner, commands):

* :func:`names_matching` — "which things are called this, in any language?" —
  ``names_matching("安山合金")`` → ``[NameMatch(kind="item", key="create:andesite_alloy",
  language="zh_cn", text="安山合金", how="exact")]``. Matches come exact first (the whole
  name, any case), then names starting with the text, then names containing it; the
  database finds and orders them (no scoring here): a B-tree on the folded name for the
  first two, and for the third the SQLite FTS5 ``trigram`` tokenizer (ranked by its
  ``bm25()``) or PostgreSQL ``pg_trgm`` (ranked by ``similarity()``). Substrings need
  three characters (a trigram); shorter text is matched whole or as a prefix only.
  Each thing named appears once per language (the best-ranked origin's name).
* :func:`localized_names` — "what is each of these called in this language?" —
  ``localized_names("item", ["create:andesite_alloy"], "zh_cn")`` → the name in that
  language, else in ``en_us``, else in any language the data has; ids with no name at all
  are left out (callers show a readable id, :func:`agentweb.game.text.prettify_id`).

:func:`game_language` turns the page's language (``zh-hans``) into the game's (``zh_cn``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db import connection

from agentweb.game.models.names import DEFAULT_LANGUAGE, GameName, fold, origin_rank
from agentweb.game.text import clean_text

# Upper bound for any caller-supplied limit.
MAX_MATCHES = 100
# Names are short: a longer text is cut before it is looked up.
MAX_TEXT = 200
# The trigram index cannot find a substring shorter than a trigram.
MIN_SUBSTRING = 3
# Keys read per statement (SQLite's variable limit in old builds).
BATCH = 500
# The web page's language codes (Django) → Minecraft's language codes.
PAGE_LANGUAGES = {
    "en": "en_us",
    "zh": "zh_cn",
    "zh-hans": "zh_cn",
    "zh-cn": "zh_cn",
    "zh-sg": "zh_cn",
    "zh-hant": "zh_tw",
    "zh-tw": "zh_tw",
    "zh-hk": "zh_hk",
    "ja": "ja_jp",
    "ko": "ko_kr",
    "de": "de_de",
    "fr": "fr_fr",
    "es": "es_es",
    "it": "it_it",
    "pt": "pt_pt",
    "pt-br": "pt_br",
    "ru": "ru_ru",
    "uk": "uk_ua",
    "pl": "pl_pl",
    "nl": "nl_nl",
    "tr": "tr_tr",
    "vi": "vi_vn",
}


@dataclass(frozen=True)
class NameMatch:
    """One thing whose name matched: what it is, in which language, and how it matched."""

    kind: str
    key: str
    language: str
    text: str
    how: str  # "exact" | "prefix" | "contains"


def game_language(code: str | None) -> str:
    """A language code as the game writes it: ``zh-hans``/``zh_CN``/``zh`` → ``zh_cn``;
    empty → ``en_us``. A code already in the game's form is kept (lower case)."""
    code = (code or "").strip().lower().replace("_", "-")
    if not code:
        return DEFAULT_LANGUAGE
    if code in PAGE_LANGUAGES:
        return PAGE_LANGUAGES[code]
    return code.replace("-", "_")


def names_matching(
    text: str,
    *,
    kinds: Sequence[str] | None = None,
    languages: Sequence[str] | None = None,
    limit: int = 20,
    exact: bool = False,
) -> list[NameMatch]:
    """Things named ``text`` (or a name starting with / containing it) in any language.

    ``kinds`` limits the kinds of things (``["item"]``, ``["quest", "chapter"]``),
    ``languages`` the languages (game codes). Exact matches first, then prefixes,
    then substrings; with ``exact`` only the whole name (one indexed statement). See
    the module's docstring."""
    folded = fold(clean_text(text))[:MAX_TEXT]
    if not folded:
        return []
    limit = max(1, min(limit, MAX_MATCHES))
    found: dict[tuple[str, str, str], NameMatch] = {}
    steps = (("exact", _exact), ("prefix", _prefix), ("contains", _contains))
    for how, step in steps[:1] if exact else steps:
        for kind, key, language, name in step(folded, kinds, languages, limit):
            found.setdefault((kind, key, language), NameMatch(kind, key, language, name, how))
            if len(found) >= limit:
                return list(found.values())
    return list(found.values())


def _filtered(kinds: Sequence[str] | None, languages: Sequence[str] | None):
    qs = GameName.objects.all()
    if kinds:
        qs = qs.filter(kind__in=list(kinds))
    if languages:
        qs = qs.filter(language__in=[game_language(lang) for lang in languages])
    return qs


def _best_origin(rows: Iterable[tuple], limit: int) -> list[tuple[str, str, str, str]]:
    """One row per (kind, key, language): the best origin's, in the order given."""
    best: dict[tuple[str, str, str], tuple[int, str]] = {}
    order: list[tuple[str, str, str]] = []
    for origin, kind, key, language, name in rows:
        ident = (kind, key, language)
        rank = origin_rank(origin)
        if ident not in best:
            order.append(ident)
            best[ident] = (rank, name)
        elif rank < best[ident][0]:
            best[ident] = (rank, name)
    return [(*ident, best[ident][1]) for ident in order[:limit]]


FIELDS = ("origin", "kind", "key", "language", "text")


def _exact(folded: str, kinds, languages, limit: int) -> list[tuple[str, str, str, str]]:
    qs = _filtered(kinds, languages).filter(folded=folded).order_by("kind", "key", "language")
    return _best_origin(qs.values_list(*FIELDS)[: limit * 4], limit)


def _prefix(folded: str, kinds, languages, limit: int) -> list[tuple[str, str, str, str]]:
    qs = _filtered(kinds, languages).exclude(folded=folded)
    if connection.vendor == "postgresql":
        # LIKE 'text%' on the pattern-ops index Django adds beside the B-tree.
        qs = qs.filter(folded__startswith=folded)
    else:
        # A range on the B-tree (code point order): every name that starts with the text.
        qs = qs.filter(folded__gt=folded, folded__lt=folded + "\U0010ffff")
    qs = qs.order_by("folded", "kind", "key", "language")
    return _best_origin(qs.values_list(*FIELDS)[: limit * 4], limit)


def _contains(folded: str, kinds, languages, limit: int) -> list[tuple[str, str, str, str]]:
    if len(folded) < MIN_SUBSTRING:
        return []
    if connection.vendor == "postgresql":
        ids = _contains_postgres(folded, limit * 4)
    else:
        ids = _contains_sqlite(folded, limit * 4)
    if not ids:
        return []
    rows = {
        row[0]: row[1:]
        for row in _filtered(kinds, languages).filter(pk__in=ids).values_list("pk", *FIELDS)
    }
    return _best_origin((rows[pk] for pk in ids if pk in rows), limit)


def _contains_sqlite(folded: str, limit: int) -> list[int]:
    # A quoted FTS5 string is taken literally; the trigram tokenizer matches it anywhere.
    phrase = '"' + folded.replace('"', '""') + '"'
    sql = (
        "SELECT rowid FROM game_name_fts WHERE game_name_fts MATCH %s "
        "ORDER BY bm25(game_name_fts), rowid LIMIT %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [phrase, limit])
        return [row[0] for row in cursor.fetchall()]


def _contains_postgres(folded: str, limit: int) -> list[int]:
    pattern = "%" + folded.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    sql = (
        "SELECT id FROM game_gamename WHERE folded LIKE %s "
        "ORDER BY similarity(folded, %s) DESC, id LIMIT %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [pattern, folded, limit])
        return [row[0] for row in cursor.fetchall()]


def localized_names(kind: str, keys: Iterable[str], language: str | None) -> dict[str, str]:
    """Each key's name in ``language``, else ``en_us``, else any language the data has
    (``en_us``-like codes first, then alphabetical). Keys with no name are left out."""
    wanted = list(dict.fromkeys(keys))
    language = game_language(language)
    choice: dict[str, tuple[tuple, str]] = {}
    for start in range(0, len(wanted), BATCH):
        rows = GameName.objects.filter(kind=kind, key__in=wanted[start : start + BATCH])
        for origin, key, lang, text in rows.values_list("origin", "key", "language", "text"):
            rank = (_language_rank(lang, language), origin_rank(origin), lang)
            if key not in choice or rank < choice[key][0]:
                choice[key] = (rank, text)
    return {key: value for key, (_, value) in choice.items()}


def _language_rank(lang: str, wanted: str) -> int:
    if lang == wanted:
        return 0
    if lang == DEFAULT_LANGUAGE:
        return 1
    return 2


__all__ = ["NameMatch", "game_language", "localized_names", "names_matching"]
