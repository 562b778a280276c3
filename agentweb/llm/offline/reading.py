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

from agentweb.lib.named_things import names_of, other_language
from agentweb.llm.offline import names as nm
from agentweb.llm.offline import patterns as pt
from agentweb.llm.offline import text as w
from agentweb.llm.offline.entities import (
    BLOCK,
    BOOK,
    CHAPTER,
    FILLER,
    GROUP,
    ITEM,
    MOB,
    PLACE,
    QUEST,
    TABLE,
    Entity,
    inside,
    items,
    no_mob,
    of_kind,
    words,
)
from agentweb.llm.offline.entities import mobs as mobs_in
from agentweb.llm.offline.parsed import (
    ACTIONS,
    GAME_DATA,
    ITEM_ASPECTS,
    MAX_QUANTITY,
    QUEST_ASPECTS,
    Intent,
    Parsed,
    about_the_pack,
    asks_whether,
    aspects_of,
    known_recipe,
    only_may,
    pack_words,
    without_spans,
)
from agentweb.llm.offline.patterns import QUOTED

# Aspects only a quest has: asked with a name that is a quest and an item, it is the quest.
# A title named with characters left out: offered, never answered about (``mentions``).
NEAR = "near"
QUEST_ONLY = ("about", "rewards", "prerequisites", "unlocks", "chapter", "group")
CJK = re.compile(r"[\u3400-\u9fff]")
NUMBER = re.compile(r"\d+|[一二两三四五六七八九十百]+")
# A number right before a name: the name is counted ("5 lanterns", "2个书架", "两把弓").
COUNTED = re.compile(
    r"(?:\d+|[一二两三四五六七八九十百]+)\s*(?:x|×|个|只|根|张|块|把|件|顶|面|座|架|盏|份)?\s*$",
    re.IGNORECASE,
)
# How far before a name its count, the words asking its amount, or another name joined
# to it stand.
BEFORE = 24
ASKED_REACH = 14
# An article or "one" between a list word and the name it joins ("and a shield", "和一个盾牌").
ARTICLE = re.compile(r"\s*(?:\b(?:a|an|the|one)|一\s*[个只根张块把件顶面座架盏份]?)\s*$", re.I)
JOINED = re.compile(rf"\s*(?:\band\b|&|\bor\b|,|{w.LIST_ZH})\s*$", re.IGNORECASE)
ZH_DIGITS = dict(zip("一二三四五六七八九", range(1, 10), strict=True)) | {"两": 2}
NOT_READ = frozenset({Intent.PROFILE, Intent.SMALL_TALK}) | ACTIONS
ITEM_INTENTS = (Intent.ITEM_SOURCE, Intent.ITEM_INFO)
REVERSE = frozenset({Intent.QUEST_REWARDERS, Intent.QUEST_REQUIRERS, Intent.QUEST_KILLERS})


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
        self.those = has(w.THOSE_EN, w.THOSE_ZH) or has(w.LINKED_NEED_EN, w.LINKED_NEED_ZH)
        self.materials = has(w.MATERIALS_EN, w.MATERIALS_ZH)
        self.count = has(w.COUNT_EN, w.COUNT_ZH)
        self.obtain = bool(w.OBTAIN_EN.search(low) or w.OBTAIN_ZH.search(rest))
        self.chapters = has(w.CHAPTERS_EN, w.CHAPTERS_ZH)
        self.xp = has(w.XP_EN, w.XP_ZH)
        # What a thing is used for: the recipes that take it, not where it comes from.
        self.uses = has(w.USES_EN, w.USES_ZH)
        # The kind of task or reward several quests are asked by ("kill tasks", 随机奖励).
        # A phrase read as a name that says more than a kind ("Choice Chest") is a thing.
        plain = all(w.only_kind_words(n) for n in p.items)
        self.kind = w.kind_asked(rest, p.lang) if self.which and plain else None
        self.contents = has(w.CONTENTS_EN, w.CONTENTS_ZH)
        self.quest_word = bool(w.QUEST_WORD.search(low))
        self.lore = bool(w.LORE_EN.search(low.strip()) or w.LORE_ZH.search(rest.strip()))
        self.judge, self.place = about_the_pack(rest, p.lang)
        # "I know how to craft it": no recipe is asked, whatever else the words say.
        self.known = known_recipe(rest, p.lang)
        self.may_only = only_may(rest, p.lang)
        self.whether = asks_whether(rest, p.lang)
        if self.judge or self.place:
            # The words asking about the pack ask nothing of the data: "a total waste" adds
            # nothing up, "need to go" asks no task, "where is it usually found" no chapter.
            plain = without_spans(rest, pack_words(rest, p.lang))
            self.total = has(w.TOTAL_EN, w.TOTAL_ZH) and bool(
                w.TOTAL_EN.search(plain.lower()) or w.TOTAL_ZH.search(plain)
            )
            self.aspects = set(aspects_of(plain.lower() if p.lang == "en" else plain, p.lang))
        self.howto = has(w.HOWTO_EN, w.HOWTO_ZH) and not self.known
        if self.known:
            self.aspects -= {"craft"}
        self.what_is = has(w.ITSELF_EN, w.ITSELF_ZH)
        source_of = w.SOURCE_OF_EN.search(low) or w.SOURCE_OF_ZH.search(rest)
        # "how do I craft a bucket, and where do I get the iron": a thing no name links,
        # asked after a thing to make — one of its materials.
        self.ingredient = bool(source_of) and source_of["thing"] not in w.SOURCE_PRONOUNS

    @property
    def itself(self) -> bool:
        """What the thing is, and nothing else ("tell me about X", "X是什么", "介绍一下X"):
        answered by the kind of thing it is, whatever the pattern reader took it for."""
        asks_else = self.anything and bool(self.aspects - {"about"} or self.which or self.count)
        asks_else |= self.total or self.obtain or self.materials or self.kill or self.contents
        asks_else |= self.uses
        return self.what_is and not asks_else and not (self.judge or self.place or self.lore)

    @property
    def about_the_pack(self) -> bool:
        """A judgement or a place in the world, not a count, a list or a bill."""
        asks_data = self.which or self.count or self.total or self.each or self.contents
        return (self.judge or self.place) and not asks_data

    @property
    def data_too(self) -> bool:
        """Where a thing is asked with how to get it ("where is clay usually found"), or a
        judgement with a question of its own about making it ("is it worth it, and how do
        I make one?"): the data's ways are part of the answer. The words of a judgement
        alone ("is it worth crafting", "smelting … a bug") ask for no recipe."""
        if self.judge:
            return self.howto
        return self.place and (self.obtain or bool(self.aspects & set(ITEM_ASPECTS)))

    @property
    def anything(self) -> bool:
        """Asks any aspect, count or list at all (else it is a question about the thing)."""
        return bool(
            self.aspects
            or self.uses
            or self.which
            or self.total
            or self.count
            or self.obtain
            or self.materials
            or self.kill
            or self.contents
        )

    @property
    def chain(self) -> bool:
        """The question goes on from a quest's items to where they come from."""
        return self.obtain or self.total or self.each

    @property
    def bill(self) -> bool:
        """Raw materials, counts added up, or every material and how to get it."""
        return (
            self.total
            or (self.each and (self.obtain or self.materials))
            or (self.materials and self.obtain)
        )


def refine(p: Parsed, entities: list[Entity], *, linked: bool = False) -> Parsed:
    """``p`` (the pattern reader's) decided by the entities where they name the subject.
    ``linked``: the names were looked up, so no entity means the data names nothing here."""
    if p.intent in NOT_READ or p.tag:
        return p
    if not entities:
        # Nothing named: the pattern reader's phrase in a question about the pack is no name.
        asked = Asked(p, p.text)
        if _unlinked_mob(p):
            pass  # "what does a wither storm drop": a mob's drops, honestly not found
        elif asked.about_the_pack and p.intent in GAME_DATA:
            _about_the_pack(p, asked, [], [])
        elif asked.kind:
            _reverse(p, asked, [], [])  # "which quests have kill tasks": a kind, no name
        elif not _about_nothing_named(p, asked) and linked and _unmarked(p):
            _no_name(p)
        return p
    # A longer phrase of the player's around a quest or item name names another quest or
    # item; books, chapters, groups and mobs are found by their own names.
    phrases = [name for name in (p.quest, *p.items) if name]
    # A phrase that runs on into what the question asks of the pack ("clay usually found
    # in this world", "黏土通常", "金镐值得") is no name around the entity in it.
    asking = pack_words(p.text, p.lang)
    phrases = [ph for ph in phrases if not _overlaps(p.text, ph, asking)]
    # A phrase that is a mob's name beside another name the question links ("gunpowder a
    # creeper" in "is gunpowder a creeper drop") is no longer name around either.
    phrases = [ph for ph in phrases if not _several_names(ph, entities)]
    # A phrase that holds two things the data names apart ("铜锭除了合铜块还": Copper Ingot,
    # then Block of Copper) is a piece of a clause, not a longer name around either.
    phrases = [ph for ph in phrases if not _holds_two(ph, entities)]
    live = [
        e
        for e in entities
        if e.kind not in (QUEST, ITEM, BLOCK) or not any(inside(e, ph) for ph in phrases)
    ]
    live = _chapter_said(p, live)
    if live:
        _language(p, live)
    if p.intent is Intent.QUEST_TITLES:
        # "Quests with Miner in the name": a word of titles, whatever it names; a book,
        # chapter or group named besides limits the list.
        _scope(p, [e for e in live if e.text.casefold() not in (p.title_word or "").casefold()])
        return p
    # The words of an entity that is no mob ("item" in "item tasks") stay words of the
    # question: it is named for search only.
    asked = Asked(p, _without(p.text, [e for e in live if not no_mob(e)]))
    if not live:
        if _unlinked_mob(p):
            pass
        elif asked.about_the_pack and p.intent in GAME_DATA:
            _about_the_pack(p, asked, [], [])  # the words it names are no name the data has
        elif not (asked.kind and _reverse(p, asked, [], [])):
            _unlinked(p, asked)  # a phrase around a name: looked up as written
        return p
    live = _stations_apart(p, live)
    quests, things, mobs = of_kind(live, QUEST), items(live), mobs_in(live)
    whether = _whether_dropped(p, mobs, things)
    if whether is not None:
        # "do zombies drop iron ingots", "僵尸会掉铁锭吗": the mob's drops, not the item's
        # sources — whether it is among them.
        p.intent, p.items = Intent.MOB_DROPS, []
        p.mob, p.drop_item = whether
        return p
    # An entity that is no mob asked for its drops ("what does a boat drop") is said to be
    # none by the mob tool.
    dropper = _dropping_mob(p, live, of_kind(live, MOB))
    if dropper is not None:
        # "what does a zombie drop", "苦力怕会掉什么": the mob's drops, not an item's source;
        # "a wither storm", 凋灵风暴: a longer name than the mob's, looked up as written.
        p.intent, p.mob, p.items = Intent.MOB_DROPS, dropper, []
        return p
    if of_kind(live, BOOK):
        # "the grand expanse quest book": the word book is no item here.
        things = [t for t in things if t.text.casefold() not in ("book", "quest book")]
    # A name that is an item too is a mob only when the question is about killing.
    mobs = [m for m in mobs if asked.kill or not _same_mention(m, things)]
    _scope(p, live)
    if mobs and asked.kill and (asked.count or asked.total) and not quests and not asked.which:
        # "how many zombies do I have to kill in all", "一共要杀多少只僵尸": the quests'.
        _reverse(p, asked, [], mobs)
        return p
    if asked.which:
        # "Which quests need diamonds": the quest called Diamonds is not what is asked.
        only_quests = [q for q in quests if not _same_mention(q, things + mobs)]
        if asked.kind:
            # "In the Sunken Vault chapter, which quests give …": the chapter, not the quest.
            chapters = of_kind(live, CHAPTER)
            only_quests = [q for q in only_quests if not _same_mention(q, chapters)]
        if not only_quests and _reverse(p, asked, things, mobs):
            return p
        # "Which quests come before Mainland Smith": the quest's own prerequisites.
        linked = only_quests and asked.aspects & {"prerequisites", "unlocks"}
        if p.intent in REVERSE and not linked:
            return p  # "which quests reward an Item Vault": a modded item the data only names
    p.search_text = _search_text(p, live)
    p.search_names = _search_names(p, live)
    p.named = _named(live)
    if asked.uses and things and not asked.which:
        # "What can I make with it", "还能干嘛": the data's recipes that take the thing.
        asked.judge = asked.place = False
    if (asked.may_only or (p.station and asked.whether)) and _relates(p, things):
        # "Can I use a blast furnace for iron ingots": whether the data relates them, how
        # one is cooked or made with the other; "do I need a furnace for kelp", "能用切石机
        # 切出来吗": whether a thing goes through the station named, which the data says.
        asked.judge, asked.obtain = False, True
    if asked.about_the_pack and (p.intent in GAME_DATA or not asked.lore):
        _about_the_pack(p, asked, quests, things)
        return p
    if asked.lore and not asked.aspects & set(QUEST_ONLY) and not asked.which:
        p.intent = Intent.KNOWLEDGE  # "why …": the articles and quest descriptions say
        return p
    if not asked.anything and p.intent is Intent.KNOWLEDGE and not asked.itself:
        return p  # a question about something, for the knowledge base (and descriptions)
    groups, books, chapters = of_kind(live, GROUP), of_kind(live, BOOK), of_kind(live, CHAPTER)
    # "The Sunken Vault chapter" is the chapter, though a quest has the same name.
    # "ch 3 quests?", "Shoreline Camp quests": the chapter the pattern reader took for a quest.
    quest_named = (p.quest or "").casefold()
    about_chapter = (
        asked.chapters
        or asked.count
        or asked.which
        or any(c.text.casefold() == quest_named for c in chapters)
        # "What's in the last chapter?", "第二章里都有啥": what a chapter named as one holds.
        or (asked.contents and not things and any(_says_chapter(c.text) for c in chapters))
    )
    chapter_first = chapters and about_chapter and all(_same_mention(q, chapters) for q in quests)
    tables = of_kind(live, TABLE)
    if tables and not quests and (asked.contents or not things):
        p.intent, p.table = Intent.REWARD_TABLE, tables[0].name
        return p
    if groups and not quests:
        p.intent, p.group, p.book = Intent.GROUP, groups[0].name, groups[0].book or None
        return p
    if chapters and (chapter_first or (not quests and about_chapter)):
        p.intent, p.chapter = Intent.CHAPTER, _chapter_meant(chapters)[0]
        p.aspects = (*p.aspects, "count") if asked.count else p.aspects
        return p
    if chapters and not quests and asked.itself:
        p.intent, p.chapter = Intent.CHAPTER, chapters[0].name  # "what is the smithy"
        return p
    if (
        books
        and not quests
        and not things
        and (asked.count or asked.chapters or asked.which or asked.itself)
    ):
        p.intent, p.book = Intent.BOOK, books[0].book or books[0].id
        return p
    named_else = _named_besides(p, quests, things)
    # Counted beside a quest named as nothing else ("an anvil" may be a quest and an item).
    only_quests = [q for q in quests if not _same_mention(q, things)]
    counted = _counted_material(p, asked, live, quests) if only_quests else None
    if quests and (_is_quest(asked, quests, things, named_else) or counted is not None):
        material = _material_asked(p, quests, things) or counted is not None
        _quest(p, asked, _best_quest(quests, chapters, books), material)
        p.counted = counted or None
        return p
    things = [t for t in things if not _same_mention(t, quests) or not asked.quest_word]
    if things:
        _item(p, asked, _subject_first(p, things), things)
        if asked.itself and p.intent is not Intent.ITEM_MATERIALS:
            p.intent = Intent.ITEM_SOURCE  # "what is a bucket": how the data says to get one
    elif mobs and asked.itself:
        _mob(p, mobs[0])
    elif _only_scopes(p, live):
        p.intent, p.items = Intent.KNOWLEDGE, []  # "Saltmarsh 的…": a book's lore, no item
    else:
        _unlinked(p, asked)
    return p


def _about_the_pack(p: Parsed, asked: Asked, quests: list[Entity], things: list[Entity]) -> None:
    """A question about the pack's rules, behaviour or story that names things: the
    knowledge base answers (the names it links help the search), then the data on the
    quest named (else the items) — when the question asks for it too, or when no passage
    answers. A phrase no entity covers is no subject: it is never looked up as a name."""
    p.intent, p.then, p.both = Intent.KNOWLEDGE, None, asked.data_too
    p.items, p.quest, p.quest_id, p.aspects = [], None, None, tuple(asked.aspects)
    quests = [q for q in quests if asked.quest_word or not _same_mention(q, things)]
    if asked.known:
        things = []  # she knows how it is made: its recipe is no part of the answer
    # A quest named by a title of several words besides the items is read (its description
    # is the pack's own word on what it asks for: "wool harvest: no shears yet, did I miss
    # a step?"); one word is a word of the sentence as often ("this world" is no quest).
    if things and not any(len(q.text.split()) > 1 or CJK.search(q.text) for q in quests):
        quests = [q for q in quests if asked.quest_word]
    if things and not quests:
        p.then, p.items = Intent.ITEM_SOURCE, [t.id for t in things[:3]]
        p.aspects = tuple(a for a in asked.aspects if a in ITEM_ASPECTS)
        if asked.whether:
            # Whether something is so of items: what the pack writes about them (searched
            # by their names as the question writes them) comes before their recipes.
            p.by_names = " ".join(dict.fromkeys(t.text for t in things if t.text)) or None
    elif quests:
        quest = _best_quest(quests, [], [])
        p.then, p.quest, p.quest_id, p.said_quest = Intent.QUEST_INFO, quest.name, quest.id, True
        # The quest's own words first (its description or subtitle), then what else it asks.
        wanted = [a for a in asked.aspects if a in QUEST_ASPECTS and a != "about"]
        # Where its thing is found and how to get it: what the quest asks for.
        p.aspects = tuple(dict.fromkeys(("about", *(wanted or ["tasks"]))))
        # What it asks of the quest besides ("worth doing": its rewards; "after": what it
        # unlocks) follows the passage.
        p.both = p.both or bool(wanted)
        if quest.book:
            p.scope["book"] = quest.book


def _unmarked(p: Parsed) -> bool:
    """The pattern reader guessed the name from where its words stand ("does X need", "…
    if the cable is X?", the word after 任务 in 任务进度), the name index links none of it,
    and the player did not mark it as a name (quotes, "quest", its words capitalised as a
    title): a piece of a clause."""
    if not p.guessed:
        return False
    names = [name for name in (p.quest, *p.items) if name]
    quoted = [next(g for g in m.groups() if g) for m in QUOTED.finditer(p.text)]
    return not any(_titled(name) or name in quoted for name in names)


def _titled(name: str) -> bool:
    """Every word of the name that is not a short joining word starts with a capital (a
    title as the player wrote it: "Dragon Slayer", "Trial of the Furnace")."""
    words = [word for word in re.findall(r"[^\W\d_][\w'’-]*", name) if len(word) > 3]
    return bool(words) and all(word[0].isupper() for word in words)


def _no_name(p: Parsed) -> None:
    """No name to look up: the knowledge base is asked the question."""
    p.intent, p.items, p.quest, p.quest_id, p.then = Intent.KNOWLEDGE, [], None, None, None


def _relates(p: Parsed, things: list[Entity]) -> bool:
    """Whether a question asking only whether something may be done asks what the data has
    on the things it names: two of them (one used for the other), or an item aspect in its
    words, the names' own words included ("a blast furnace" asks about smelting)."""
    if len({t.text.casefold() for t in things}) > 1 or (p.station and things):
        return True
    plain = without_spans(p.text, pack_words(p.text, p.lang))
    return bool(things) and bool(
        set(aspects_of(plain.lower() if p.lang == "en" else plain, p.lang)) & set(ITEM_ASPECTS)
    )


def _mob(p: Parsed, mob: Entity) -> None:
    """A question about a mob itself ("tell me about strays", "蜘蛛是什么"): the knowledge
    base, then, when no passage answers, the quests that ask to kill it — never an item
    of its name looked up."""
    p.intent, p.then, p.both = Intent.KNOWLEDGE, Intent.QUEST_KILLERS, False
    p.items, p.quest, p.quest_id, p.kills = [], None, None, mob.id


def _holds_two(phrase: str, entities: list[Entity]) -> bool:
    """Two different names of items, blocks or quests stand apart inside ``phrase``."""
    low = phrase.casefold()
    spans = []
    for e in entities:
        at = low.find(e.text.casefold()) if e.kind in (QUEST, ITEM, BLOCK) and e.text else -1
        if at >= 0:
            spans.append((at, at + len(e.text)))
    return any(a_end <= b_start for _, a_end in spans for b_start, _ in spans)


def _overlaps(text: str, phrase: str, spans: list[tuple[int, int]]) -> bool:
    """The phrase, where it stands in the question, runs over one of ``spans``."""
    at = text.casefold().find(phrase.casefold())
    end = at + len(phrase)
    return at >= 0 and any(start < end and at < stop for start, stop in spans)


def _only_scopes(p: Parsed, live: list[Entity]) -> bool:
    """The pattern reader's item names (the Latin part of a Chinese question) are each a
    book, chapter or group the entities found: the question asks about no item."""
    if p.intent not in (Intent.ITEM_SOURCE, Intent.ITEM_INFO) or not p.items:
        return False
    scopes = {
        n.casefold() for e in live if e.kind in (BOOK, CHAPTER, GROUP) for n in (e.text, e.name)
    }
    return all(name.casefold() in scopes for name in p.items)


def _named(live: list[Entity]) -> tuple[str, ...]:
    """Every name of the items, mobs and quests the question names, in every language
    (what a passage about them mentions: :mod:`agentweb.lib.named_things`)."""
    return names_of({"kind": e.kind, "name": e.name, "names": e.names} for e in live)


def _search_names(p: Parsed, live: list[Entity]) -> str | None:
    """The names of the items, mobs and quests the question names, in one language it is
    not written in, alone (a passage in another language: 烈焰人 → "Blaze", obsidian →
    "黑曜石"; :func:`agentweb.workflows.names.data_names`)."""
    named = [e.names for e in live if e.kind in (ITEM, BLOCK, MOB, QUEST)]
    language = other_language("zh_cn" if p.lang == "zh" else "en_us", named)
    found = [names.get(language) for names in named]
    other = [n for n in found if n and n.casefold() not in p.text.casefold()]
    return " ".join(dict.fromkeys(other)) or None


def _search_text(p: Parsed, live: list[Entity]) -> str:
    """The question with each item, mob or quest it names in Chinese written in English,
    where the data has an English name (for articles written in English)."""
    text = p.text
    for e in live:
        english = e.names.get("en_us")
        if e.kind in (ITEM, BLOCK, MOB, QUEST) and CJK.search(e.text) and english:
            text = text.replace(e.text, f" {english} ")
    return " ".join(text.split())


def _named_besides(p: Parsed, quests: list[Entity], things: list[Entity]) -> bool:
    """Something other than the quests is named: an item entity of its own mention, or a
    phrase of the pattern reader's (a glossary name) that is not the quest's name."""
    if any(not _same_mention(t, quests) for t in things):
        return True
    titles = {q.text.casefold() for q in quests} | {q.name.casefold() for q in quests}
    return any(name.casefold() not in titles for name in p.items)


def _subject_first(p: Parsed, things: list[Entity]) -> list[Entity]:
    """The items the pattern reader took for the subject ("for iron ingots"); all the items
    named when it found none. The others are context ("a blast furnace for …")."""
    wanted = {name.casefold() for name in p.items}
    first = [t for t in things if t.text.casefold() in wanted or t.name.casefold() in wanted]
    return first or things


def _unlinked(p: Parsed, asked: Asked) -> None:
    """No entity names the subject: the pattern reader's item names (a glossary's) still
    get a bill of materials when the question asks for one."""
    if _about_nothing_named(p, asked):
        return
    if p.intent in (Intent.ITEM_SOURCE, Intent.ITEM_INFO) and p.items and asked.bill:
        p.intent, p.materials = Intent.ITEM_MATERIALS, True
        p.aspects = tuple(dict.fromkeys((*p.aspects, *asked.aspects)))


def _about_nothing_named(p: Parsed, asked: Asked) -> bool:
    """A question about the thing itself that names nothing the data has ("tell me about
    the sign-in") is for the knowledge base: no quest or item of its words is looked up."""
    if asked.itself and not p.said_quest and p.intent in (*ITEM_INTENTS, Intent.QUEST_INFO):
        p.intent, p.items, p.quest = Intent.KNOWLEDGE, [], None
        return True
    return False


def _pronoun(text: str, name: str) -> str:
    """What stands in for ``name`` in ``text``: the pronoun of the question's language (a
    Latin name or id in a Chinese question is 某, as a Chinese name is)."""
    return "某" if CJK.search(text) or CJK.search(name) else "it"


def _without(text: str, entities: list[Entity], *, stand_in: bool = True) -> str:
    """The question with each name in it replaced by a pronoun (its words ask nothing,
    and the words around it keep their distance); a book named by its first word and
    "quests" keeps that word ("saltmarsh quests"). The pronoun is the question's language's
    ("zombie 掉什么", "minecraft:wither_skeleton 掉落物": 某, as for a Chinese name)."""
    for e in sorted(entities, key=lambda e: -len(e.text)):
        if e.text:
            tail = e.text.split()[-1] if e.kind == BOOK and " " in e.text else ""
            keep = tail if tail.lower() in ("quest", "quests", "book") else ""
            pronoun = _pronoun(text, e.text) if stand_in else ""
            text = re.sub(re.escape(e.text), f" {pronoun} {keep} ", text, flags=re.I)
    return text


def _language(p: Parsed, live: list[Entity]) -> None:
    """The question's language is that of its own words, not of the names it quotes
    ("What does the quest 点亮矿道 need?" is an English question)."""
    rest = _without(p.text, live, stand_in=False)
    p.lang = "zh" if CJK.search(rest) else "en"


def _scope(p: Parsed, live: list[Entity]) -> None:
    chapter, book = _chapter_meant(of_kind(live, CHAPTER))
    if chapter:
        p.scope.setdefault("chapter", chapter)
        if book:
            p.scope.setdefault("book", book)
    for e in live:
        if e.kind == BOOK:
            p.scope.setdefault("book", e.book or e.id)
        elif e.kind == GROUP:
            p.scope.setdefault("group", e.name)
            if e.book:
                p.scope.setdefault("book", e.book)


def _says_chapter(text: str) -> bool:
    return bool(w.CHAPTERS_EN.search(text.lower()) or w.CHAPTERS_ZH.search(text))


def _chapter_meant(chapters: list[Entity]) -> tuple[str | None, str | None]:
    """The first chapter named and its book; a chapter named by number or place that is a
    chapter of several books, or only a candidate (``place``: a book not named), stays
    the player's words with no book — the tool names the candidates per book."""
    if not chapters:
        return None, None
    first = chapters[0]
    same = [c for c in chapters if c.text.casefold() == first.text.casefold()]
    if len({c.book for c in same}) > 1 or any(c.how == PLACE for c in same):
        return first.text, None
    return first.name, first.book or None


def _chapter_said(p: Parsed, live: list[Entity]) -> list[Entity]:
    """A list or count limited to a chapter the question calls one ("the Touching Grass
    chapter", "X这章") that no chapter is: the list is limited to that name (the tool says
    no chapter has it, and offers close ones), and what the name's words link to (the
    item Grass) is no subject of the question."""
    which = w.WHICH_QUESTS_EN.search(p.text.lower()) or w.WHICH_QUESTS_ZH.search(p.text)
    if not (p.intent in REVERSE or p.intent is Intent.CHAPTER or which):
        return live
    low = p.text.casefold()
    for pattern in pt.CHAPTER_SAID:
        for m in pattern.finditer(p.text):
            name = nm.clean(m["n"])
            if not name or name.casefold() in ("chapter", "chapters"):
                continue
            start, end = m.span("n")
            covering = [
                e
                for e in live
                if e.kind in (CHAPTER, BOOK, GROUP) and _spans(low, e.text, start, end)
            ]
            if covering:
                continue
            p.scope["chapter"] = name
            if p.intent is Intent.CHAPTER:
                p.chapter = name
            return [e for e in live if not _within_span(low, e.text, start, end)]
    return live


def _spans(low: str, text: str, start: int, end: int) -> bool:
    """A mention of ``text`` in the question overlaps ``start``–``end``."""
    return any(
        m.start() < end and start < m.end() for m in re.finditer(re.escape(text.casefold()), low)
    )


def _within_span(low: str, text: str, start: int, end: int) -> bool:
    """Every mention of ``text`` in the question lies inside ``start``–``end``."""
    found = list(re.finditer(re.escape(text.casefold()), low)) if text else []
    return bool(found) and all(start <= m.start() and m.end() <= end for m in found)


def _reverse(p: Parsed, asked: Asked, things: list[Entity], mobs: list[Entity]) -> bool:
    """Several quests: by the mob their kill tasks name, or by an item they give or ask for."""
    if asked.count or asked.total:
        p.aspects = (*p.aspects, "count")  # "how many quests…", "…in total": counted
    if mobs or (asked.kill and not things):
        p.intent = Intent.QUEST_KILLERS
        p.kills = mobs[0].id if mobs else None
        return True
    if not things and asked.kind:
        side, kind = asked.kind
        if side == "reward":
            p.intent, p.reward_type = Intent.QUEST_REWARDERS, kind
        else:
            p.intent, p.task_type = Intent.QUEST_REQUIRERS, kind
        return True
    if not things:
        return False
    gives = "rewards" in asked.aspects or asked.obtain or p.intent is Intent.QUEST_REWARDERS
    needs = "tasks" in asked.aspects or p.intent is Intent.QUEST_REQUIRERS
    p.items = [things[0].name]
    p.intent = Intent.QUEST_REWARDERS if gives or not needs else Intent.QUEST_REQUIRERS
    p.also_requirers = gives and needs
    return True


def _stations_apart(p: Parsed, live: list[Entity]) -> list[Entity]:
    """The entities without a station named as the place another item is made or cooked in
    ("does raw gold work in a blast furnace", "铜齿轮能用切石机切出来吗"): the station is the
    question's context (``p.station``), the other item its subject. A station named alone,
    or beside other stations only ("how do I make a smoker from a furnace"), or not as a
    place ("how many iron ingots for a blast furnace": a thing to make) stays a thing."""
    things = items(live)
    others = [t for t in things if not t.station]
    if not others:
        return live
    apart = [t for t in things if t.station and _said_as_station(p, t)]
    if apart:
        p.station, p.station_said = apart[0].name, apart[0].text
    mentions = {t.text.casefold() for t in apart}
    return [e for e in live if e.text.casefold() not in mentions]


def _said_as_station(p: Parsed, station: Entity) -> bool:
    """The station's words stand where a place or tool does: after "in", "on", "with",
    "用", "放", or before "里", "切", "烧"; or the question asks about cooking and the
    station is where cooking is done — any cooking question names its cooker as a place."""
    low, name = p.text.casefold(), station.text.casefold()
    for m in re.finditer(re.escape(name), low):
        before, after = p.text[: m.start()], p.text[m.end() :]
        if w.STATION_BEFORE_EN.search(before.lower()) or w.STATION_BEFORE_ZH.search(before):
            return True
        if w.STATION_AFTER_ZH.search(after):
            return True
    rest = _without(p.text, [station], stand_in=True)
    cooking = "cooking" in aspects_of(rest.lower() if p.lang == "en" else rest, p.lang)
    return cooking and "cooking" in aspects_of(name, "zh" if CJK.search(name) else "en")


def _dropping_mob(p: Parsed, live: list[Entity], mobs: list[Entity]) -> str | None:
    """The mob whose drops the question asks (the subject of "drop"): its id, or the
    player's longer phrase around its name, which names another thing."""
    for mob in mobs:
        longer = _longer_name(p, mob)
        text = p.text
        if longer:
            text = re.sub(re.escape(longer), f" {_pronoun(text, longer)} ", text, flags=re.I)
        if w.asks_mob_drops(_without(text, [mob, *(e for e in live if e is not mob)])):
            return longer or mob.id
    return None


def _whether_dropped(p: Parsed, mobs: list[Entity], things: list[Entity]) -> tuple[str, str] | None:
    """The mob and the item of a question whether the one drops the other ("do zombies
    drop iron ingots", "can a skeleton drop a bow", "僵尸会掉铁锭吗"): their ids."""
    for mob in mobs:
        for thing in things:
            if _same_mention(thing, [mob]):
                continue
            text = p.text
            for e, stand_in in sorted(
                ((mob, ("某", "it")), (thing, ("此", "that"))), key=lambda x: -len(x[0].text)
            ):
                said = stand_in[0] if CJK.search(e.text) else stand_in[1]
                text = re.sub(re.escape(e.text), f" {said} ", text, flags=re.I)
            if w.asks_whether_mob_drops(text):
                return mob.id, thing.id
    return None


# Words between a mob's Chinese name and 掉 that only ask ("僵尸一般会掉什么").
ZH_BEFORE_DROP = re.compile(r"(?:会|能|可以|一般|通常|平时|都|死后|死了|被杀后|的)*(?:掉|爆)")


def _longer_name(p: Parsed, mob: Entity) -> str | None:
    """The player's phrase around the mob's name when it names something else: the pattern
    reader's phrase ("wither storm" around Wither), or the Chinese characters run on
    before 掉 ("凋灵风暴掉落什么")."""
    for phrase in p.items:
        if inside(mob, phrase):
            return phrase
    if not CJK.search(mob.text):
        return None
    at = p.text.find(mob.text)
    run = re.match(r"[\u3400-\u9fff]*", p.text[at + len(mob.text) :]) if at >= 0 else None
    more = run.group(0) if run else ""
    for cut in range(len(more) + 1):
        if ZH_BEFORE_DROP.match(more[cut:]):
            return mob.text + more[:cut] if cut else None
    return None


def _unlinked_mob(p: Parsed) -> bool:
    """A question about what something drops, the something no name of the data ("what
    does a wither storm drop"): asked of the mobs, which say it is none and offer the
    near ones — never an item's facts."""
    phrase = p.items[0] if p.items else None
    if not phrase or p.intent not in (Intent.ITEM_SOURCE, Intent.ITEM_INFO, Intent.KNOWLEDGE):
        return False
    stand_in = _pronoun(p.text, phrase)
    if not w.asks_mob_drops(re.sub(re.escape(phrase), f" {stand_in} ", p.text, flags=re.I)):
        return False
    p.intent, p.mob, p.items = Intent.MOB_DROPS, phrase, []
    return True


def _several_names(phrase: str, entities: list[Entity]) -> bool:
    """Every word of ``phrase`` but filler is a word of the mention of a mob or of another
    thing, each standing whole in it (Latin words only): a mob and what it is asked about.
    Two names of things side by side ("iron chest") may be a third thing's name the data
    lacks: that phrase stays the player's."""
    if CJK.search(phrase):
        return False
    low = f" {' '.join(words(phrase))} "
    inner = [
        e
        for e in entities
        if e.text and f" {' '.join(words(e.text))} " in low and len(e.text) < len(phrase)
    ]
    mobs = {e.text.casefold() for e in mobs_in(inner)}
    others = {e.text.casefold() for e in inner} - mobs
    covered = {word for text in mobs | others for word in words(text)}
    rest = [word for word in words(phrase) if word not in FILLER and word not in covered]
    return bool(mobs) and bool(others) and not rest


def _same_mention(entity: Entity, others: list[Entity]) -> bool:
    return any(o.text.casefold() == entity.text.casefold() for o in others)


def _is_quest(asked: Asked, quests: list[Entity], things: list[Entity], named_else: bool) -> bool:
    """Whether the quest named is the question's subject.

    It is when the question says "quest" or asks what only a quest has; when it asks
    what the quest needs and goes on to its items ("… and how do I get each"); or when
    it names other things besides (the quest's items: "how many iron ingots in total").
    A quest named like an item, or named as the thing to obtain ("where do I find
    Lunium Nova"), is not: the item — or the pattern reader's lookup — is; nor is a quest
    named like an item beside another item ("how many iron ingots for 2 anvils").
    """
    if asked.quest_word or asked.aspects & set(QUEST_ONLY):
        return True
    item_asked = bool(asked.aspects & set(ITEM_ASPECTS)) or asked.obtain or asked.materials
    # "How many iron ingots for 2 anvils": every quest named is an item named by the same
    # words, beside another item — a question about items.
    items_only = all(_same_mention(q, things) for q in quests) and any(
        not _same_mention(t, quests) for t in things
    )
    # "I want to build a piston: what do I need": making the thing the quest is named
    # after asks about the item, not the quest.
    made = "craft" in asked.aspects and all(_same_mention(q, things) for q in quests)
    if "tasks" in asked.aspects and (asked.chain or asked.count) and not items_only and not made:
        return True
    if item_asked or asked.total or asked.count:
        return named_else and not all(_same_mention(q, things) for q in quests)
    return not any(_same_mention(q, things) for q in quests) or "tasks" in asked.aspects


def _best_quest(quests: list[Entity], chapters: list[Entity], books: list[Entity]) -> Entity:
    """Of several quests named, the one in the chapter or book the question names, the
    surest match first."""
    where = {c.name.casefold() for c in chapters} | {c.chapter.casefold() for c in chapters}
    in_chapter = [q for q in quests if q.chapter.casefold() in where]
    in_book = [q for q in quests if q.book in {b.book or b.id for b in books}]
    ranked = in_chapter or in_book or quests
    surest = {"exact": 0, "normalised": 1, NEAR: 3}
    return min(ranked, key=lambda q: (surest.get(q.how, 2), -len(q.text)))


def _material_asked(p: Parsed, quests: list[Entity], things: list[Entity]) -> bool:
    """Besides the quest, the question names two items or more and asks the amount of one
    ("how many sticks to make its ladders", "梯子全做出来要多少根木棍"): a material of the
    quest's items, added up over their recipes."""
    others = [t for t in things if not _same_mention(t, quests)]
    if len({t.text.casefold() for t in others}) < 2:
        return False
    return any(_amount_asked(b) for t in others for b in _befores(p.text, t, others))


# "How many planks …", "要多少块木板": the word whose amount is asked (in Chinese, after a
# measure word: a thing counted).
COUNTED_WORD = re.compile(r"\bhow (?:many|much)\s+(?P<word>[a-z][a-z'-]+)")
COUNTED_WORD_ZH = re.compile(
    r"(?:多少|几)\s*[个只根张块把件条份支组桶瓶]\s*(?P<word>[\u3400-\u9fff]{1,6})"
)
# Words after "how many" that count no material.
NOT_COUNTED = frozenset(
    """quest quests task tasks time times xp exp experience level levels coin coins reward
    rewards more of do does did is are was were will would can could should must
    任务 经验 等级 金币 奖励""".split()  # noqa: SIM905
)


def _counted_material(
    p: Parsed, asked: Asked, live: list[Entity], quests: list[Entity]
) -> str | None:
    """What a question about a quest counts, when it may be a material of the quest's
    items ("how many planks do I need for Into the Shaft", "下井要多少块木板", "how many
    sticks for Into the Shaft"): the item's id, ``""`` for something no name in the
    question is (a kind of item), ``None`` when it counts nothing of the sort (quests, XP,
    a mob to kill, a word of the quest's own name) or asks more than the quest's tasks.
    An item the quest itself asks for is its task, not a material (the recipe checks)."""
    if asked.aspects - {"tasks"}:
        return None
    found = COUNTED_WORD.search(p.text.lower()) or COUNTED_WORD_ZH.search(p.text)
    if not found:
        return None
    word = found["word"]
    if word in NOT_COUNTED or word in w.NOT_NAMES:
        return None
    # The Chinese word runs on into the rest of the sentence: a name at its start counts.
    at = found.start("word")
    named = [e for e in live if _covers(p.text, e, at)]
    if any(e.kind == MOB or _same_mention(e, quests) for e in named):
        return None
    items_named = [e for e in named if e.kind in (ITEM, BLOCK)]
    if items_named:
        return items_named[0].id
    return "" if not CJK.search(word) or len(word) <= 3 else None


def _covers(text: str, entity: Entity, at: int) -> bool:
    """The entity's mention is at (or runs over) position ``at`` of the question."""
    low, name = text.casefold(), entity.text.casefold()
    start = low.find(name)
    while start >= 0:
        if start <= at < start + len(name):
            return True
        start = low.find(name, start + 1)
    return False


def _quest(p: Parsed, asked: Asked, quest: Entity, material: bool = False) -> None:
    p.quest, p.quest_id, p.said_quest = quest.name, quest.id, True
    if quest.how == NEAR:
        # A title with characters left out ("第一夜" for 第一个夜晚) is looked up as the
        # player wrote it: the find tool marks the title ``near`` and the answer offers it.
        p.quest, p.quest_id = quest.text, None
    p.items = []
    p.aspects = tuple(dict.fromkeys((*asked.aspects, *p.aspects)))
    if quest.book:
        p.scope["book"] = quest.book
    linked = [a for a in ("prerequisites", "unlocks") if a in asked.aspects]
    if len(linked) == 1 and "tasks" in asked.aspects and asked.those:
        # "What comes before it, and what do those quests ask for": the detail, then every
        # quest before (or after) it at once; what the quest itself needs is not asked.
        p.intent, p.linked_tasks = Intent.QUEST_INFO, linked[0]
        p.aspects = tuple(a for a in p.aspects if a != "tasks")
        return
    # The quest is read by id (one detail), so its items' sources still fit the budget.
    chain = asked.chain or p.intent is Intent.QUEST_CHAIN or material
    p.intent = Intent.QUEST_CHAIN if chain else Intent.QUEST_INFO
    # "How many sticks for all of them": the quest's items, added up to raw materials.
    p.materials = p.intent is Intent.QUEST_CHAIN and (asked.bill or asked.count)
    if asked.count and not p.asks("rewards", "prerequisites", "unlocks"):
        p.aspects = tuple(dict.fromkeys((*p.aspects, "tasks")))


def _item(p: Parsed, asked: Asked, things: list[Entity], every: list[Entity]) -> None:
    p.items = [e.id for e in things[:3]]
    p.quantity = _quantity(p.text, things[0])
    if asked.uses and not asked.which:
        p.intent, p.items = Intent.ITEM_USES, [things[0].id]
        return
    # Words of the other names count ("a blast furnace for iron ingots" asks about one).
    rest = _without(p.text, things[:1])
    p.aspects = aspects_of(rest.lower() if p.lang == "en" else rest, p.lang)
    several = len({t.text.casefold() for t in things}) > 1
    if (
        asked.bill
        or (asked.ingredient and p.asks("craft"))
        or (asked.materials and asked.obtain)
        or (asked.count and several)
        or (asked.count and _material_of_made(p, every))
    ):
        p.intent, p.materials = Intent.ITEM_MATERIALS, True
        if len({t.text.casefold() for t in every}) > 1:
            _made(p, every)
    elif p.asks("food") and not p.asks("craft", "cooking", "drops"):
        p.intent = Intent.ITEM_INFO
    elif p.intent in (Intent.KNOWLEDGE, Intent.ITEM_INFO, Intent.QUEST_INFO, Intent.CHAPTER):
        if p.asks(*ITEM_ASPECTS) or asked.obtain or asked.materials or asked.count:
            p.intent = Intent.ITEM_SOURCE
    elif p.intent in (Intent.QUEST_REWARDERS, Intent.QUEST_REQUIRERS):
        return
    else:
        p.intent = Intent.ITEM_SOURCE
    if asked.xp and p.intent is Intent.ITEM_SOURCE:
        p.aspects = (*p.aspects, "xp")  # the XP its cooking or recipe gives, if the data says


def _material_of_made(p: Parsed, things: list[Entity]) -> bool:
    """Of two items or more, one is counted as a thing to make and the amount of another
    is asked ("2 bookshelves, how much leather", "做2个书架要多少皮革"): that amount is one
    of the counted item's materials, added up."""
    if len({t.text.casefold() for t in things}) < 2:
        return False
    befores = {t.id: _befores(p.text, t, things) for t in things}
    counted = [t for t in things if any(COUNTED.search(b) for b in befores[t.id])]
    asked = [t for t in things if t not in counted and any(map(_amount_asked, befores[t.id]))]
    return bool(counted and asked)


def _made(p: Parsed, things: list[Entity]) -> None:
    """Of several items in a question about materials, the ones to make: those counted
    ("5 lanterns", "2个书架"), else those whose amount is not what is asked ("how many
    iron ingots", "多少皮革" ask about a material of the others); each with its count."""
    counted = [t for t in things if any(COUNTED.search(b) for b in _befores(p.text, t, things))]
    asked = [t for t in things if any(_amount_asked(b) for b in _befores(p.text, t, things))]
    # "how much sugar cane and leather": a name joined to an asked one is asked too.
    asked += [
        t
        for t in things
        if t not in asked and any(_joined_to(b, asked) for b in _befores(p.text, t, things))
    ]
    # "3 pistons, 2 anvils and a shield": a name listed with counted ones is made too (once).
    listed = [
        t
        for t in things
        if t not in counted
        and t not in asked
        and any(_joined_to(ARTICLE.sub("", b), counted) for b in _befores(p.text, t, things))
    ]
    made = (counted + listed) or [t for t in things if t not in asked] or things
    made = sorted({t.id: t for t in made}.values(), key=lambda t: _at(p.text, t))
    p.items = [t.id for t in made]
    p.quantities = [_quantity(p.text, t) if t in counted else 1 for t in made]
    p.quantity = p.quantities[0]


def _at(text: str, entity: Entity) -> int:
    at = text.casefold().find(entity.text.casefold())
    return at if at >= 0 else len(text)


def _befores(text: str, entity: Entity, things: list[Entity]) -> list[str]:
    """The words just before each mention of ``entity`` that is not part of a longer
    name's mention ("leather" in "leather boots")."""
    low = text.casefold()
    longer = [
        (m.start(), m.end())
        for t in things
        if len(t.text) > len(entity.text)
        for m in re.finditer(re.escape(t.text.casefold()), low)
    ]
    return [
        text[max(0, m.start() - BEFORE) : m.start()]
        for m in re.finditer(re.escape(entity.text.casefold()), low)
        if not any(start <= m.start() < end for start, end in longer)
    ]


def _joined_to(before: str, others: list[Entity]) -> bool:
    """The words before a name are another name and a conjunction ("sugar cane and")."""
    head = JOINED.sub("", before)
    return head != before and any(
        head.casefold().rstrip().endswith(o.text.casefold()) for o in others
    )


def _amount_asked(before: str) -> bool:
    """The words just before a name ask its amount ("how many", "total", "多少", "几个")."""
    before = before[-ASKED_REACH:]
    low = before.lower()
    return bool(
        w.COUNT_EN.search(low)
        or w.COUNT_ZH.search(before)
        or w.TOTAL_EN.search(low)
        or re.search(r"几\s*[个只根张块把件]?\s*$", before)
    )


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
