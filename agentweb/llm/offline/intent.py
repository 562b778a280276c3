"""Reading a question: what it asks (the intent) and which names it mentions.

Pure text rules (English and Chinese). Names are taken from quotes first,
then from patterns such as "quest X", "craft X", "which quest rewards X",
then (Chinese) from the glossary or the Latin-script part of the question.
A name found here is only a search term: the planner looks it up with a
tool and uses what the data returns, never the name as a fact.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum

from agentweb.llm.offline import patterns as pt
from agentweb.llm.offline import text as w

MAX_NAME_CHARS = 80
MAX_NAME_WORDS = 8
DEFAULT_QUANTITY = 1
MAX_QUANTITY = 64


class Intent(StrEnum):
    PROFILE = "profile"
    QUEST_CHAIN = "quest_chain"  # a quest's required items, then where they come from
    QUEST_INFO = "quest_info"
    QUEST_REWARDERS = "quest_rewarders"
    QUEST_REQUIRERS = "quest_requirers"
    CHAPTER = "chapter"
    ITEM_SOURCE = "item_source"
    ITEM_INFO = "item_info"
    KNOWLEDGE = "knowledge"
    BUY = "buy"
    SIGNIN = "signin"
    CLAIM = "claim"
    SMALL_TALK = "small_talk"


GAME_DATA = frozenset(
    {
        Intent.PROFILE,
        Intent.QUEST_CHAIN,
        Intent.QUEST_INFO,
        Intent.QUEST_REWARDERS,
        Intent.QUEST_REQUIRERS,
        Intent.CHAPTER,
        Intent.ITEM_SOURCE,
        Intent.ITEM_INFO,
    }
)
ACTIONS = frozenset({Intent.BUY, Intent.SIGNIN, Intent.CLAIM})


@dataclass(slots=True)
class Parsed:
    text: str
    lang: str
    intent: Intent
    aspect: str = "all"
    quest: str | None = None
    quest_id: str | None = None
    items: list[str] = field(default_factory=list)
    chapter: str | None = None
    quantity: int = DEFAULT_QUANTITY


def parse(question: str) -> Parsed:
    """The intent and names of a question (see the module docstring)."""
    text = " ".join(question.strip().split())
    low = text.lower()
    lang = "zh" if w.CJK.search(text) else "en"
    quoted = [next(g for g in m.groups() if g) for m in pt.QUOTED.finditer(text)]
    qid = pt.QUEST_ID.search(text)
    p = Parsed(text, lang, Intent.KNOWLEDGE, quest_id=qid.group(0).upper() if qid else None)
    p.aspect = _aspect(low, lang)

    action = _action(p, low, quoted)
    if action is not None:
        p.intent = action
        return p
    if w.PROFILE_EN.search(low) or w.PROFILE_ZH.search(text):
        p.intent = Intent.PROFILE
        return p
    for intent, en, zh in (
        (Intent.QUEST_REWARDERS, w.REWARDERS_EN, w.REWARDERS_ZH),
        (Intent.QUEST_REQUIRERS, w.REQUIRERS_EN, w.REQUIRERS_ZH),
    ):
        if en.search(low) or zh.search(text):
            item = quoted[0] if quoted else _first_name(pt.REWARD_PATTERNS, text) or _zh_item(text)
            if item:
                p.intent, p.items = intent, [item]
                return p
    chapter = w.CHAPTER_EN.search(text) or (w.CHAPTER_ZH.search(text) if lang == "zh" else None)
    if chapter and w.QUEST_WORD.search(low):
        p.intent, p.chapter = Intent.CHAPTER, _clean(chapter.group("c"))
        return p
    obtain = bool(w.OBTAIN_EN.search(low) or w.OBTAIN_ZH.search(text))
    if w.QUEST_WORD.search(low) or p.quest_id:
        p.quest = quoted[0] if quoted else _quest_name(text)
        if p.quest or p.quest_id:
            # "Crafting Table" is a name, not the verb "craft".
            rest = text.replace(p.quest or p.quest_id or "", " ")
            chain = w.OBTAIN_EN.search(rest.lower()) or w.OBTAIN_ZH.search(rest)
            p.intent = Intent.QUEST_CHAIN if chain else Intent.QUEST_INFO
            return p
    items = quoted or _names(pt.ITEM_PATTERNS, text) or ([_zh_item(text)] if lang == "zh" else [])
    items = [i for i in items if i]
    if items and (obtain or lang == "zh"):
        p.intent, p.items = Intent.ITEM_SOURCE, _split_items(items)
        return p
    info = quoted or _names(pt.INFO_PATTERNS, text)
    if info:
        p.intent, p.items = Intent.ITEM_INFO, info[:1]
        return p
    if w.GREETING.search(text) or w.THANKS.search(text):
        p.intent = Intent.SMALL_TALK
    return p


def _aspect(low: str, lang: str) -> str:
    for name, pattern in w.ASPECTS_ZH if lang == "zh" else w.ASPECTS_EN:
        if re.search(pattern, low):
            return name
    return "all"


def _action(p: Parsed, low: str, quoted: list[str]) -> Intent | None:
    """A request to do something (buy, sign in, claim), not a question about it."""
    asks = bool(w.QUESTION_FORM.search(low)) and not w.POLITE_ACTION.search(low)
    if asks:
        return None
    buy = w.BUY_EN.search(p.text) or w.BUY_ZH.search(p.text)
    if buy:
        name = quoted[0] if quoted else _clean(buy.group("n"))
        if p.lang == "zh":
            name = _zh_item(name) or name
        if name:
            p.items = [name]
            p.quantity = _quantity(buy.group("q"))
            return Intent.BUY
    if w.SIGNIN_ACTION.search(low):
        return Intent.SIGNIN
    if w.CLAIM_ACTION.search(low):
        p.quest = (
            quoted[0] if quoted else _first_name(pt.QUEST_PATTERNS, p.text) or _after_claim(p.text)
        )
        return Intent.CLAIM
    return None


def _quest_name(text: str) -> str | None:
    """The quest a question names: "quest X", "the X quest", "任务 X" or "X任务"."""
    for before in pt.BEFORE_QUEST.finditer(text):
        words = text[: before.start()].split()
        cut = max(
            (i for i, word in enumerate(words) if word.lower() in pt.QUEST_NAME_STARTS), default=-1
        )
        name = _clean(" ".join(words[cut + 1 :]))
        if name:
            return name
    return _first_name(pt.QUEST_PATTERNS, text)


def _after_claim(text: str) -> str | None:
    match = re.search(
        r"(?:claim|领取)\s*(?:the\s+)?(?:rewards?\s+(?:of|for)\s+)?(?:the\s+)?(?P<n>[^?.!,;，。？]+)",
        text,
        re.I,
    )
    return _clean(match.group("n")) if match else None


def _quantity(raw: str | None) -> int:
    digits = re.sub(r"\D", "", raw or "")
    return max(1, min(int(digits), MAX_QUANTITY)) if digits else DEFAULT_QUANTITY


def _names(patterns: tuple[re.Pattern[str], ...], text: str) -> list[str]:
    found = []
    for pattern in patterns:
        for match in pattern.finditer(text):
            name = _clean(match.group("n"))
            if name and name not in found:
                found.append(name)
    return found


def _first_name(patterns: tuple[re.Pattern[str], ...], text: str) -> str | None:
    names = _names(patterns, text)
    return names[0] if names else None


def _clean(raw: str) -> str | None:
    """A usable name, or ``None``: no articles, pronouns, punctuation or sentences."""
    name = raw.strip(" \t'\"“”‘’「」《》?？!！.,，。:：;")
    name = re.sub(r"^(?:an?|the|some|my)\s+", "", name, flags=re.I)
    name = re.sub(
        r"(?:\s+(?:item|block|please|for me|in minecraft|in the game))+$", "", name, flags=re.I
    )
    words = name.split()
    if not words or len(name) > MAX_NAME_CHARS or len(words) > MAX_NAME_WORDS:
        return None
    if words[0].lower() in w.NOT_NAMES and len(words) == 1:
        return None
    if words[0].lower() in pt.BAD_FIRST_WORDS:
        return None
    return name


def _zh_item(text: str) -> str | None:
    """An item named in Chinese (glossary, longest first) or the Latin-script part."""
    for zh in sorted(w.ZH_ITEMS, key=len, reverse=True):
        if zh in text:
            return w.ZH_ITEMS[zh]
    runs = [r.strip() for r in pt.LATIN.findall(text)]
    runs = [r for r in runs if r and r.lower() not in w.NOT_NAMES]
    return _clean(max(runs, key=len)) if runs else None


def _split_items(names: list[str]) -> list[str]:
    """ "a furnace and a torch" → two names; quest-like phrases stay whole."""
    out: list[str] = []
    for name in names:
        for part in re.split(r",\s*|\s+and\s+|和|与", name):
            cleaned = _clean(part)
            if cleaned and cleaned not in out:
                out.append(cleaned)
    return out[:3]
