"""The names of the game's things in every language: find them by text, read them by id.

Two functions for callers (tools, the planner, commands):

* :func:`names_matching` — "which things are called this, in any language?" —
  ``names_matching("安山合金")`` → ``[NameMatch(kind="item", key="create:andesite_alloy",
  language="zh_cn", text="安山合金", how="exact")]``. Matches come exact first (the whole
  name, any case), then names starting with the text, then names containing it; the
  database finds and orders them (no scoring here): the first two are one range of a
  B-tree on the folded name in code point order (one statement), and for the third
  the SQLite FTS5 ``trigram`` tokenizer or PostgreSQL ``pg_trgm``: of the first
  :data:`CANDIDATES` names the index finds, the shortest come first on SQLite (what the
  trigram index's ``bm25()`` would rank first, without ranking every match), the most
  ``similarity()`` on PostgreSQL. Substrings need three characters (a trigram);
  shorter text is matched whole or as a prefix only.
  Each thing named appears once per language (the best-ranked origin's name).
* :func:`localized_names` — "what is each of these called in this language?" —
  ``localized_names("item", ["create:andesite_alloy"], "zh_cn")`` → the name in that
  language, else in ``en_us``, else in any language the data has; ids with no name at all
  are left out (callers show a readable id, :func:`agentweb.game.text.prettify_id`).

:func:`game_language` turns the page's language (``zh-hans``) into the game's (``zh_cn``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from django.db import connection
from django.db.models import Q

from agentweb.game.models.names import DEFAULT_LANGUAGE, GameName, fold, origin_rank
from agentweb.game.search import name_index
from agentweb.game.search.name_index import code_point_order
from agentweb.game.text import clean_text

# Upper bound for any caller-supplied limit.
MAX_MATCHES = 100
# Names are short: a longer text is cut before it is looked up.
MAX_TEXT = 200
# The trigram index cannot find a substring shorter than a trigram.
MIN_SUBSTRING = 3
# Names containing the text that are ordered for the answer: a common substring ("gear")
# is in tens of thousands of names, and ordering all of them would cost more than the
# whole lookup may.
CANDIDATES = 500
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
    then substrings; with ``exact`` only the whole name. Exact names and prefixes are one
    range of the folded names' index (one statement), substrings one more when those
    do not fill ``limit``. See the module's docstring."""
    folded = fold(clean_text(text))[:MAX_TEXT]
    if not folded:
        return []
    limit = max(1, min(limit, MAX_MATCHES))
    found: dict[tuple[str, str, str], NameMatch] = {}
    exact_rows, prefix_rows = _starting_with(folded, kinds, languages, limit, exact=exact)
    steps = [("exact", exact_rows)]
    if not exact:
        steps.append(("prefix", prefix_rows))
        steps.append(("contains", lambda: _contains(folded, kinds, languages, limit)))
    for how, rows in steps:
        for kind, key, language, name in rows() if callable(rows) else rows:
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
# Above every character: ``text + LAST`` bounds the names that start with ``text``.
LAST = "\U0010ffff"


def _starting_with(
    folded: str, kinds, languages, limit: int, *, exact: bool
) -> tuple[list[tuple[str, str, str, str]], list[tuple[str, str, str, str]]]:
    """The names equal to ``folded`` and those starting with it, as two lists (at most
    ``limit`` each): one range of the index, the whole name first (it sorts before every
    longer name it starts)."""
    qs = _filtered(kinds, languages).alias(ordered=code_point_order())
    if exact:
        qs = qs.filter(ordered=folded)
    else:
        qs = qs.filter(ordered__gte=folded, ordered__lt=folded + LAST)
    rows = qs.order_by("ordered", "kind", "key", "language").values_list("folded", *FIELDS)
    # Each step reads up to four rows a thing (one per origin naming it, at most three).
    rows = list(rows[: limit * 4 if exact else limit * 8])
    whole = [row[1:] for row in rows if row[0] == folded]
    longer = [row[1:] for row in rows if row[0] != folded]
    return _best_origin(whole, limit), _best_origin(longer, limit)


def _contains(folded: str, kinds, languages, limit: int) -> list[tuple[str, str, str, str]]:
    if len(folded) < MIN_SUBSTRING:
        return []
    where, params = _sql_filter(kinds, languages)
    if name_index.in_a_table_of_its_own():
        rows = _contains_sqlite(folded, where, params, limit * 4)
    else:
        rows = _contains_postgres(folded, where, params, limit * 4)
    return _best_origin(rows, limit)


def _sql_filter(kinds, languages) -> tuple[str, list]:
    clauses, params = [], []
    if kinds:
        clauses.append(f"n.kind IN ({', '.join(['%s'] * len(kinds))})")
        params += list(kinds)
    if languages:
        codes = [game_language(lang) for lang in languages]
        clauses.append(f"n.language IN ({', '.join(['%s'] * len(codes))})")
        params += codes
    return "".join(f" AND {c}" for c in clauses), params


# The columns a substring match reads, in :data:`FIELDS` order.
COLUMNS = "origin, kind, key, language, text"


def _contains_sqlite(folded: str, where: str, params: list, limit: int) -> list[tuple]:
    # A quoted FTS5 string is taken literally; the trigram tokenizer matches it anywhere.
    # The index hands over at most CANDIDATES names; the shortest (the closest fit:
    # trigram bm25 ranks the same way, but over every match) come first.
    phrase = '"' + folded.replace('"', '""') + '"'
    sql = (
        f"SELECT {COLUMNS} FROM (SELECT n.id, n.folded, n.{COLUMNS.replace(', ', ', n.')} "
        "FROM game_name_fts f JOIN game_gamename n ON n.id = f.rowid "
        f"WHERE game_name_fts MATCH %s{where} LIMIT %s) "
        "ORDER BY length(folded), id LIMIT %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [phrase, *params, CANDIDATES, limit])
        return cursor.fetchall()


def _contains_postgres(folded: str, where: str, params: list, limit: int) -> list[tuple]:
    pattern = "%" + folded.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    sql = (
        f"SELECT {COLUMNS} FROM (SELECT n.id, n.folded, n.{COLUMNS.replace(', ', ', n.')} "
        f"FROM game_gamename n WHERE n.folded LIKE %s{where} LIMIT %s) c "
        "ORDER BY similarity(folded, %s) DESC, id LIMIT %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [pattern, *params, CANDIDATES, folded, limit])
        return cursor.fetchall()


def localized_names(kind: str, keys: Iterable[str], language: str | None) -> dict[str, str]:
    """Each key's name in ``language``, else ``en_us``, else any language the data has
    (alphabetically). Keys with no name are left out."""
    return localized_kinds({kind: keys}, language).get(kind, {})


def localized_kinds(
    wanted: Mapping[str, Iterable[str]], language: str | None
) -> dict[str, dict[str, str]]:
    """:func:`localized_names` for several kinds at once (one statement when few):
    ``{"tag": [...], "fluid": [...]}`` → ``{"tag": {key: name}, "fluid": {...}}``."""
    return {
        kind: {key: text for key, (_, text) in named.items()}
        for kind, named in localized_kinds_with_language(wanted, language).items()
    }


def localized_kinds_with_language(
    wanted: Mapping[str, Iterable[str]], language: str | None
) -> dict[str, dict[str, tuple[str, str]]]:
    """:func:`localized_kinds` with the language each name is in: ``{kind: {key: (language,
    name)}}`` (a name in another language than the one asked is a fallback)."""
    language = game_language(language)
    pairs = [(kind, key) for kind, keys in wanted.items() for key in dict.fromkeys(keys)]
    choice: dict[tuple[str, str], tuple[tuple, str, str]] = {}
    for start in range(0, len(pairs), BATCH):
        by_kind: dict[str, list[str]] = {}
        for kind, key in pairs[start : start + BATCH]:
            by_kind.setdefault(kind, []).append(key)
        condition = Q()
        for kind, keys in by_kind.items():
            condition |= Q(kind=kind, key__in=keys)
        rows = GameName.objects.filter(condition).values_list(
            "kind", "origin", "key", "language", "text"
        )
        for kind, origin, key, lang, text in rows:
            rank = (_language_rank(lang, language), origin_rank(origin), lang)
            if (kind, key) not in choice or rank < choice[(kind, key)][0]:
                choice[(kind, key)] = (rank, lang, text)
    found: dict[str, dict[str, tuple[str, str]]] = {}
    for (kind, key), (_, lang, text) in choice.items():
        found.setdefault(kind, {})[key] = (lang, text)
    return found


def _language_rank(lang: str, wanted: str) -> int:
    if lang == wanted:
        return 0
    if lang == DEFAULT_LANGUAGE:
        return 1
    return 2


__all__ = [
    "NameMatch",
    "game_language",
    "localized_kinds",
    "localized_kinds_with_language",
    "localized_names",
    "names_matching",
]
