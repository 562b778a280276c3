"""Quests, tasks, rewards and reward tables of an FTB Quests file, as plain records."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from agentweb.game.importers.ftb_lang import LANG_KEY, PackLang
from agentweb.game.models import TaskType, TitleSource
from agentweb.game.text import clean_description, prettify_id, strip_formatting

ID_DIGITS = 16
UNSIGNED_64 = (1 << 64) - 1
# Namespaces whose "items" are filters standing for "any of" (FORMATS.md §2.3).
FILTER_NAMESPACES = ("itemfilters", "ftbfiltersystem")
KNOWN_TASK_TYPES = {choice.value for choice in TaskType} - {TaskType.OTHER.value}
# Task keys that become model fields; everything else is kept in ``details``.
TASK_FIELDS = {"id", "type", "title", "item", "count"}
REWARD_FIELDS = {"id", "type", "title", "item", "count", "xp", "xp_levels", "table_id"}
# The key that holds what a non-item task is about, used to name untitled quests.
TASK_SUBJECT = {
    "fluid": "fluid",
    "kill": "entity",
    "advancement": "advancement",
    "dimension": "dimension",
    "biome": "biome",
    "structure": "structure",
    "observation": "to_observe",
    "gamestage": "stage",
    "stat": "stat",
}


def ftb_id(value: Any) -> str:
    """Normalize an FTB id (hex string or signed long) to 16 upper-case hex digits."""
    if isinstance(value, bool) or value is None:
        return ""
    if isinstance(value, int):
        return format(value & UNSIGNED_64, f"0{ID_DIGITS}X")
    text = str(value).strip()
    try:
        int(text, 16)
    except ValueError:
        return text[: ID_DIGITS * 2]
    return text.upper().zfill(ID_DIGITS)


def title_or(lang: PackLang, inline: Any, kind: str, object_id: str) -> str:
    """An inline title (resolving ``{key}``), else ``lang/en_us.snbt``'s, else ``""``."""
    if isinstance(inline, str) and inline.strip():
        text, _ = lang.resolve(inline)
        if text:
            return strip_formatting(text).strip()
    return strip_formatting(lang.ftb_text(kind, object_id, "title")).strip()


def titles_by_language(lang: PackLang, inline: Any, kind: str, object_id: str) -> dict[str, str]:
    """An object's title in each language the pack has it in: a ``{key}`` resolved in
    that language, else that language's ``lang/<lang>.snbt``; inline text counts as
    the book's primary language."""
    titles = {}
    inline = inline.strip() if isinstance(inline, str) else ""
    for language in lang.order:
        text = ""
        if inline and LANG_KEY.match(inline):
            text = lang.resolve(inline, language)[0]
        elif inline and language == lang.primary:
            text = inline
        text = strip_formatting(text or lang.ftb_text(kind, object_id, "title", language)).strip()
        if text:
            titles[language] = text
    return titles


class Names:
    """Display names for item ids, by the fallback order of docs/data.md; and the
    titles of the book's parts in every language, for the name index."""

    def __init__(self, lang: PackLang, vanilla_names: dict[str, str]) -> None:
        self.lang = lang
        self.vanilla = vanilla_names
        self.notes: Counter = Counter()
        # (kind, 16-hex id, language) → title
        self.titles: dict[tuple[str, str, str], str] = {}

    def record(self, kind: str, object_id: str, inline: Any, fallback: str = "") -> None:
        """Note an object's titles in every language (``fallback`` in the primary
        language when it has none at all)."""
        titles = titles_by_language(self.lang, inline, kind, object_id)
        if not titles and fallback:
            titles = {self.lang.primary: fallback}
        for language, text in titles.items():
            self.titles[(kind, object_id, language)] = text

    def item(self, item_id: str) -> str:
        """Imported item (vanilla language) → pack lang JSON → prettified id."""
        if not item_id:
            return ""
        return self.vanilla.get(item_id) or self.lang.item_name(item_id) or prettify_id(item_id)


@dataclass
class ParsedTask:
    task_id: str
    order: int
    type: str
    raw_type: str
    title: str
    item_id: str
    item_display_name: str
    count: int
    details: dict

    @property
    def subject(self) -> str:
        """What a player would read for an untitled quest made of this task."""
        if self.title:
            return self.title
        if self.item_display_name:
            return self.item_display_name
        subject = self.details.get(TASK_SUBJECT.get(self.raw_type, ""), "")
        return prettify_id(str(subject)) if subject else ""


@dataclass
class ParsedReward:
    reward_id: str
    order: int
    type: str
    title: str
    item_id: str
    item_display_name: str
    count: int
    xp: int | None
    table_id: str | None
    details: dict


@dataclass
class ParsedQuest:
    quest_id: str
    order: int
    title: str
    title_source: str
    subtitle: str
    description: str
    dependency_requirement: str
    optional: bool
    dependencies: list[str]
    tasks: list[ParsedTask] = field(default_factory=list)
    rewards: list[ParsedReward] = field(default_factory=list)
    # The quest's text in the book's other languages: language → (title, subtitle, description).
    translations: dict[str, tuple[str, str, str]] = field(default_factory=dict)


@dataclass
class ParsedTable:
    table_id: str
    title: str
    filename: str
    loot_size: int
    entries: list[dict]


def parse_stack(value: Any) -> tuple[str, int | None, dict]:
    """``"ns:id"`` | ``{Count,id,tag}`` (1.20) | ``{count,id,components}`` (1.21)."""
    if isinstance(value, str):
        return value, None, {}
    if isinstance(value, dict):
        count = value.get("count", value.get("Count"))
        extra = {k: v for k, v in value.items() if k not in ("id", "count", "Count") and v}
        return str(value.get("id", "")), int(count) if count is not None else None, extra
    return "", None, {}


def _item_fields(raw_item: Any, title: str, names: Names) -> tuple[str, str, dict]:
    item_id, _, extra = parse_stack(raw_item)
    details: dict = {"item_stack": extra} if extra else {}
    if item_id.split(":", 1)[0] in FILTER_NAMESPACES:
        details["filter"] = {"id": item_id, **extra}
        tag = extra.get("tag", {}).get("value") if isinstance(extra.get("tag"), dict) else None
        fallback = f"Any {prettify_id(tag)}" if isinstance(tag, str) else "Filtered items"
        return item_id, title or fallback, details
    return item_id, potion_name(item_id, extra) or names.item(item_id), details


# Items the game names by the potion they hold (a water bottle is no "Potion").
POTION_FORMS = {
    "minecraft:potion": ("Water Bottle", "{kind} Potion", "Potion of {effect}"),
    "minecraft:splash_potion": (
        "Splash Water Bottle",
        "Splash {kind} Potion",
        "Splash Potion of {effect}",
    ),
    "minecraft:lingering_potion": (
        "Lingering Water Bottle",
        "Lingering {kind} Potion",
        "Lingering Potion of {effect}",
    ),
    "minecraft:tipped_arrow": ("Arrow of Splashing", "Tipped Arrow", "Arrow of {effect}"),
}
# Potions with no effect, named by their kind ("Awkward Potion").
BASE_POTIONS = frozenset({"awkward", "mundane", "thick"})


def potion_name(item_id: str, stack: dict) -> str:
    """The name the game shows for a potion stack: the stack's potion in its 1.20 NBT
    (``tag.Potion``) or 1.21 components (``minecraft:potion_contents``); "" otherwise."""
    forms = POTION_FORMS.get(item_id)
    if forms is None:
        return ""
    tag = stack.get("tag") if isinstance(stack.get("tag"), dict) else {}
    components = stack.get("components") if isinstance(stack.get("components"), dict) else {}
    contents = components.get("minecraft:potion_contents")
    potion = tag.get("Potion") or (
        contents.get("potion") if isinstance(contents, dict) else contents
    )
    if not isinstance(potion, str) or not potion:
        return ""
    name = potion.split(":", 1)[-1].removeprefix("long_").removeprefix("strong_")
    water, base, effect = forms
    if name == "water":
        return water
    if name in BASE_POTIONS:
        return base.format(kind=name.title())
    return effect.format(effect=prettify_id(name))


def parse_task(raw: dict, quest_id: str, order: int, names: Names) -> ParsedTask:
    raw_type = str(raw.get("type", "")) or "unknown"
    task_id = ftb_id(raw.get("id")) or f"{quest_id}#t{order}"
    title = title_or(names.lang, raw.get("title"), "task", task_id)
    names.record("task", task_id, raw.get("title"))
    item_id, item_name, details = "", "", {}
    if "item" in raw:
        item_id, item_name, details = _item_fields(raw["item"], title, names)
    details.update({k: v for k, v in raw.items() if k not in TASK_FIELDS})
    if raw_type not in KNOWN_TASK_TYPES:
        names.notes[f"tasks of unknown type {raw_type!r}"] += 1
    count = raw.get("count", raw.get("amount", raw.get("value", 1)))
    return ParsedTask(
        task_id=task_id,
        order=order,
        type=raw_type if raw_type in KNOWN_TASK_TYPES else TaskType.OTHER.value,
        raw_type=raw_type,
        title=title,
        item_id=item_id,
        item_display_name=item_name,
        count=max(0, int(count)) if isinstance(count, int | float) else 1,
        details=details,
    )


def parse_reward(raw: dict, quest_id: str, order: int, names: Names) -> ParsedReward:
    reward_id = ftb_id(raw.get("id")) or f"{quest_id}#r{order}"
    title = title_or(names.lang, raw.get("title"), "reward", reward_id)
    names.record("reward", reward_id, raw.get("title"))
    item_id, item_name, details = "", "", {}
    stack_count = None
    if "item" in raw:
        item_id, item_name, details = _item_fields(raw["item"], "", names)
        stack_count = parse_stack(raw["item"])[1]
    details.update({k: v for k, v in raw.items() if k not in REWARD_FIELDS})
    xp = raw.get("xp", raw.get("xp_levels"))
    table = raw.get("table_id")
    return ParsedReward(
        reward_id=reward_id,
        order=order,
        type=str(raw.get("type", "item")),
        title=title,
        item_id=item_id,
        item_display_name=item_name,
        count=max(1, int(raw.get("count", stack_count or 1))),
        xp=int(xp) if isinstance(xp, int | float) else None,
        table_id=ftb_id(table) if table is not None else None,
        details=details,
    )


def parse_quest(raw: dict, order: int, names: Names) -> ParsedQuest:
    lang = names.lang
    quest_id = ftb_id(raw["id"])
    tasks = [parse_task(t, quest_id, i, names) for i, t in enumerate(raw.get("tasks", []))]
    rewards = [parse_reward(r, quest_id, i, names) for i, r in enumerate(raw.get("rewards", []))]
    title, source = _quest_title(raw, quest_id, tasks, names)
    names.record("quest", quest_id, raw.get("title"), fallback=title)
    subtitle = raw.get("subtitle")
    subtitle = lang.resolve(subtitle)[0] if isinstance(subtitle, str) else ""
    subtitle = subtitle or lang.ftb_text("quest", quest_id, "quest_subtitle")
    lines = raw.get("description")
    if lines is None:
        lines = lang.ftb("quest", quest_id, "quest_desc") or []
    if isinstance(lines, str):
        lines = [lines]
    description = clean_description([lang.resolve(str(line))[0] for line in lines])
    dependencies = raw.get("dependencies", [])
    if not isinstance(dependencies, list):
        dependencies = [dependencies]
    translations = {
        language: text
        for language in lang.order[1:]
        if (text := _text_in(raw, quest_id, language, names, title))
    }
    return ParsedQuest(
        quest_id=quest_id,
        order=order,
        title=title,
        title_source=source,
        subtitle=strip_formatting(subtitle).strip(),
        description=description,
        dependency_requirement=str(raw.get("dependency_requirement", "all_completed")),
        optional=bool(raw.get("optional", False)),
        dependencies=[ftb_id(dep) for dep in dependencies if ftb_id(dep)],
        tasks=tasks,
        rewards=rewards,
        translations=translations,
    )


def _text_in(
    raw: dict, quest_id: str, language: str, names: Names, title: str
) -> tuple[str, str, str] | None:
    """The quest's title, subtitle and description in ``language``, when that language
    has a description or a subtitle of its own (else ``None``: nothing to write an
    article from); a description it lacks is ``""``."""
    lang = names.lang

    def one(value: Any, field: str) -> Any:
        if isinstance(value, str) and LANG_KEY.match(value.strip()):
            return lang.resolve(value, language)[0]
        if value is None:
            return lang.ftb("quest", quest_id, field, language)
        return None  # inline text is the primary language's

    lines = one(raw.get("description"), "quest_desc") or []
    lines = [lines] if isinstance(lines, str) else lines
    description = clean_description([lang.resolve(str(line), language)[0] for line in lines])
    subtitle = one(raw.get("subtitle"), "quest_subtitle") or ""
    subtitle = strip_formatting(" ".join(subtitle) if isinstance(subtitle, list) else subtitle)
    if not description and not subtitle.strip():
        return None
    own = names.titles.get(("quest", quest_id, language), title)
    return own, subtitle.strip(), description


def _quest_title(
    raw: dict, quest_id: str, tasks: list[ParsedTask], names: Names
) -> tuple[str, str]:
    inline = raw.get("title")
    if isinstance(inline, str) and inline.strip():
        text, from_lang = names.lang.resolve(inline)
        text = strip_formatting(text).strip()
        if text:
            return text, TitleSource.LANG if from_lang else TitleSource.INLINE
    text = strip_formatting(names.lang.ftb_text("quest", quest_id, "title")).strip()
    if text:
        return text, TitleSource.LANG
    names.notes["quests named by the fallback order"] += 1
    for task in tasks:
        if task.subject:
            return task.subject, TitleSource.FALLBACK
    return f"Quest {quest_id}", TitleSource.FALLBACK


def parse_reward_table(raw: dict, filename: str, names: Names) -> ParsedTable:
    table_id = ftb_id(raw.get("id"))
    entries = []
    for order, entry in enumerate(raw.get("rewards", [])):
        item_id, count, extra = parse_stack(entry.get("item", ""))
        details = {k: v for k, v in entry.items() if k not in ("item", "count", "weight")}
        if extra:
            details["item_stack"] = extra
        entries.append(
            {
                "order": order,
                "item_id": item_id,
                "item_display_name": names.item(item_id),
                "count": max(1, int(entry.get("count", count or 1))),
                "weight": float(entry.get("weight", 1.0)),
                "details": details,
            }
        )
    title = title_or(names.lang, raw.get("title"), "reward_table", table_id)
    title = title or prettify_id(filename)
    names.record("reward_table", table_id, raw.get("title"), fallback=title)
    return ParsedTable(
        table_id=table_id,
        title=title,
        filename=filename,
        loot_size=max(1, int(raw.get("loot_size", 1))),
        entries=entries,
    )
