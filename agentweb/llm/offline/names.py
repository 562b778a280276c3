"""Names in a question: extracting them with patterns and cleaning them.

A name found here is only a search term; the planner looks it up with a tool.
"""

from __future__ import annotations

import re

from agentweb.lib.game_ids import ids_in
from agentweb.llm.offline import patterns as pt
from agentweb.llm.offline import text as w

MAX_NAME_CHARS = 80
MAX_NAME_WORDS = 8
# Items named in one question ("a furnace and a torch") that are looked up.
MAX_ITEMS = 3


def quest_name(text: str) -> str | None:
    """The quest a question names: "quest X", "the X quest", "任务 X" or "X任务"."""
    for before in pt.BEFORE_QUEST.finditer(text):
        words = text[: before.start()].split()
        cut = max(
            (i for i, word in enumerate(words) if word.lower() in pt.QUEST_NAME_STARTS), default=-1
        )
        name = clean(" ".join(words[_titled_cut(words, cut) + 1 :])) or clean(
            " ".join(words[cut + 1 :])
        )
        if name:
            return name
    return first_name(pt.QUEST_PATTERNS, text)


# Small words a title in capitals runs on over ("Kill the Dragon", "Master of the Forge").
TITLE_SMALL_WORDS = frozenset("the of a an and to in on for with at from".split())  # noqa: SIM905


def _titled_cut(words: list[str], cut: int) -> int:
    """Where a quest's name starts, before the last word that starts one (``cut``): a title
    in capitals runs on back over small words to capitalised ones ("for the Kill the
    Dragon quest" names Kill the Dragon, not Dragon)."""
    if not (0 <= cut < len(words) - 1 and words[cut + 1][:1].isupper()):
        return cut
    while True:
        i = cut
        while i >= 0 and words[i].lower() in TITLE_SMALL_WORDS:
            i -= 1
        if i < 0 or i == cut or not _capital(words[i]):
            return cut
        while i > 0 and _capital(words[i - 1]):
            i -= 1
        cut = i - 1


def _capital(word: str) -> bool:
    """A capitalised word of a title, not one that starts a question or a name."""
    return word[:1].isupper() and word.lower() not in pt.QUEST_NAME_STARTS and word != "I"


def all_names(patterns: tuple[re.Pattern[str], ...], text: str) -> list[str]:
    found = []
    for pattern in patterns:
        for match in pattern.finditer(text):
            name = clean(match.group("n"))
            if name and name not in found:
                found.append(name)
    return found


def first_name(patterns: tuple[re.Pattern[str], ...], text: str) -> str | None:
    names = all_names(patterns, text)
    return names[0] if names else None


# Words no Chinese name holds: a run with them is a question, not a title.
ZH_NOT_NAMES = re.compile(r"几|哪|什么|多少|一共|总共|为什么|怎么|有没有")


def clean(raw: str) -> str | None:
    """A usable name, or ``None``: no articles, pronouns, punctuation or sentences."""
    name = raw.strip(" \t'\"“”‘’「」《》?？!！.,，。:：;")
    if ZH_NOT_NAMES.search(name):
        return None
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


def latin(text: str) -> str | None:
    """The Latin-script part of a Chinese question: a name the data spells in English, or
    the first id it names (read whole)."""
    named = ids_in(text)
    if named:
        return named[0]
    runs = [r.strip() for r in pt.LATIN.findall(text)]
    runs = [r for r in runs if r and r.lower() not in w.NOT_NAMES]
    return clean(max(runs, key=len)) if runs else None


def split_items(names: list[str]) -> list[str]:
    """ "a furnace and a torch", "活塞、铁砧以及盾牌" → a name each; quest-like phrases stay
    whole."""
    out: list[str] = []
    for name in names:
        for part in re.split(rf",\s*|\s+and\s+|{w.LIST_ZH}", name):
            cleaned = clean(part)
            if cleaned and cleaned not in out:
                out.append(cleaned)
    return out[:MAX_ITEMS]
