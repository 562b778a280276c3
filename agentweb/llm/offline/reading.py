"""Reading a question through the things it names (the request's ``entities``).

The pattern reader (``offline.intent``) finds names by the words around them; this
reader starts from what the data says the question names — quests, items, mobs,
chapters, groups, books, in any imported language — and from the aspects the rest
of the question asks (what a quest needs or gives, a count, "which quests", a kill,
raw materials "in total", "each of them", where things come from). The pair decides
the intent, for any book and either language:

* several quests ("which quests …", "哪些任务 …") with a mob or a kill → quests by
  kill target; with an item → quests that give it and/or ask for it; limited to
  the book, group or chapter the question names;
* a chapter group → its chapters and their counts; a book → its chapters and
  counts; a chapter → its quests and their count;
* a quest → its aspects by id (no search), or, when the question goes on to the
  items ("where does each come from", "in total"), a chain: the quest, then its
  items' sources or their bill of materials;
* an item → its sources, or its raw materials ("raw materials", "in total",
  "each of them"), or its food values.

A phrase of the player's that is longer than the entity inside it ("andesite
alloy" around Andesite) is not that entity: the pattern reader's phrase is kept
and looked up as written, so the answer says the data does not have it.
"""

from __future__ import annotations

import re

from agentweb.llm.offline import text as w
from agentweb.llm.offline.entities import (
    BOOK,
    CHAPTER,
    GROUP,
    MOB,
    QUEST,
    Entity,
    inside,
    items,
    of_kind,
)
from agentweb.llm.offline.parsed import (
    ACTIONS,
    ITEM_ASPECTS,
    MAX_QUANTITY,
    Intent,
    Parsed,
    aspects_of,
)

# Aspects only a quest has: asked with a name that is a quest and an item, it is the quest.
QUEST_ONLY = ("rewards", "prerequisites", "unlocks", "chapter", "group")
NUMBER = re.compile(r"\d+|[一二两三四五六七八九十百]+")
ZH_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
NOT_READ = frozenset({Intent.PROFILE, Intent.SMALL_TALK}) | ACTIONS


class Asked:
    """What the question asks, besides the names in it."""

    def __init__(self, p: Parsed, rest: str) -> None:
        low = rest.lower()

        def has(en: re.Pattern[str], zh: re.Pattern[str]) -> bool:
            return bool(en.search(low) or zh.search(rest))

        self.aspects = set(aspects_of(low if p.lang == "en" else rest, p.lang))
        self.which = has(w.WHICH_QUESTS_EN, w.WHICH_QUESTS_ZH)
        self.kill = has(w.KILL_EN, w.KILL_ZH)
        self.total = has(w.TOTAL_EN, w.TOTAL_ZH)
        self.each = has(w.EACH_EN, w.EACH_ZH)
        self.materials = has(w.MATERIALS_EN, w.MATERIALS_ZH)
        self.count = has(w.COUNT_EN, w.COUNT_ZH)
        self.obtain = bool(w.OBTAIN_EN.search(low) or w.OBTAIN_ZH.search(rest))
        self.chapters = has(w.CHAPTERS_EN, w.CHAPTERS_ZH)
        self.quest_word = bool(w.QUEST_WORD.search(low))
        self.lore = bool(w.LORE_EN.search(low.strip()) or w.LORE_ZH.search(rest.strip()))

    @property
    def chain(self) -> bool:
        """The question goes on from a quest's items to where they come from."""
        return self.obtain or self.total or self.each

    @property
    def bill(self) -> bool:
        """Raw materials, counts added up, or every material and how to get it."""
        return self.total or (self.each and (self.obtain or self.materials))


def refine(p: Parsed, entities: list[Entity]) -> Parsed:
    """``p`` (the pattern reader's) decided by the entities where they name the subject."""
    if p.intent in NOT_READ:
        return p
    phrases = [name for name in (p.quest, p.chapter, *p.items) if name]
    live = [e for e in entities if not any(inside(e, phrase) for phrase in phrases)]
    if not live:
        return p
    asked = Asked(p, _without(p.text, live))
    quests, things, mobs = of_kind(live, QUEST), items(live), of_kind(live, MOB)
    _scope(p, live)
    if asked.which and not quests and _reverse(p, asked, things, mobs):
        return p
    if asked.lore and not quests and p.intent is Intent.KNOWLEDGE:
        return p
    groups, books, chapters = of_kind(live, GROUP), of_kind(live, BOOK), of_kind(live, CHAPTER)
    if groups and not quests:
        p.intent, p.group, p.book = Intent.GROUP, groups[0].name, groups[0].book or None
        return p
    if chapters and not quests and (asked.count or asked.which or asked.quest_word):
        p.intent, p.chapter = Intent.CHAPTER, chapters[0].name
        p.aspects = (*p.aspects, "count") if asked.count else p.aspects
        return p
    if books and not quests and not things and (asked.count or asked.chapters):
        p.intent, p.book = Intent.BOOK, books[0].book or books[0].id
        return p
    if quests and _is_quest(asked, quests, things):
        _quest(p, asked, _best_quest(quests, chapters, books))
        return p
    if things:
        _item(p, asked, things)
    return p


def _without(text: str, entities: list[Entity]) -> str:
    for e in sorted(entities, key=lambda e: -len(e.text)):
        if e.text:
            text = re.sub(re.escape(e.text), " ", text, flags=re.I)
    return text


def _scope(p: Parsed, live: list[Entity]) -> None:
    for e in live:
        if e.kind == BOOK:
            p.scope.setdefault("book", e.book or e.id)
        elif e.kind == CHAPTER:
            p.scope.setdefault("chapter", e.name)
            if e.book:
                p.scope.setdefault("book", e.book)
        elif e.kind == GROUP:
            p.scope.setdefault("group", e.name)
            if e.book:
                p.scope.setdefault("book", e.book)


def _reverse(p: Parsed, asked: Asked, things: list[Entity], mobs: list[Entity]) -> bool:
    """Several quests: by the mob their kill tasks name, or by an item they give or ask for."""
    if mobs or (asked.kill and not things):
        p.intent = Intent.QUEST_KILLERS
        p.kills = mobs[0].id if mobs else None
        return True
    if not things:
        return False
    gives = "rewards" in asked.aspects or asked.obtain or p.intent is Intent.QUEST_REWARDERS
    needs = "tasks" in asked.aspects or p.intent is Intent.QUEST_REQUIRERS
    p.items = [things[0].id]
    p.intent = Intent.QUEST_REWARDERS if gives or not needs else Intent.QUEST_REQUIRERS
    p.also_requirers = gives and needs
    return True


def _is_quest(asked: Asked, quests: list[Entity], things: list[Entity]) -> bool:
    """A name that is a quest (and maybe an item too) means the quest when the question
    says "quest" or asks what only a quest has, or asks nothing an item has."""
    if asked.quest_word or asked.aspects & set(QUEST_ONLY):
        return True
    same = {e.text.casefold() for e in things} & {q.text.casefold() for q in quests}
    if not same:
        return True
    item_asked = asked.aspects & set(ITEM_ASPECTS) or asked.obtain or asked.materials
    return not (item_asked or asked.total)


def _best_quest(quests: list[Entity], chapters: list[Entity], books: list[Entity]) -> Entity:
    """Of several quests named, the one in the chapter or book the question names, the
    surest match first."""
    where = {c.name.casefold() for c in chapters} | {c.chapter.casefold() for c in chapters}
    in_chapter = [q for q in quests if q.chapter.casefold() in where]
    in_book = [q for q in quests if q.book in {b.book or b.id for b in books}]
    ranked = in_chapter or in_book or quests
    return min(ranked, key=lambda q: ({"exact": 0, "normalised": 1}.get(q.how, 2), -len(q.text)))


def _quest(p: Parsed, asked: Asked, quest: Entity) -> None:
    p.quest, p.quest_id, p.said_quest = quest.name, quest.id, True
    p.items = []
    if quest.book:
        p.scope["book"] = quest.book
    chain = asked.chain and not (asked.aspects & {"prerequisites", "unlocks"})
    p.intent = Intent.QUEST_CHAIN if chain or p.intent is Intent.QUEST_CHAIN else Intent.QUEST_INFO
    p.materials = p.intent is Intent.QUEST_CHAIN and (asked.bill or asked.total)
    if asked.count and not p.asks("rewards", "prerequisites", "unlocks"):
        p.aspects = tuple(dict.fromkeys((*p.aspects, "tasks")))


def _item(p: Parsed, asked: Asked, things: list[Entity]) -> None:
    p.items = [e.id for e in things[:3]]
    p.quantity = _quantity(p.text, things[0])
    if asked.bill or (asked.materials and asked.obtain):
        p.intent, p.materials = Intent.ITEM_MATERIALS, True
    elif asked.aspects & {"food"} and not asked.aspects & {"craft", "cooking", "drops"}:
        p.intent = Intent.ITEM_INFO
    elif p.intent in (Intent.KNOWLEDGE, Intent.ITEM_INFO, Intent.QUEST_INFO, Intent.CHAPTER):
        if asked.aspects & set(ITEM_ASPECTS) or asked.obtain or asked.materials or asked.count:
            p.intent = Intent.ITEM_SOURCE
    elif p.intent in (Intent.QUEST_REWARDERS, Intent.QUEST_REQUIRERS):
        return
    else:
        p.intent = Intent.ITEM_SOURCE


def _quantity(text: str, entity: Entity) -> int:
    """How many of the item the question wants: the number just before its name."""
    at = text.casefold().find(entity.text.casefold())
    before = text[:at] if at > 0 else ""
    numbers = NUMBER.findall(before[-12:]) or NUMBER.findall(text)
    if not numbers:
        return 1
    value = _number(numbers[-1] if before else numbers[0])
    return max(1, min(value, MAX_QUANTITY * 64))


def _number(text: str) -> int:
    if text.isdigit():
        return int(text)
    if text == "十":
        return 10
    if text.startswith("十"):
        return 10 + ZH_DIGITS.get(text[1:], 0)
    if "十" in text:
        tens, _, ones = text.partition("十")
        return ZH_DIGITS.get(tens, 1) * 10 + ZH_DIGITS.get(ones, 0)
    return ZH_DIGITS.get(text[:1], 1)
