"""The things a question names, as the request's ``entities`` list them.

The workflow links the question against every name the data has (all imported
languages, ids, close spellings: ``agentweb.game.mentions``) and sends what it
found; the planner reads them here. A name is only ever what the data calls
something: the planner uses the ids and titles of entities in its tool calls, and
a phrase the player wrote that is longer than the entity inside it ("andesite
alloy" around "Andesite") stays the player's phrase — looked up as written, so
the answer says it is not there instead of describing the nearer thing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from agentweb.llm.offline import text as w

QUEST, ITEM, BLOCK, MOB = "quest", "item", "block", "entity"
CHAPTER, GROUP, BOOK, TABLE = "chapter", "chapter_group", "book", "reward_table"
# How a chapter named by its place in a book the question does not name is linked: one
# candidate among the books' chapters at that place (``agentweb.game.mentions``).
PLACE = "place"
WORD = re.compile(r"[^\W_]+")
CJK = re.compile(r"[\u3400-\u9fff]")


@dataclass(frozen=True)
class Entity:
    text: str
    kind: str
    id: str
    name: str
    names: dict[str, str] = field(default_factory=dict, hash=False, compare=False)
    book: str = ""
    chapter: str = ""
    how: str = "exact"
    # A chapter's book, by its names in every language.
    book_names: dict[str, str] = field(default_factory=dict, hash=False, compare=False)
    # An entity (``kind`` "entity") that is a mob; one that is none (an arrow, a boat, the
    # item on the ground: ``agentweb.game.mobs``) is named for search only.
    mob: bool = True
    # An item the data's recipes are made in (a furnace, a stonecutter, a mod's machine).
    station: bool = False

    def name_in(self, language: str) -> str:
        """The entity's name in the answer's language (``zh`` or ``en``)."""
        wanted = "zh_cn" if language == "zh" else "en_us"
        return self.names.get(wanted) or self.name


def looked_up(payload: dict[str, Any]) -> bool:
    """The request says what the question names (``entities``, even an empty list): the
    names were looked up, and a phrase none of them covers names nothing the data has."""
    return isinstance(payload.get("entities"), list)


def read(payload: dict[str, Any]) -> list[Entity]:
    """The request's entities, in question order (malformed entries are skipped)."""
    found = []
    for raw in payload.get("entities") or []:
        if not isinstance(raw, dict) or not isinstance(raw.get("kind"), str):
            continue
        names = raw.get("names") if isinstance(raw.get("names"), dict) else {}
        book_names = raw.get("book_names") if isinstance(raw.get("book_names"), dict) else {}
        found.append(
            Entity(
                text=str(raw.get("text", "")),
                kind=raw["kind"],
                id=str(raw.get("id", "")),
                name=str(raw.get("name") or raw.get("title") or raw.get("id") or ""),
                names={str(k): str(v) for k, v in names.items()},
                book=str(raw.get("book", "")),
                chapter=str(raw.get("chapter", "")),
                how=str(raw.get("how", "exact")),
                book_names={str(k): str(v) for k, v in book_names.items()},
                mob=raw.get("mob") is not False,
                station=raw.get("station") is True,
            )
        )
    return found


def of_kind(entities: list[Entity], *kinds: str) -> list[Entity]:
    return [e for e in entities if e.kind in kinds]


def mobs(entities: list[Entity]) -> list[Entity]:
    """The mobs named (an entity that is no mob is never a kill target or a mob's drops)."""
    return [e for e in entities if e.kind == MOB and e.mob]


def no_mob(entity: Entity) -> bool:
    """An entity the data has that is no mob: a word of the question to search by."""
    return entity.kind == MOB and not entity.mob


def items(entities: list[Entity]) -> list[Entity]:
    """Items mentioned (a block only where no item has its mention), one per mention."""
    by_text: dict[str, Entity] = {}
    for e in entities:
        if e.kind == ITEM or (e.kind == BLOCK and e.text not in by_text):
            by_text[e.text] = e
    return list(by_text.values())


def words(text: str) -> list[str]:
    return WORD.findall(text.casefold().replace("'", "").replace("’", ""))


# Words that name nothing: around a name in a phrase they do not make it another name
# (articles, pronouns, the verbs of asking for things).
FILLER = frozenset(
    (
        "a",
        "an",
        "the",
        "of",
        "to",
        "in",
        "on",
        "up",
        "out",
        "for",
        "with",
        "it",
        "its",
        "is",
        "are",
        "be",
        "opens",
        "open",
        "comes",
        "come",
        "does",
        "do",
        "did",
        "me",
        "my",
        "i",
        "you",
        "we",
        "us",
        "they",
        "them",
        "make",
        "makes",
        "made",
        "get",
        "gets",
        "got",
        "kill",
        "kills",
        "killing",
        "craft",
        "crafting",
        "find",
        "need",
        "needs",
        "use",
        "using",
        "have",
        "has",
        "had",
        "give",
        "gives",
        "build",
        "want",
        "wants",
        "take",
        # "does raw gold work in …", "can kelp go on …": whether a thing does, not a name.
        "work",
        "works",
        "go",
        "goes",
        "put",
        "how",
        "what",
        "which",
        "where",
        "when",
        "why",
        "many",
        "much",
        "more",
        "some",
        "any",
        "all",
        "each",
        "every",
        "one",
        "ones",
    )
)


def inside(entity: Entity, phrase: str) -> bool:
    """The entity is only part of ``phrase``: the phrase has name words the entity's name
    lacks ("andesite alloy" around "Andesite"), so the phrase names something else. A
    phrase that only adds a few filler words ("Master of the Forge opens up") names it."""
    if CJK.search(phrase) and CJK.search(entity.text):
        # A Chinese phrase the pattern reader kept whole is longer than a name inside it,
        # unless what it adds only asks ("能拿到钻石" is 钻石 asked about).
        if entity.text not in phrase or entity.text == phrase:
            return False
        return bool(CJK.search(_unasked(phrase.replace(entity.text, " "), ASKING_ZH)))
    # "the Tide Pool Diver" is mentioned as "Tide Pool Diver": articles do not count.
    mention = [w for w in words(entity.text) if w not in FILLER] or words(entity.text)
    wanted = words(phrase)
    if not mention or not wanted:
        return False
    names = [words(n) for n in (entity.name, *entity.names.values())]
    if wanted == mention or wanted in names:
        return False
    if " ".join(mention) not in " ".join(wanted) or len(wanted) <= len(mention):
        return False
    # Any word of the phrase that names something and is not the name's makes it another
    # name ("Tide Pool Diver Expert", "burning device 2"); words that only ask something
    # ("hand out item vaults", "prereqs for Mainland Smith") do not.
    extra = words(_unasked(" ".join(wanted), ASKING_EN))
    return any(word not in FILLER and word not in mention for word in extra)


# What a question asks (and a count before a name), in words around a name: never part of
# another name.
ASKING_EN = (
    # "2 anvils": a count before the name.
    r"^\d+\b",
    # "… and what do they need": the next clause of the question.
    r"\b(?:and|or|but|then)\s+(?:what|how|where|which|who|why|when|do|does|is|are|can)\b.*$",
    *w.QUEST_ASPECTS_EN.values(),
    *w.ITEM_ASPECTS_EN.values(),
    w.OBTAIN_EN,
    w.WHICH_QUESTS_EN,
    w.KILL_EN,
    w.COUNT_EN,
    w.EACH_EN,
    w.THOSE_EN,
    # "slimeball used for": what it is used for.
    r"\b(?:used|good|useful) (?:for|in)\b",
)
ASKING_ZH = (
    # "两把弓", "2个书架": a count before the name.
    r"^\s*[\d一二两三四五六七八九十]+\s*[个只根张块把件顶面座架盏份条支]?",
    *w.QUEST_ASPECTS_ZH.values(),
    *w.ITEM_ASPECTS_ZH.values(),
    w.OBTAIN_ZH,
    w.WHICH_QUESTS_ZH,
    w.KILL_ZH,
    w.COUNT_ZH,
    w.EACH_ZH,
    w.THOSE_ZH,
    w.USES_ZH,
    # Then particles and what is left of question words ("能拿到钻石啊").
    r"[的了吗呢吧啊呀嘛哦啦么啥什]",
)


def _unasked(text: str, patterns: tuple[str | re.Pattern[str], ...]) -> str:
    """``text`` without the words that ask something."""
    for pattern in patterns:
        text = re.sub(pattern, " ", text)
    return text
