"""What the offline planner reads from a question: its intent, the aspects it asks and the
names it mentions (``Parsed``), shared by the readers (``intent``, ``reading``), the
recipes (``plan``) and the answers."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum

from agentweb.llm.offline import text as w

DEFAULT_QUANTITY = 1
MAX_QUANTITY = 64


class Intent(StrEnum):
    PROFILE = "profile"
    QUEST_CHAIN = "quest_chain"  # a quest's required items, then where they come from
    QUEST_INFO = "quest_info"
    QUEST_REWARDERS = "quest_rewarders"
    QUEST_REQUIRERS = "quest_requirers"
    QUEST_KILLERS = "quest_killers"  # quests whose kill tasks name a mob (or any mob)
    CHAPTER = "chapter"
    QUEST_TITLES = "quest_titles"  # quests whose titles contain a word, counted
    GROUP = "group"  # a chapter group's chapters, with their quest counts
    BOOK = "book"  # a quest book's chapters, with their quest counts
    ITEM_MATERIALS = "item_materials"  # a bill of materials: raw materials for N of an item
    REWARD_TABLE = "reward_table"  # a reward table: what is in it, which quests give it
    ITEM_SOURCE = "item_source"
    ITEM_USES = "item_uses"  # what an item is used for: the recipes that take it
    ITEM_INFO = "item_info"
    MOB_DROPS = "mob_drops"  # what a mob drops
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
        Intent.QUEST_KILLERS,
        Intent.CHAPTER,
        Intent.QUEST_TITLES,
        Intent.GROUP,
        Intent.BOOK,
        Intent.ITEM_SOURCE,
        Intent.ITEM_INFO,
        Intent.ITEM_MATERIALS,
        Intent.ITEM_USES,
        Intent.REWARD_TABLE,
        Intent.MOB_DROPS,
    }
)
ACTIONS = frozenset({Intent.BUY, Intent.SIGNIN, Intent.CLAIM})


# The aspects of a quest a question may ask about, in the order an answer states them.
QUEST_ASPECTS = ("about", "chapter", "group", "tasks", "rewards", "prerequisites", "unlocks")
ITEM_ASPECTS = ("craft", "cooking", "drops", "food")
# What a quest answer states when the question names none of them.
DEFAULT_QUEST_ASPECTS = ("tasks", "rewards")


@dataclass(slots=True)
class Parsed:
    text: str
    lang: str
    intent: Intent
    # What the question asks: quest aspects (``QUEST_ASPECTS``), ``count``, and item
    # aspects (``craft``, ``cooking``, ``drops``, ``food``), as many as it asks at once.
    aspects: tuple[str, ...] = ()
    quest: str | None = None
    quest_id: str | None = None
    items: list[str] = field(default_factory=list)
    chapter: str | None = None
    quantity: int = DEFAULT_QUANTITY
    # A bill of materials for several items: how many of each (``items`` order).
    quantities: list[int] = field(default_factory=list)
    # The question said "quest" (or gave an id): a quest miss is not an item lookup.
    said_quest: bool = False
    # Read from the request's entities (``offline.reading``): what a list is limited to
    # (``book``, ``chapter``, ``group``), the mob of kill tasks, both reverse lookups
    # asked at once, the group or book asked about.
    scope: dict[str, str] = field(default_factory=dict)
    kills: str | None = None
    also_requirers: bool = False
    group: str | None = None
    book: str | None = None
    # The question goes on to what the quests before or after it ask for ("… and what do
    # those quests need"): ``prerequisites`` or ``unlocks``, read all at once after the
    # quest's detail.
    linked_tasks: str | None = None
    # The item a question about a quest counts ("how many sticks for …"): not a material
    # when the quest itself asks for it.
    counted: str | None = None
    # The raw materials of what is asked (a bill of materials), not only its recipe.
    materials: bool = False
    # Quests by the type of a reward ("xp", "random") or of a task ("kill", "checkmark"),
    # and the reward table asked about.
    reward_type: str | None = None
    task_type: str | None = None
    # The mob whose drops are asked ("what does a zombie drop"): its id, or the phrase.
    mob: str | None = None
    # The item asked whether the mob drops ("do zombies drop iron ingots", "僵尸会掉铁锭吗").
    drop_item: str | None = None
    table: str | None = None
    # The question as knowledge-base search terms: an item or mob it names in Chinese
    # written by its English name (the data names vanilla things in English).
    search_text: str | None = None
    # Only the names it links, in the data's words: the last search of a lore question.
    search_names: str | None = None
    # Every name (in every language) of the items, mobs and quests the question links: a
    # passage that mentions none of them is not about what was asked.
    named: tuple[str, ...] = ()
    # The word the titles of the quests asked for contain ("quests with Miner's in the name").
    title_word: str | None = None
    # A question about the pack (worth it, a bug, what happens, where things are) that names
    # an item or quest (``offline.reading``): the knowledge base first, then the data's
    # recipe for the thing (``then``) — asked too (``both``), or only when no passage answers.
    then: Intent | None = None
    both: bool = False
    # A question whether something is so (needed, may be done, missed, more, blocking),
    # by the names it links as it writes them: the search after the question's own finds
    # nothing — the knowledge base is asked again before the data is read.
    by_names: str | None = None
    # The name was guessed from where it stands ("what does X need", "… is X?"), not marked
    # by the player (quotes, "quest X", "craft X"): linked to no entity, it is no name.
    guessed: bool = False
    # A station named as where the thing asked about is made or cooked ("raw gold in a blast
    # furnace", "用切石机"): its name, context of the question, never its subject.
    station: str | None = None
    # The station as the question writes it ("a smoker", "高炉").
    station_said: str | None = None
    # An item tag asked about ("#c:gears 里有啥"): which items count as it.
    tag: str | None = None

    @property
    def aspect(self) -> str:
        """The one quest aspect asked, or ``all`` when it asks none or several."""
        asked = [a for a in self.aspects if a in QUEST_ASPECTS]
        return asked[0] if len(asked) == 1 else "all"

    def quest_aspects(self) -> tuple[str, ...]:
        asked = tuple(a for a in QUEST_ASPECTS if a in self.aspects)
        return asked or DEFAULT_QUEST_ASPECTS

    def asks(self, *aspects: str) -> bool:
        return any(a in self.aspects for a in aspects)


def about_the_pack(text: str, lang: str) -> tuple[bool, bool]:
    """Whether ``text`` asks a judgement about the pack (worth it, a bug, what happens, why;
    or whether a thing is needed, can be done, was missed, can be had in more, blocks the
    quests) and whether it asks where in the world a thing is (``offline.text``)."""
    judge, place, whether, can = _pack_patterns(lang)
    low = text.lower()
    asks = judge.search(low) or whether.search(low) or can.search(low)
    return bool(asks), bool(place.search(low))


def asks_whether(text: str, lang: str) -> bool:
    """Whether ``text`` asks whether something is so: needed, allowed, missed, to be had in
    more, blocking the quests (``offline.text``: ``WHETHER_*``, ``CAN_*``)."""
    _, _, whether, can = _pack_patterns(lang)
    low = text.lower()
    return bool(whether.search(low) or can.search(low))


def only_may(text: str, lang: str) -> bool:
    """Whether the only words of ``text`` asking about the pack ask whether something may
    be done ("can I use …"): asked of two things the data relates, the data answers."""
    judge, place, whether, can = _pack_patterns(lang)
    low = text.lower()
    others = judge.search(low) or place.search(low) or whether.search(low)
    return bool(can.search(low)) and not others


def known_recipe(text: str, lang: str) -> bool:
    """The player says she already knows how the thing is made: no recipe answers her."""
    pattern = w.KNOWN_RECIPE_ZH if lang == "zh" else w.KNOWN_RECIPE_EN
    return bool(pattern.search(text.lower()))


def pack_words(text: str, lang: str) -> list[tuple[int, int]]:
    """Where in ``text`` the words that ask about the pack stand (start, end), in order,
    overlapping ones as one; with them, the words saying the recipe is known (they ask
    nothing of the data)."""
    known = w.KNOWN_RECIPE_ZH if lang == "zh" else w.KNOWN_RECIPE_EN
    patterns = (*_pack_patterns(lang), known)
    spans = [m.span() for pattern in patterns for m in pattern.finditer(text.lower())]
    return merged(spans)


def merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Spans of a text in order, overlapping ones as one."""
    out: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(end, out[-1][1]))
        else:
            out.append((start, end))
    return out


def without_spans(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with the (ordered, separate) spans cut out, words kept apart."""
    for start, end in reversed(spans):
        text = f"{text[:start]} {text[end:]}"
    return text


def _pack_patterns(lang: str) -> tuple[re.Pattern[str], ...]:
    if lang == "zh":
        return w.JUDGE_ZH, w.PLACE_ZH, w.WHETHER_ZH, w.CAN_ZH
    return w.JUDGE_EN, w.PLACE_EN, w.WHETHER_EN, w.CAN_EN


def aspects_of(text: str, lang: str) -> tuple[str, ...]:
    """The quest and item aspects ``text`` asks about (the tables of ``offline.text``)."""
    tables = (
        (w.QUEST_ASPECTS_ZH, w.ITEM_ASPECTS_ZH)
        if lang == "zh"
        else (w.QUEST_ASPECTS_EN, w.ITEM_ASPECTS_EN)
    )
    return tuple(
        name for table in tables for name, pattern in table.items() if re.search(pattern, text)
    )
