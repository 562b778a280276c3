"""The things a question names, and their names in the player's language.

Entity linking for questions in any language: every run of words of a question
(Latin words, or Chinese characters) is looked up among every name the data has
— items, blocks, mobs, quests, chapters, chapter groups, books and reward
tables, in every imported language (:class:`~agentweb.game.models.GameName`) —

1. exactly (case and width folded: :func:`~agentweb.game.models.names.fold`);
2. normalised: apostrophes, punctuation and a leading article dropped, the last
   word in the singular ("miners lunch" is "Miner's Lunch", "iron ingots" is
   "Iron Ingot"); an item also by the words of its id (two or more) where no name
   says them ("cooked beef" is ``minecraft:cooked_beef``, the Steak);
3. fuzzily, for Latin runs of words only, when the best close name is the same
   name misspelled (:func:`~agentweb.game.search.same_name.same_name`: the
   documented confidence floor — "kenetic foundation" is "Kinetic Foundation",
   "andesite alloy" is not "Andesite Wall");
4. in part: a chapter, chapter group or reward table named by two or more words of its
   Latin title (``how`` ``part``: "the bell tower" is Bell Tower Mine);
5. near: a Chinese quest title with characters left out (``how`` ``near``: "第一夜" for
   第一个夜晚, :func:`near_titles`' floor) — offered by the planner, never answered about.

A Chinese name is looked up without the particles inside it (的, 之, 个: "矿工午餐" is
"矿工的午餐").

Longer runs win over the runs inside them ("Light the Lantern" is one quest, not
the item Lantern), exact over normalised over fuzzy. A single common word (a stop
word) is never a name, nor is a single Chinese character inside a longer word (线 in
线缆); one standing as a word of its own between particles, verbs of asking or
punctuation is (船 in "我的船是怎么坏的": the Boat, the game's zh_cn name). Everything
stays in memory until the game data changes (:mod:`agentweb.game.versions`).

An entity says whether it is a mob (``mob``: :mod:`agentweb.game.mobs`): the others (the
item on the ground, an arrow, a boat) are linked for search only, and
:func:`mobs_named` never gives them. A mob no lang data names (a modded one a quest asks
to kill) is named by its id ("thermal:blizz" is Blizz).

:func:`mentions` gives the planner (and a real model) the question's entities;
:func:`translations` gives, for names an answer may show, the name in the
player's language where the data has one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process

from agentweb.game import chapter_refs
from agentweb.game.importers.pack.recipes import VANILLA_STATIONS
from agentweb.game.mobs import mob_ids
from agentweb.game.models import Chapter, GameName, Quest, Recipe
from agentweb.game.models.names import DEFAULT_LANGUAGE, NameKind, fold, origin_rank
from agentweb.game.search.cedict import read_dictionary
from agentweb.game.search.same_name import named_in_part, same_name
from agentweb.game.search.terms import STOP_WORDS, terms_of
from agentweb.game.text import clean_text, prettify_id, singular
from agentweb.game.versions import Versioned, read_pinned
from agentweb.lib.game_ids import NAMESPACED_ID
from agentweb.llm.offline.glossary import EN_TO_ZH, ZH_ITEMS, ZH_OTHER, stands_alone, to_zh

# The kinds of things a question is linked to (tasks and rewards are only translated).
LINKED_KINDS = frozenset(
    {
        NameKind.ITEM,
        NameKind.BLOCK,
        NameKind.ENTITY,
        NameKind.FLUID,
        NameKind.STATION,
        NameKind.BOOK,
        NameKind.CHAPTER_GROUP,
        NameKind.CHAPTER,
        NameKind.QUEST,
        NameKind.REWARD_TABLE,
    }
)
# A name is at most this many words, or Chinese characters.
MAX_SPAN_WORDS = 8
MAX_SPAN_CHARS = 16
# A Chinese name has at least two characters (one is a word of the sentence), unless
# it stands as a word of its own (:func:`_one_character_word`).
MIN_CJK_CHARS = 2
# Things one mention may stand for (a quest and an item of the same name, say).
MAX_PER_MENTION = 6
# Mentions kept of one question.
MAX_MENTIONS = 12
# The near pass over Chinese quest titles (:func:`near_titles`): the share of a title's
# characters a name with characters left out must keep, and words no title holds.
NEAR_KINDS = frozenset({NameKind.QUEST})
# What is named in part (:func:`_in_part`): the titles of collections of quests.
PART_KINDS = frozenset({NameKind.CHAPTER, NameKind.CHAPTER_GROUP, NameKind.REWARD_TABLE})
# Words that say the kind of a title, not which one.
KIND_WORDS = frozenset({"chapter", "chapters", "group", "groups", "table", "tables"})
NEAR_SHARE = 2 / 3
QUESTION_WORDS = re.compile(r"几|哪|什么|多少|一共|总共|怎么|如何|有没有|是不是|吗|呢")
# The fuzzy pass: rapidfuzz's prefilter, then :func:`same_name` decides.
FUZZY_PREFILTER = 80
FUZZY_MIN_CHARS = 5
MAX_QUESTION_CHARS = 500
# The glossary's names count as this language's (Minecraft's code for Simplified Chinese).
GLOSSARY_LANGUAGE = "zh_cn"
# "saltmarsh quests", "frostbell book": a book's first word, then one of these.
BOOK_WORDS = ("quest", "quests", "book", "questbook")

# A Chinese character is a token of its own; a Latin word (letters, digits) stops at one:
# "5个灯笼" is "5", "个", "灯", "笼", so that 灯笼 is found in it.
CJK_CHARS = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
WORD = rf"[^\W_{CJK_CHARS}]+"
TOKEN = re.compile(rf"[{CJK_CHARS}]|{WORD}(?:['’]{WORD})*")
CJK = re.compile(rf"[{CJK_CHARS}]")
ARTICLE = re.compile(r"^(?:the|a|an)\s+")
# Particles players leave out of a Chinese name, or put in ("第一个夜晚", "矿工的午餐").
ZH_PARTICLE = re.compile(rf"(?<=[{CJK_CHARS}])[的之个](?=[{CJK_CHARS}])")


def normal_key(text: str, *, article: bool = False) -> str:
    """A name as players may write it: no apostrophes or punctuation, and (unless
    ``article``) no leading article. Chinese is kept as it is (without spaces)."""
    folded = fold(text).replace("'", "").replace("’", "")
    words = re.findall(r"[^\W_]+", folded)
    if not words:
        return ""
    text = " ".join(words)
    if CJK.search(text):
        text = text.replace(" ", "") if all(CJK.fullmatch(w[:1]) for w in words) else text
        # "矿工午餐" is "矿工的午餐": a particle between two characters of a name is dropped.
        return ZH_PARTICLE.sub("", text)
    return text if article else ARTICLE.sub("", text)


def normal_keys(text: str) -> list[str]:
    """The keys a name is looked up by, surest first: with its article, without it, and
    with its last word in the singular (the rules of :func:`~agentweb.game.text.singular`,
    or without a plural "s", or "-ves" as "-f" or "-fe")."""
    key = normal_key(text)
    if not key or CJK.search(key):
        return [key]
    keys = [normal_key(text, article=True), key]
    one = singular(key)
    if one:
        keys.append(one.lower())
    if key.endswith("s") and not key.endswith("ss"):
        keys.append(key[:-1])
        if key.endswith("es"):
            keys.append(key[:-2])
        if key.endswith("ves"):  # "bookshelves", "wolves", "knives": f or fe
            keys += [key[:-3] + "f", key[:-3] + "fe"]
    return list(dict.fromkeys(keys))


@dataclass(frozen=True)
class Named:
    """One thing with a name: its kind and key (``GameName.key``)."""

    kind: str
    key: str


@dataclass
class _Index:
    exact: dict[str, list[Named]]
    normal: dict[str, list[Named]]
    # Every language's name of each thing, the best origin's.
    names: dict[Named, dict[str, str]]
    # Latin normal keys, for the fuzzy pass.
    latin: list[str]
    # Chinese quest titles (normal keys) by their first character, for the near pass.
    zh_titles: dict[str, list[tuple[str, Named]]]
    # Latin titles of chapters, groups and reward tables by each of their words (normal
    # keys), for the pass of names said in part.
    part_titles: dict[str, set[str]]
    # Quests and chapters: their book, id and chapter (for the model and the tools).
    quests: dict[str, tuple[str, str, str, int]]
    chapters: dict[str, tuple[str, str]]
    # Each book's chapters in book order, with their titles in every language (chapters
    # named by number or place: :mod:`agentweb.game.chapter_refs`).
    books: dict[str, list[tuple[str, list[str]]]] = field(default_factory=dict)
    # The entities that are mobs (:func:`agentweb.game.mobs.mob_ids`); the others the data
    # names (an arrow, a boat, the item on the ground) are linked for search only.
    mobs: frozenset[str] = frozenset()
    # Things with a namespaced id (items, blocks, mobs, fluids), by the id folded.
    ids: dict[str, list[Named]] = field(default_factory=dict)
    # Where the data's recipes are made (folded names, every language): an item of such a
    # name named in a question is marked a station (``_describe``).
    stations: frozenset[str] = frozenset()
    # Chinese names of things (normal keys) by their length, for the pass of names typed
    # with characters of the same sound (:func:`_sounds_like`).
    zh_names: dict[int, list[tuple[str, Named]]] = field(default_factory=dict)


def _build() -> _Index:
    best: dict[tuple[str, str, str], tuple[int, str]] = {}
    rows = GameName.objects.values_list("origin", "kind", "key", "language", "text")
    for origin, kind, key, language, text in rows.iterator():
        ident = (kind, key, language)
        rank = origin_rank(origin)
        if ident not in best or rank < best[ident][0]:
            best[ident] = (rank, text)
    names: dict[Named, dict[str, str]] = {}
    for (kind, key, language), (_, text) in best.items():
        names.setdefault(Named(kind, key), {})[language] = text
    mobs = frozenset(mob_ids())
    # A mob no lang data names (a modded one a quest asks to kill) is named by its id:
    # "thermal:blizz" is Blizz, as the quest's task shows it.
    for key in mobs:
        names.setdefault(Named(str(NameKind.ENTITY), key), {DEFAULT_LANGUAGE: prettify_id(key)})
    aliases = _glossary_names(names)
    exact: dict[str, list[Named]] = {}
    normal: dict[str, list[Named]] = {}
    for named, by_language in names.items():
        for text in [*by_language.values(), *aliases.get(named, ())]:
            _add(exact, fold(text), named)
            _add(normal, normal_key(text), named)
            _add(normal, normal_key(text, article=True), named)
    # An item is named by its id too ("cooked beef" is minecraft:cooked_beef, the Steak),
    # an id of two words or more, where no name of anything says those words already (one
    # word of an id is a word of many names: "quartz" is no Nether Quartz).
    for named in names:
        if named.kind == NameKind.ITEM and ":" in named.key:
            said = normal_key(named.key.split(":", 1)[1].replace("_", " "))
            if " " in said and said not in normal and said not in exact:
                _add(normal, said, named)
    for named, by_language in names.items():
        if named.kind == NameKind.BOOK:
            for text in by_language.values():
                for part in _book_parts(text):
                    _add(normal, part, named)
    latin = sorted(k for k in normal if k and not CJK.search(k) and len(k) >= FUZZY_MIN_CHARS)
    zh_titles: dict[str, list[tuple[str, Named]]] = {}
    for named, by_language in names.items():
        if named.kind in NEAR_KINDS:
            for key in {normal_key(t) for t in by_language.values() if CJK.match(t)}:
                zh_titles.setdefault(key[:1], []).append((key, named))
    quests = {
        f"{slug}/{quest_id}": (slug, quest_id, chapter, pk)
        for slug, quest_id, chapter, pk in Quest.objects.values_list(
            "book__slug", "quest_id", "chapter__title", "pk"
        )
    }
    chapters: dict[str, tuple[str, str]] = {}
    books: dict[str, list[tuple[str, list[str]]]] = {}
    rows = Chapter.objects.order_by("book__slug", "order", "filename")
    for slug, chapter_id, title in rows.values_list("book__slug", "chapter_id", "title"):
        key = f"{slug}/{chapter_id}"
        chapters[key] = (slug, title)
        titles = [title, *names.get(Named(NameKind.CHAPTER, key), {}).values()]
        books.setdefault(slug, []).append((key, titles))
    part_titles: dict[str, set[str]] = {}
    for named, by_language in names.items():
        if named.kind in PART_KINDS:
            for key in {normal_key(t) for t in by_language.values() if not CJK.search(t)}:
                for word in terms_of(key):
                    part_titles.setdefault(word, set()).add(key)
    index = _Index(
        exact, normal, names, latin, zh_titles, part_titles, quests, chapters, books, mobs
    )
    index.stations = _stations(names)
    for named, by_language in names.items():
        for key in {normal_key(t) for t in by_language.values() if CJK.match(t)}:
            if MIN_CJK_CHARS <= len(key) <= MAX_SPAN_CHARS and CJK.fullmatch(key[:1]):
                index.zh_names.setdefault(len(key), []).append((key, named))
    for named in names:
        if ":" in named.key:
            _add(index.ids, named.key.casefold(), named)
    return index


def _stations(names: dict[Named, dict[str, str]]) -> frozenset[str]:
    """Every name of a place the data's recipes are made: the game's own recipe types'
    stations, the pack's recipes' stations, and the recipe types the name index names."""
    found = set(VANILLA_STATIONS.values())
    found |= set(Recipe.objects.exclude(station="").values_list("station", flat=True).distinct())
    for named, by_language in names.items():
        if named.kind == NameKind.STATION:
            found |= set(by_language.values())
    return frozenset(fold(name) for name in found if name)


def _add(table: dict[str, list[Named]], key: str, named: Named) -> None:
    if key and named.kind in LINKED_KINDS | {NameKind.TASK, NameKind.REWARD}:
        found = table.setdefault(key, [])
        if named not in found:
            found.append(named)


def _glossary_names(names: dict[Named, dict[str, str]]) -> dict[Named, list[str]]:
    """The offline glossary's Chinese names of common vanilla items and mobs, for things
    the imported lang data names in English only: a fallback, never over the data's.
    Returns every Chinese name the glossary knows for each thing (all are looked up; the
    glossary's preferred one is the name shown)."""
    english: dict[tuple[str, str], Named] = {}
    for named, by_language in names.items():
        if named.kind in (NameKind.ITEM, NameKind.ENTITY) and DEFAULT_LANGUAGE in by_language:
            english.setdefault((named.kind, by_language[DEFAULT_LANGUAGE]), named)
    aliases: dict[Named, list[str]] = {}
    pairs = [(NameKind.ITEM, en, zh) for zh, en in ZH_ITEMS.items()]
    pairs += [(NameKind.ENTITY, en, zh) for en, zh in ZH_OTHER.items()]
    for kind, en, zh in pairs:
        named = english.get((kind, en))
        if named is None:
            continue
        aliases.setdefault(named, []).append(zh)
        names[named].setdefault(GLOSSARY_LANGUAGE, EN_TO_ZH.get(en, zh))
    return aliases


def _book_parts(title: str) -> list[str]:
    """A book is also named by two or more words of its name in a row ("grand expanse"
    for "Create: Grand Expanse"); one word only where :data:`BOOK_WORDS` follows it."""
    words = normal_key(title).split()
    parts = [
        " ".join(words[i:j])
        for i in range(len(words))
        for j in range(i + 2, len(words) + 1)
        if (i, j) != (0, len(words))
    ]
    return parts + [f"{words[0]} {tail}" for tail in BOOK_WORDS if len(words) > 1]


_INDEX = Versioned(_build)


@dataclass
class Mention:
    """A run of the question that names one or more things."""

    text: str
    start: int
    end: int
    how: str  # exact | normalised | fuzzy | place
    things: list[Named] = field(default_factory=list)


def mentions(question: str) -> list[dict]:
    """The things ``question`` names, in the order it names them, as the model sees them:
    ``{"text", "how", "kind", "id", "name", "names", …}`` — one entry per thing (a
    mention that names a quest and an item gives both)."""
    index = _INDEX.get()
    found = _link(clean_text(question)[:MAX_QUESTION_CHARS], index)
    out: list[dict] = []
    for mention in found:
        for named in mention.things[:MAX_PER_MENTION]:
            out.append(_describe(mention, named, index))
    return out


def _link(text: str, index: _Index) -> list[Mention]:
    tokens = [(m.start(), m.end(), m.group(0)) for m in TOKEN.finditer(text)]
    candidates: list[Mention] = []
    for i in range(len(tokens)):
        for j in range(i + 1, min(len(tokens), i + MAX_SPAN_CHARS) + 1):
            span = tokens[i:j]
            start, end = span[0][0], span[-1][1]
            if not (_could_be_name(span) or _one_character_word(text, span)):
                continue
            raw = text[start:end]
            found = _lookup(raw, index)
            if found is not None:
                how, things = found
                candidates.append(Mention(raw, start, end, how, things))
    candidates += _ids(text, index)
    candidates += _fuzzy(text, tokens, index, candidates)
    candidates += _near(text, tokens, index, candidates)
    candidates += _in_part(text, tokens, index, candidates)
    return _best_cover(candidates + _numbered_chapters(text, index, _best_cover(candidates)))


def _ids(text: str, index: _Index) -> list[Mention]:
    """Things named by their id, read whole ("minecraft:wither_skeleton" is the Wither
    Skeleton, not the Wither; "mymod:foo/bar" its own thing): exact, and longer than any
    name inside it."""
    out = []
    for found in NAMESPACED_ID.finditer(text):
        things = _linked(index.ids.get(found.group(0).casefold(), []))
        if things:
            out.append(Mention(found.group(0), found.start(), found.end(), "exact", things))
    return out


def _numbered_chapters(text: str, index: _Index, named: list[Mention]) -> list[Mention]:
    """Chapters named by number or place ("chapter two", "第二章", "the first chapter"):
    in the books the question names, else in every book (several are candidates)."""
    books = [t.key for m in named for t in m.things if t.kind == NameKind.BOOK]
    out = []
    for ref in chapter_refs.references(text):
        found, meant = chapter_refs.chapters_numbered(ref.number, index.books, books)
        things = [Named(NameKind.CHAPTER, key) for _, key in found]
        if things:
            how = "exact" if meant else PLACE
            out.append(Mention(ref.text, ref.start, ref.end, how, things))
    return out


def _could_be_name(span: list[tuple[int, int, str]]) -> bool:
    words = [w for _, _, w in span]
    cjk = sum(1 for w in words if CJK.fullmatch(w))
    latin = len(words) - cjk
    if latin > MAX_SPAN_WORDS:
        return False
    if latin == 0:
        return cjk >= MIN_CJK_CHARS
    if len(words) == 1:
        word = words[0].lower()
        return word not in STOP_WORDS and len(word) > 2
    return True


def _one_character_word(text: str, span: list[tuple[int, int, str]]) -> bool:
    """A Chinese name of one character (船, 猫, 弓) standing as a word of its own in the
    sentence: inside a longer word ("线缆", "旧钟") it is no name."""
    if len(span) != 1 or not CJK.fullmatch(span[0][2]):
        return False
    return stands_alone(text, span[0][0], span[0][1])


def _lookup(raw: str, index: _Index) -> tuple[str, list[Named]] | None:
    """The things ``raw`` names: exactly, else normalised (surest key first). An exact
    name also brings the things that name it without its article ("the Sunken Vault"
    is a chapter, and "Sunken Vault" a quest)."""
    exact = _linked(index.exact.get(fold(raw), []))
    by_key = [_linked(index.normal.get(key, [])) for key in normal_keys(raw)]
    if exact:
        more = [t for found in by_key for t in found if t not in exact]
        return "exact", exact + list(dict.fromkeys(more))
    normal = next((found for found in by_key if found), [])
    return ("normalised", normal) if normal else None


def _linked(things: list[Named]) -> list[Named]:
    return [t for t in things if t.kind in LINKED_KINDS]


def _fuzzy(
    text: str, tokens: list[tuple[int, int, str]], index: _Index, found: list[Mention]
) -> list[Mention]:
    """Misspelled Latin names: runs of 2–5 words that are no exact or normalised name (they
    compete with those by length: "diamond swrod" is the Diamond Sword, not Diamond)."""
    exact_spans = {(m.start, m.end) for m in found}
    out: list[Mention] = []
    for i in range(len(tokens)):
        for j in range(i + 2, min(len(tokens), i + 5) + 1):
            span = tokens[i:j]
            words = [w for _, _, w in span]
            if (span[0][0], span[-1][1]) in exact_spans or any(CJK.fullmatch(w) for w in words):
                continue
            if words[0].lower() in STOP_WORDS or words[-1].lower() in STOP_WORDS:
                continue
            start, end = span[0][0], span[-1][1]
            raw = text[start:end]
            key = normal_key(raw)
            best = process.extractOne(
                key, index.latin, scorer=fuzz.ratio, score_cutoff=FUZZY_PREFILTER
            )
            if best is None or not same_name(raw, best[0]):
                continue
            things = _linked(index.normal.get(best[0], []))
            if things:
                out.append(Mention(raw, start, end, "fuzzy", things))
    return out


def _in_part(
    text: str, tokens: list[tuple[int, int, str]], index: _Index, found: list[Mention]
) -> list[Mention]:
    """Chapters, chapter groups and reward tables named in part ("the bell tower" for Bell
    Tower Mine, "snow camp" for First Snow Camp): runs of two words or more, each a word
    of the title (:func:`~agentweb.game.search.same_name.named_in_part`, the floor the
    quest search uses for a title named in part), that are no other name; the shortest
    such titles. A longer name said in part ("iron pick" for "Iron Pickaxe") is not."""
    taken = {(m.start, m.end) for m in found}
    # A word no such title has (or a Chinese one) ends every run through it: the runs
    # before it are all that can be a title in part.
    barred = [
        bool(CJK.fullmatch(word))
        or any(t not in index.part_titles for t in terms_of(normal_key(word)))
        for _, _, word in tokens
    ]
    out: list[Mention] = []
    for i in range(len(tokens)):
        if barred[i]:
            continue
        for j in range(i + 2, min(len(tokens), i + MAX_SPAN_WORDS) + 1):
            if barred[j - 1]:
                break
            span = tokens[i:j]
            start, end = span[0][0], span[-1][1]
            if (start, end) in taken:
                continue
            raw = text[start:end]
            terms = terms_of(normal_key(raw))
            edges = {normal_key(span[0][2], article=True), normal_key(span[-1][2], article=True)}
            if len([t for t in terms if t not in KIND_WORDS and not t.isdigit()]) < 2:
                continue  # "chapter 1" is a chapter by its number, not a title in part
            if edges & STOP_WORDS:
                continue
            titles = set.intersection(*(index.part_titles.get(t, set()) for t in terms))
            titles = {t for t in titles if named_in_part(raw, t)}
            if not titles:
                continue
            shortest = min(len(t) for t in titles)
            things = [n for t in sorted(titles) if len(t) == shortest for n in index.normal[t]]
            things = [t for t in _linked(things) if t.kind in PART_KINDS]
            if things:
                out.append(Mention(raw, start, end, "part", list(dict.fromkeys(things))))
    return out


def _near(
    text: str, tokens: list[tuple[int, int, str]], index: _Index, found: list[Mention]
) -> list[Mention]:
    """Chinese quest titles named with characters left out ("第一夜" for 第一个夜晚): runs
    of Chinese characters no other name overlaps, each a near title (:func:`near_titles`).
    They are ``near``: the planner offers them, it never answers about them as asked."""
    out: list[Mention] = []
    for i in range(len(tokens)):
        for j in range(i + MIN_CJK_CHARS, min(len(tokens), i + MAX_SPAN_CHARS) + 1):
            span = tokens[i:j]
            start, end = span[0][0], span[-1][1]
            if not all(CJK.fullmatch(w) for _, _, w in span):
                break
            if any(m.start < end and start < m.end for m in found):
                continue
            raw = text[start:end]
            things = near_titles(raw, index)
            if things:
                out.append(Mention(raw, start, end, "near", things))
    return out


def near_titles(raw: str, index: _Index | None = None) -> list[Named]:
    """The Chinese quest titles ``raw`` names with characters left out, the closest first:
    the confidence floor is that every character of it stands in the title in the same
    order, the first one first, covering at least :data:`NEAR_SHARE` of the title's
    characters (particles 的/之/个 not counted), and that no word of a question is in it."""
    index = index or _INDEX.get()
    key = normal_key(raw)
    if len(key) < MIN_CJK_CHARS or not CJK.match(key) or QUESTION_WORDS.search(key):
        return []
    scored = [
        (len(title), named)
        for title, named in index.zh_titles.get(key[:1], [])
        if title != key and len(key) >= len(title) * NEAR_SHARE and _in_order(key, title)
    ]
    if not scored:
        return []
    best = min(size for size, _ in scored)
    return list(dict.fromkeys(named for size, named in scored if size == best))


def _in_order(key: str, title: str) -> bool:
    """Every character of ``key`` stands in ``title``, in the same order."""
    rest = iter(title)
    return all(char in rest for char in key)


# A chapter at a place in books the question does not name ("chapter 4" with several
# books whose titles carry no numbers): a candidate to name, never the one meant.
PLACE = "place"
HOW_RANK = {"exact": 0, "normalised": 1, "fuzzy": 2, "part": 3, "near": 4, PLACE: 5}


def _best_cover(candidates: list[Mention]) -> list[Mention]:
    """Longest runs first, then the surest match; none overlapping."""
    chosen: list[Mention] = []
    for m in sorted(candidates, key=lambda m: (-(m.end - m.start), HOW_RANK[m.how], m.start)):
        if m.things and all(m.end <= c.start or m.start >= c.end for c in chosen):
            chosen.append(m)
    chosen.sort(key=lambda m: m.start)
    return chosen[:MAX_MENTIONS]


def _describe(mention: Mention, named: Named, index: _Index) -> dict:
    names = index.names.get(named, {})
    data: dict = {
        "text": mention.text,
        "how": mention.how,
        "kind": named.kind,
        "id": named.key,
        "name": names.get(DEFAULT_LANGUAGE) or next(iter(names.values()), named.key),
        "names": dict(sorted(names.items())),
    }
    if named.kind == NameKind.ENTITY:
        data["mob"] = named.key in index.mobs
    if named.kind == NameKind.QUEST and named.key in index.quests:
        book, quest_id, chapter, _ = index.quests[named.key]
        data.update(id=quest_id, book=book, chapter=chapter)
    elif named.kind == NameKind.CHAPTER and named.key in index.chapters:
        book, title = index.chapters[named.key]
        book_names = index.names.get(Named(NameKind.BOOK, book), {})
        data.update(book=book, title=title, book_names=dict(sorted(book_names.items())))
    elif "/" in named.key and named.kind != NameKind.QUEST:
        data["book"] = named.key.split("/", 1)[0]
    elif named.kind == NameKind.BOOK:
        data["book"] = named.key
    if named.kind in (NameKind.ITEM, NameKind.BLOCK) and any(
        fold(name) in index.stations for name in names.values()
    ):
        # A furnace, a stonecutter: named beside another item, the place it is made or
        # cooked in, not what is asked about (``agentweb.llm.offline.reading``).
        data["station"] = True
    return data


def things_named(
    text: str, kinds: Iterable[str], keep: Callable[[Named], bool] | None = None
) -> list[Named]:
    """The things of ``kinds`` (and that ``keep``) called ``text`` in any language: exact,
    normalised, then the same name misspelled (:func:`same_name`); ``[]`` when no name is
    close enough."""
    index = _INDEX.get()
    kinds = set(kinds)

    def wanted(thing: Named) -> bool:
        return thing.kind in kinds and (keep is None or keep(thing))

    text = clean_text(text)[:MAX_QUESTION_CHARS]
    for found in (
        index.exact.get(fold(text), []),
        *(index.normal.get(k, []) for k in normal_keys(text)),
    ):
        things = [t for t in found if wanted(t)]
        if things:
            return things
    key = normal_key(text)
    if key and not CJK.search(key) and len(key) >= FUZZY_MIN_CHARS:
        best = process.extractOne(key, index.latin, scorer=fuzz.ratio, score_cutoff=FUZZY_PREFILTER)
        if best is not None and same_name(text, best[0]):
            return [t for t in index.normal.get(best[0], []) if wanted(t)]
    if key and CJK.fullmatch(key[:1]):
        return [t for t in _sounds_like(key, kinds, index) if wanted(t)]
    return []


def mobs_named(text: str) -> list[str]:
    """The ids of the mobs called ``text`` (any language, plural, misspelled within the
    floor, or the id itself): entities that are no mob (:func:`is_mob`) are left out."""
    text = clean_text(text).strip()
    if ":" in text and " " not in text:
        return [text.lower()] if is_mob(text.lower()) else []
    mobs = _INDEX.get().mobs
    return [t.key for t in things_named(text, [NameKind.ENTITY], lambda t: t.key in mobs)]


def is_mob(key: str) -> bool:
    """Whether the entity ``key`` is a mob (:mod:`agentweb.game.mobs`)."""
    return key in _INDEX.get().mobs


def every_mob() -> frozenset[str]:
    """The ids of every mob of the data (:mod:`agentweb.game.mobs`), as the index has them."""
    return _INDEX.get().mobs


# The characters that end a Chinese name say what kind of thing it is (齿轮 of 铜齿轮).
HEAD_CHARS = 2


def same_kind(text: str, kinds: Iterable[str], limit: int) -> list[Named]:
    """Things of ``kinds`` whose Chinese name ends as ``text`` does, ``text`` being no name
    (铁齿轮 → 铜齿轮: what its last characters name): near names to offer, never to take."""
    key = normal_key(clean_text(text))
    if len(key) <= HEAD_CHARS or not all(CJK.fullmatch(c) for c in key):
        return []
    wanted, head = set(kinds), key[-HEAD_CHARS:]
    index = _INDEX.get()
    found = [
        named
        for _, entries in sorted(index.zh_names.items())
        for name, named in entries
        if named.kind in wanted and name.endswith(head) and name != key
    ]
    return list(dict.fromkeys(found))[:limit]


def _sounds_like(key: str, kinds: set[str], index: _Index) -> list[Named]:
    """The one Chinese name ``key`` is typed as with characters of the same sound (a
    pinyin input's slip: 营活 for 营火), at most one character in two changed; ``[]`` when
    none is, or several names are (a guess between them is no name). 铁齿轮 is not 铜齿轮:
    tie is no tong."""
    readings = read_dictionary().readings
    found: dict[str, list[Named]] = {}
    for name, named in index.zh_names.get(len(key), []):
        if named.kind not in kinds:
            continue
        changed = [(a, b) for a, b in zip(key, name, strict=True) if a != b]
        if not changed or len(changed) * 2 > len(key):
            continue
        if all(readings.get(a, frozenset()) & readings.get(b, frozenset()) for a, b in changed):
            found.setdefault(name, []).append(named)
    return next(iter(found.values())) if len(found) == 1 else []


def quest_pks(text: str) -> tuple[list[int], bool]:
    """The quests titled ``text`` in any language (or it misspelled: :func:`things_named`),
    in book and chapter order, and whether one of their titles is ``text`` itself."""
    index = _INDEX.get()
    things = things_named(text, [NameKind.QUEST]) or near_titles(clean_text(text), index)
    found = [index.quests[t.key] for t in things if t.key in index.quests]
    keys = set(normal_keys(text))
    exact = any(normal_key(n) in keys for t in things for n in index.names.get(t, {}).values())
    return [q[3] for q in sorted(found)], exact


def name_of(kind: str, key: str, language: str = DEFAULT_LANGUAGE) -> str | None:
    """What the data calls one thing in ``language`` (else in English, else in any)."""
    names = _INDEX.get().names.get(Named(kind, key), {})
    return names.get(language) or names.get(DEFAULT_LANGUAGE) or next(iter(names.values()), None)


def translations(texts: Iterable[str], language: str) -> dict[str, str]:
    """For each name in ``texts`` (or in a "3× Iron Ingot"-style line of them), its name in
    ``language`` where the data has one that differs. Names of several things that
    translate differently are left out (the answer keeps the name as it is); a block the
    data names in no other language counts as its item."""
    index = _INDEX.get()
    out: dict[str, str] = {}
    for text in _names_in(texts):
        things = index.exact.get(fold(text)) or index.normal.get(normal_key(text)) or []
        # A block is named as its item is: one the data names in no other language does
        # not keep the name of its item (or of a quest titled like it) from being shown.
        wanted = {
            index.names.get(t, {}).get(language)
            for t in things
            if t.kind != NameKind.BLOCK or language in index.names.get(t, {})
        }
        # Every thing of that name must agree: a quest titled like an item keeps its title.
        if len(wanted) == 1 and None not in wanted:
            (name,) = wanted
            if name != text:
                out[text] = name
    return out


def shown_names(texts: Iterable[str], language: str) -> dict[str, str]:
    """Each name of ``texts`` (an item, a mob, "3× Bread", "any Planks", "Coal or
    Charcoal") as an answer in ``language`` shows it: the data's own name in that language
    (:func:`translations`, the imported lang files first), for Chinese the glossary's as
    the fallback, else the name as it is — the rule the planner's answers follow, for
    every name of an answer, not only the one asked about."""
    texts = [str(t) for t in texts if t]
    known = translations(texts, language)
    if language != GLOSSARY_LANGUAGE:
        return {t: known.get(t, t) for t in texts}
    return {t: to_zh(t, known) for t in texts}


COUNTED = re.compile(r"^\d+\s*[×x]\s*")
# The names inside a line: "Coal or Charcoal", "10× Hold off the zombies (kill: Zombie)",
# "choice from reward table: Supply Crate".
PARTS = re.compile(r"\s*(?:[,;/()]|:\s|\bor\b)\s*")


def _names_in(texts: Iterable[str]) -> set[str]:
    found: set[str] = set()
    for text in texts:
        text = " ".join(str(text).split())
        if not text or len(text) > MAX_QUESTION_CHARS:
            continue
        for part in [text, *PARTS.split(text)]:
            part = COUNTED.sub("", part).strip()
            if part:
                found.add(part)
    return found


class QuestionNames:
    """:func:`mentions` and :func:`translations` for the workflows
    (``agentweb.workflows.names.NameService``), off the event loop."""

    async def mentions(self, text: str) -> list[dict]:
        return await read_pinned(mentions, text)

    async def translations(self, texts: list[str], language: str) -> dict[str, str]:
        return await read_pinned(translations, texts, language)
