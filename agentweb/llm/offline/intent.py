"""Reading a question: what it asks (the intent) and which names it mentions.

Pure text rules (English and Chinese). Names are taken from quotes first,
then from patterns such as "quest X", "craft X", "which quest rewards X",
then (Chinese) from the glossary or the Latin-script part of the question.
A name found here is only a search term: the planner looks it up with a
tool and uses what the data returns, never the name as a fact.
"""

from __future__ import annotations

import functools
import re
from dataclasses import replace

from agentweb.lib.game_ids import ids_in
from agentweb.llm.offline import names as nm
from agentweb.llm.offline import patterns as pt
from agentweb.llm.offline import text as w
from agentweb.llm.offline.entities import Entity
from agentweb.llm.offline.glossary import zh_item, zh_items
from agentweb.llm.offline.parsed import (
    DEFAULT_QUANTITY,
    ITEM_ASPECTS,
    MAX_QUANTITY,
    QUEST_ASPECTS,
    Intent,
    Parsed,
    about_the_pack,
    aspects_of,
    only_may,
)
from agentweb.llm.offline.reading import refine

# Questions whose parse is kept (a run parses its question on every planner call).
PARSED_KEPT = 256


def parse(question: str, entities: tuple[Entity, ...] = (), *, linked: bool = False) -> Parsed:
    """The intent and names of a question (see the module docstring), refined by the
    things the request says it names (``offline.reading``): the caller's own copy. A run
    asks about the same question on every call; it is parsed once. ``linked``: the
    request's names were looked up (its ``entities``, even none): a name the pattern
    reader only guessed that links to nothing is no name."""
    parsed = _parse_once(question, entities, linked)
    return replace(parsed, items=list(parsed.items), scope=dict(parsed.scope))


@functools.lru_cache(maxsize=PARSED_KEPT)
def _parse_once(question: str, entities: tuple[Entity, ...], linked: bool) -> Parsed:
    parsed = _parse(question)
    return refine(parsed, list(entities), linked=linked)


def _profile(low: str, text: str) -> bool:
    """The player asks about her own values (balance, level, streak, quests), not what a
    rule lets her do with them ("can I cash out my coins?": the knowledge base)."""
    mine = w.PROFILE_EN.search(low) or w.PROFILE_ZH.search(text)
    return bool(mine) and not (w.RULE_EN.search(low) or w.RULE_ZH.search(text))


def _parse(question: str) -> Parsed:
    text = " ".join(question.strip().split())
    low = text.lower()
    lang = "zh" if w.CJK.search(text) else "en"
    quoted = [next(g for g in m.groups() if g) for m in pt.QUOTED.finditer(text)]
    qid = pt.QUEST_ID.search(text)
    p = Parsed(text, lang, Intent.KNOWLEDGE, quest_id=qid.group(0).upper() if qid else None)
    p.aspects = _aspects(low if lang == "en" else text, lang)
    p.said_quest = bool(w.QUEST_WORD.search(low) or p.quest_id)

    action = _action(p, low, quoted)
    if action is not None:
        p.intent = action
        return p
    if _profile(low, text):
        p.intent = Intent.PROFILE
        return p
    tag = pt.TAG_ID.search(text)
    if tag:
        # "#c:gears 这个标签里都有啥", "what's in #minecraft:planks": the tag's items.
        p.intent, p.tag, p.items = Intent.ITEM_INFO, tag.group(1).lower(), []
        return p
    titled = w.TITLE_WORD_EN.search(text) or w.TITLE_WORD_ZH.search(text)
    word = titled and nm.clean(titled["w"] or titled.groupdict().get("w2") or "")
    if word:
        p.intent, p.title_word = Intent.QUEST_TITLES, word
        return p
    for intent, en, zh in (
        (Intent.QUEST_REWARDERS, w.REWARDERS_EN, w.REWARDERS_ZH),
        (Intent.QUEST_REQUIRERS, w.REQUIRERS_EN, w.REQUIRERS_ZH),
    ):
        if en.search(low) or zh.search(text):
            item = quoted[0] if quoted else nm.first_name(pt.REWARD_PATTERNS, text) or zh_item(text)
            item = item or nm.latin(text)
            if item:
                p.intent, p.items = intent, [item]
                return p
    if _quest_question(p, text, quoted):
        return p
    chapter = _chapter_name(p, text, low)
    if _every_book(p, text, chapter):
        p.intent, p.aspects = Intent.BOOK, tuple(dict.fromkeys((*p.aspects, "count")))
        return p
    if chapter:
        p.intent, p.chapter = Intent.CHAPTER, chapter
        return p
    if w.LORE_EN.search(low) or w.LORE_ZH.search(text):
        return p  # a knowledge question
    judge, place = about_the_pack(text, lang)
    obtain = bool(w.OBTAIN_EN.search(low) or w.OBTAIN_ZH.search(text))
    if (judge and not only_may(text, lang)) or (place and not obtain):
        return p  # about the pack's rules or story (``reading`` adds the data on what it names)
    named = quoted or zh_items(text) if lang == "zh" else []
    # An id is a name whatever is asked of it ("mymod:foo_bar 掉什么"), read whole.
    ids = ids_in(text) if lang == "zh" else []
    if lang == "zh":
        # English name patterns read Chinese badly: the glossary and Latin names instead;
        # then the words before "怎么合成" (a name the glossary lacks, looked up as written).
        items = named or ids or [name for name in (nm.latin(text),) if name]
        subject = pt.ZH_SUBJECT.match(text) if not items else None
        if subject:
            named = items = [subject["n"]]
    else:
        items = quoted or nm.all_names(pt.ITEM_PATTERNS, text)
    if items:
        # Words inside a name are not what the question asks: "cooked beef" is no cooking.
        p.aspects = _aspects(_without(text, items), lang)
        # A Latin word of a Chinese question is a name only when an item is asked about
        # ("forge 还是 fabric" asks none): the glossary's names and ids are read as items.
        if obtain or p.asks(*ITEM_ASPECTS) or bool(named) or bool(ids):
            _item_question(p, nm.split_items(items))
            return p
    subject = nm.first_name(pt.SUBJECT_PATTERNS, text)
    if subject:
        p.aspects = _aspects(_without(text, [subject]), lang)
        if p.asks(*ITEM_ASPECTS):
            _item_question(p, [subject])
            p.guessed = True
            return p
        if p.asks(*QUEST_ASPECTS):
            p.intent, p.quest, p.guessed = Intent.QUEST_INFO, subject, True
            return p
    info = quoted or nm.all_names(pt.INFO_PATTERNS, text)
    if info:
        p.intent, p.items = Intent.ITEM_INFO, info[:1]
        return p
    if w.GREETING.search(text) or w.THANKS.search(text):
        p.intent = Intent.SMALL_TALK
    return p


def _quest_question(p: Parsed, text: str, quoted: list[str]) -> bool:
    """A question that names a quest ("quest X", "the X quest", "任务 X", an id)."""
    if not p.said_quest:
        return False
    unlocked = pt.UNLOCKED_QUEST.search(text)
    if unlocked and nm.clean(unlocked.group("n")):
        p.intent, p.quest = Intent.QUEST_INFO, nm.clean(unlocked.group("n"))
        p.aspects = ("prerequisites",)
        return True
    p.quest = quoted[0] if quoted else nm.quest_name(text)
    if not (p.quest or p.quest_id) and p.lang == "zh" and p.asks(*QUEST_ASPECTS):
        p.quest = nm.latin(text)  # "Shell Collector 之后是什么任务？"
    if not (p.quest or p.quest_id):
        return False
    # Chinese words written onto 任务 may be a word with it (任务进度, 接上以后任务…), not a
    # title: one set apart (a space, 这个, quotes) is marked as a name.
    glued = p.quest and (f"任务{p.quest}" in text or f"{p.quest}任务" in text)
    p.guessed = bool(glued) and not quoted and bool(w.CJK.search(p.quest or ""))
    # "Crafting Table" is a name, not the verb "craft".
    rest = _without(text, [p.quest or p.quest_id or ""])
    p.aspects = _aspects(rest.lower() if p.lang == "en" else rest, p.lang)
    chain = w.CHAIN_EN.search(rest.lower()) or w.OBTAIN_ZH.search(rest)
    p.intent = Intent.QUEST_CHAIN if chain else Intent.QUEST_INFO
    return True


def _chapter_name(p: Parsed, text: str, low: str) -> str | None:
    """The chapter a question about a chapter names (its quests, their count, its group)."""
    asks_chapter = (
        "chapter" in low
        or "章" in text
        or bool(w.CHAPTER_COUNT.search(low) or w.CHAPTER_COUNT.search(text))
        or bool(pt.QUESTS_IN.search(text))
    )
    if not asks_chapter or not (p.said_quest or "group" in p.aspects or "chapter" in low):
        return None
    if w.CHAPTER_COUNT.search(low) or w.CHAPTER_COUNT.search(text):
        p.aspects = (*p.aspects, "count")
    return nm.first_name(pt.CHAPTER_PATTERNS, text)


def _every_book(p: Parsed, text: str, chapter: str | None) -> bool:
    """Whether a question counts the quests of every book: "how many quests are there (in
    total, on the server)", "服务器一共有多少个任务" — the name a chapter pattern read, if
    any, is the whole server's."""
    if "count" not in p.aspects and not w.CHAPTER_COUNT.search(text.lower()):
        return False
    if chapter is not None:
        return bool(w.EVERY_BOOK.match(chapter.strip()))
    rest = w.CHAPTER_COUNT.sub(" ", text.lower())
    return not re.search(r"\b(?:quest|chapter|group)s?\b|章|组|[\"“「]", rest)


def _without(text: str, names: list[str]) -> str:
    for name in names:
        text = re.sub(re.escape(name), " ", text, flags=re.I)
    return text.lower()


def _item_question(p: Parsed, names: list[str]) -> None:
    p.items = names
    food_only = p.asks("food") and not p.asks("craft", "cooking", "drops")
    p.intent = Intent.ITEM_INFO if food_only else Intent.ITEM_SOURCE


def _aspects(text: str, lang: str) -> tuple[str, ...]:
    return aspects_of(text, lang)


def _action(p: Parsed, low: str, quoted: list[str]) -> Intent | None:
    """A request to do something (buy, sign in, claim), not a question about it."""
    asks = bool(w.QUESTION_FORM.search(low)) and not w.POLITE_ACTION.search(low)
    if asks:
        return None
    buy = w.BUY_EN.search(p.text) or w.BUY_ZH.search(p.text)
    if buy:
        name = quoted[0] if quoted else nm.clean(buy.group("n"))
        if p.lang == "zh":
            name = zh_item(name) or nm.latin(name) or name
        if name:
            p.items = [name]
            p.quantity = _quantity(buy.group("q"))
            return Intent.BUY
    if w.SIGNIN_ACTION.search(low):
        return Intent.SIGNIN
    if w.CLAIM_ACTION.search(low):
        p.quest = (
            quoted[0]
            if quoted
            else nm.first_name(pt.QUEST_PATTERNS, p.text) or _after_claim(p.text)
        )
        return Intent.CLAIM
    return None


def _after_claim(text: str) -> str | None:
    match = re.search(
        r"(?:claim|领取)\s*(?:the\s+)?(?:rewards?\s+(?:of|for)\s+)?(?:the\s+)?(?P<n>[^?.!,;，。？]+)",
        text,
        re.I,
    )
    return nm.clean(match.group("n")) if match else None


def _quantity(raw: str | None) -> int:
    digits = re.sub(r"\D", "", raw or "")
    return max(1, min(int(digits), MAX_QUANTITY)) if digits else DEFAULT_QUANTITY
