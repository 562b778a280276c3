"""Quests as typed results, compact observations and quest cards."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from pydantic import BaseModel

from agentweb.game.mentions import name_of
from agentweb.game.models import KnowledgeArticle, NameKind, Quest, Reward, Task, TaskType
from agentweb.game.queries import QuestDetail
from agentweb.game.search.game_names import game_language, localized_kinds
from agentweb.game.text import prettify_id
from agentweb.game.tools.shown import Shown

# Reward-table entries and linked quests the model sees; the card has them all.
OBSERVED_ENTRIES = 8
OBSERVED_LINKS = 8
DESCRIPTION_CHARS = 240


class QuestRef(BaseModel):
    quest_id: str
    title: str
    chapter: str

    @classmethod
    def of(cls, quest: Quest) -> QuestRef:
        return cls(quest_id=quest.quest_id, title=quest.title, chapter=quest.chapter.title)


# The kinds of tasks, as a card or a command says them in another language than English.
TASK_KINDS = {
    "item": lambda: _("item"),
    "fluid": lambda: _("fluid"),
    "checkmark": lambda: _("checkmark"),
    "kill": lambda: _("kill"),
    "advancement": lambda: _("advancement"),
    "dimension": lambda: _("enter a dimension"),
    "biome": lambda: _("find a biome"),
    "structure": lambda: _("find a structure"),
    "observation": lambda: _("observe"),
    "location": lambda: _("go to a place"),
    "stat": lambda: _("statistic"),
    "xp": lambda: _("experience"),
    "gamestage": lambda: _("game stage"),
}


def task_kind(kind: str) -> str:
    """A task's kind in the active language (an unknown kind as the data names it)."""
    said = TASK_KINDS.get(kind)
    return said() if said is not None else kind


class TaskInfo(BaseModel):
    type: str
    label: str
    item_id: str = ""
    count: int = 1
    # A kill task's mob: its id and name ("minecraft:zombie", "Zombie").
    entity: str = ""
    entity_name: str = ""

    @classmethod
    def of(cls, task: Task) -> TaskInfo:
        info = cls(type=task.type, label=task.label, item_id=task.item_id, count=task.count)
        entity = (task.details or {}).get("entity") if task.type == TaskType.KILL else None
        if isinstance(entity, str) and entity:
            info.entity = entity
            info.entity_name = name_of(NameKind.ENTITY, entity) or prettify_id(entity)
            if not task.title:
                info.label = info.entity_name
        fluid = (task.details or {}).get("fluid") if task.type == TaskType.FLUID else None
        if isinstance(fluid, str) and fluid and not task.title:
            # An untitled fluid task is named by its fluid ("Bioethanol"), not "fluid".
            info.label = name_of(NameKind.FLUID, fluid) or prettify_id(fluid)
        return info

    def text(self) -> str:
        if self.type == "item":
            return f"{self.count}× {self.label}"
        if self.type in ("fluid",) and self.count > 1:
            return f"{self.label} ({self.count} mB)"
        kind = self.type
        if self.entity_name and self.entity_name != self.label:
            kind = f"{self.type}: {self.entity_name}"
        text = f"{self.label} ({kind})" if self.label != self.type else self.type
        # A kill or observe task done several times: "3× Drive off the drowned (kill)".
        return f"{self.count}× {text}" if self.count > 1 else text

    def shown_label(self, shown: Shown) -> str:
        """The task's name as ``shown``'s language shows it: an untitled task by its kind."""
        if self.label == self.type and not shown.english:
            with shown.speaking():
                return task_kind(self.type)
        return shown(self.label)

    def said(self, shown: Shown) -> str:
        """:meth:`text` in ``shown``'s language: the names as it shows them, the kinds in
        its words (English: :meth:`text` itself)."""
        if shown.english:
            return self.text()
        label = self.shown_label(shown)
        with shown.speaking():
            if self.type == "item":
                return f"{self.count}× {label}"
            if self.type == "fluid" and self.count > 1:
                return _("%(name)s (%(count)d mB)") % {"name": label, "count": self.count}
            if self.label == self.type:
                text = label
            elif self.entity_name and self.entity_name != self.label:
                text = _("%(name)s (%(kind)s: %(mob)s)") % {
                    "name": label,
                    "kind": task_kind(self.type),
                    "mob": shown(self.entity_name),
                }
            else:
                text = _("%(name)s (%(kind)s)") % {"name": label, "kind": task_kind(self.type)}
        return f"{self.count}× {text}" if self.count > 1 else text

    def brief(self) -> dict[str, Any]:
        data: dict[str, Any] = {"task": self.text(), "type": self.type}
        if self.item_id:
            data["item_id"] = self.item_id
        else:
            # What the task is called and how many times, for an answer in another language.
            data["name"] = self.label
            data["count"] = self.count
        if self.entity:
            data["kill"] = self.entity_name
        return data


class TableEntry(BaseModel):
    label: str
    item_id: str
    count: int
    weight: float


# How FTB Quests hands out a reward table, by reward type.
TABLE_RULES = {
    "choice": "the player chooses {n} of these",
    "random": "{n} of these at random (by weight)",
    "loot": "a loot crate: {n} of these at random (by weight)",
}


# The same, as a card in another language than English says it.
TABLE_RULES_SAID = {
    "choice": lambda: _("the player chooses %(n)d of these"),
    "random": lambda: _("%(n)d of these at random (by weight)"),
    "loot": lambda: _("a loot crate: %(n)d of these at random (by weight)"),
}


# A reward table in a list of rewards, in another language than English.
TABLE_REWARDS_SAID = {
    "choice": lambda: _("a choice of %(n)d from the reward table %(table)s"),
    "random": lambda: _("%(n)d at random from the reward table %(table)s"),
    "loot": lambda: _("a loot crate from the reward table %(table)s (%(n)d at random)"),
}


class RewardInfo(BaseModel):
    type: str
    label: str
    item_id: str = ""
    count: int = 1
    xp: int | None = None
    table: str | None = None
    loot_size: int | None = None
    table_entries: list[TableEntry] = []

    @property
    def table_rule(self) -> str | None:
        if self.table is None:
            return None
        rule = TABLE_RULES.get(self.type, "{n} of these")
        return rule.format(n=self.loot_size or 1)

    @classmethod
    def of(cls, reward: Reward, with_entries: bool = True) -> RewardInfo:
        table = reward.table
        entries = []
        if table is not None and with_entries:
            entries = [
                TableEntry(
                    label=e.item_display_name or e.item_id,
                    item_id=e.item_id,
                    count=e.count,
                    weight=e.weight,
                )
                for e in table.entries.all()
            ]
        return cls(
            type=reward.type,
            label=reward.label,
            item_id=reward.item_id,
            count=reward.count,
            xp=reward.xp,
            table=table.title if table is not None else None,
            loot_size=table.loot_size if table is not None else None,
            table_entries=entries,
        )

    def text(self) -> str:
        """The reward in a list: "16× Torch", "Knowledge (100 XP)", "3 levels"."""
        if self.xp is None or any(c.isdigit() for c in self.label):
            return self.label
        unit = "levels" if self.type == "xp_levels" else "XP"
        return f"{self.label} ({self.xp} {unit})" if self.label else f"{self.xp} {unit}"

    @property
    def labelled_by_table(self) -> bool:
        """Whether the label is only the table's ("choice: Supply Crate")."""
        return bool(self.table) and self.label == f"{self.type}: {self.table}"

    def rule_said(self) -> str:
        """How the table hands out, in the active language."""
        said = TABLE_RULES_SAID.get(self.type, TABLE_RULES_SAID["random"])
        return said() % {"n": self.loot_size or 1}

    def said(self, shown: Shown) -> str:
        """The reward in a list (its label) in ``shown``'s language: the names as it shows
        them, a reward table by its title and how it hands out (English: the label)."""
        if shown.english:
            return self.label
        if not self.labelled_by_table:
            return shown(self.label)
        with shown.speaking():
            said = TABLE_REWARDS_SAID.get(self.type, TABLE_REWARDS_SAID["random"])
            return said() % {"table": shown.title(self.table or ""), "n": self.loot_size or 1}

    def brief(self) -> dict[str, Any]:
        data: dict[str, Any] = {"reward": self.label, "type": self.type}
        if self.item_id:
            data["item_id"] = self.item_id
            data["count"] = self.count
        if self.xp is not None:
            data["xp"] = self.xp
            data["xp_unit"] = "levels" if self.type == "xp_levels" else "points"
        if self.table:
            shown = self.table_entries[:OBSERVED_ENTRIES]
            data["table"] = self.table
            data["table_rule"] = self.table_rule
            data["table_items"] = [e.label for e in shown]
            data["table_options"] = [f"{e.count}× {e.label}" for e in shown]
            if len(self.table_entries) > OBSERVED_ENTRIES:
                data["table_more"] = len(self.table_entries) - OBSERVED_ENTRIES
        return data


class QuestInfo(BaseModel):
    """Everything a quest card shows."""

    quest_id: str
    title: str
    chapter: str
    chapter_group: str = ""
    book: str = ""
    subtitle: str = ""
    description: str = ""
    optional: bool = False
    dependency_requirement: str = "all_completed"
    tasks: list[TaskInfo] = []
    rewards: list[RewardInfo] = []
    prerequisites: list[QuestRef] = []
    unlocks: list[QuestRef] = []
    player_status: str | None = None

    @classmethod
    def of(cls, detail: QuestDetail) -> QuestInfo:
        quest = detail.quest
        return cls(
            quest_id=quest.quest_id,
            title=quest.title,
            chapter=quest.chapter.title,
            chapter_group=quest.chapter.group.title if quest.chapter.group_id else "",
            book=quest.book.name,
            subtitle=quest.subtitle,
            description=quest.description,
            optional=quest.optional,
            dependency_requirement=quest.dependency_requirement,
            tasks=[TaskInfo.of(t) for t in detail.tasks],
            rewards=[RewardInfo.of(r) for r in detail.rewards],
            prerequisites=[QuestRef.of(q) for q in detail.dependencies],
            unlocks=[QuestRef.of(q) for q in detail.dependents],
        )

    def names(self) -> list[str]:
        """Every name of an item or mob the quest's card shows, as found."""
        names = [n for t in self.tasks for n in (t.label, t.entity_name)]
        for r in self.rewards:
            names += [r.label, *(e.label for e in r.table_entries)]
            if r.item_id:  # the card names a stack by its item, its count apart
                names.append(r.label.split("× ", 1)[-1])
        return names

    def titles(self) -> list[str]:
        """Every title of the book the quest's card shows (quests, chapters, tables)."""
        titles = [self.title, self.chapter, self.chapter_group]
        titles += [r.table or "" for r in self.rewards]
        titles += [t for q in (*self.prerequisites, *self.unlocks) for t in (q.title, q.chapter)]
        return titles

    def observation(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "quest_id": self.quest_id,
            "title": self.title,
            "chapter": self.chapter,
            "tasks": [_task_brief(t) for t in self.tasks],
            "rewards": [r.brief() for r in self.rewards],
            "prerequisites": [
                {"quest_id": q.quest_id, "title": q.title, "chapter": q.chapter}
                for q in self.prerequisites
            ],
            "unlocks": [
                {"quest_id": q.quest_id, "title": q.title} for q in self.unlocks[:OBSERVED_LINKS]
            ],
        }
        if self.chapter_group:
            data["chapter_group"] = self.chapter_group
        if len(self.unlocks) > OBSERVED_LINKS:
            data["unlocks_more"] = len(self.unlocks) - OBSERVED_LINKS
        if len(self.prerequisites) > 1 or self.dependency_requirement != "all_completed":
            data["prerequisite_rule"] = self.dependency_requirement
        if self.optional:
            data["optional"] = True
        if self.subtitle:
            data["subtitle"] = self.subtitle
        if self.description:
            data["description"] = _clip(self.description, DESCRIPTION_CHARS)
        if self.player_status:
            data["your_status"] = self.player_status
        return data


def _task_brief(task: TaskInfo) -> dict[str, Any]:
    return task.brief()


def _clip(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + "…"


def localize(info: QuestInfo, detail: QuestDetail, language: str | None) -> QuestInfo:
    """The quest's names and text in ``language`` where the book has them (its lang files),
    else as stored (the book's primary language); a few statements for all of it."""
    if not language:
        return info
    quest = detail.quest
    slug = quest.book.slug
    linked = [*detail.dependencies, *detail.dependents]
    chapters = {quest.chapter, *(q.chapter for q in linked)}
    names = localized_kinds(
        {
            "quest": [f"{slug}/{q.quest_id}" for q in (quest, *linked)],
            "chapter": [f"{slug}/{c.chapter_id}" for c in chapters],
            "chapter_group": [f"{slug}/{quest.chapter.group.group_id}"]
            if quest.chapter.group_id
            else [],
        },
        language,
    )

    def named(kind: str, ident: str, default: str) -> str:
        return names.get(kind, {}).get(f"{slug}/{ident}", default)

    def ref(q: Quest) -> QuestRef:
        return QuestRef(
            quest_id=q.quest_id,
            title=named("quest", q.quest_id, q.title),
            chapter=named("chapter", q.chapter.chapter_id, q.chapter.title),
        )

    info.title = named("quest", quest.quest_id, info.title)
    info.chapter = named("chapter", quest.chapter.chapter_id, info.chapter)
    if quest.chapter.group_id:
        info.chapter_group = named(
            "chapter_group", quest.chapter.group.group_id, info.chapter_group
        )
    info.prerequisites = [ref(q) for q in detail.dependencies]
    info.unlocks = [ref(q) for q in detail.dependents]
    code = game_language(language)
    article = KnowledgeArticle.objects.filter(
        quest=quest, language=code, key=f"quest:{slug}:{quest.quest_id}:{code}"
    ).first()
    if article is not None:  # the language's own text: its subtitle, then its description
        info.subtitle, info.description = "", article.body
    return info


def quest_card(info: QuestInfo, shown: Shown | None = None) -> dict[str, Any]:
    """The quest card: tasks, rewards (with reward tables), prerequisites (R-UI-1), every
    name as the answer it goes with shows it (``shown``; as found by default)."""
    card = {"kind": "quest", **info.model_dump(mode="json")}
    for reward in card["rewards"]:
        counted = f"{reward['count']}× "
        if reward["count"] > 1 and reward["item_id"] and reward["label"].startswith(counted):
            # The card shows the count before the label: "4× Bread", not "4× 4× Bread".
            reward["label"] = reward["label"][len(counted) :]
    if shown is None or shown.english:
        return card
    for key in ("title", "chapter", "chapter_group"):
        card[key] = shown.title(card[key])
    for task, info_task in zip(card["tasks"], info.tasks, strict=True):
        task["label"] = info_task.shown_label(shown)
        task["entity_name"] = shown(task["entity_name"])
    for reward, info_reward in zip(card["rewards"], info.rewards, strict=True):
        if info_reward.labelled_by_table:
            # A reward table's own label ("choice: Supply Crate") says how it hands out.
            with shown.speaking():
                reward["label"] = info_reward.rule_said()
        else:
            reward["label"] = shown(reward["label"])
        if reward["table"]:
            reward["table"] = shown.title(reward["table"])
        for entry in reward["table_entries"]:
            entry["label"] = shown(entry["label"])
    for ref in (*card["prerequisites"], *card["unlocks"]):
        ref["title"], ref["chapter"] = shown.title(ref["title"]), shown.title(ref["chapter"])
    return card


def quest_list_card(title: str, quests: list[dict[str, Any]]) -> dict[str, Any]:
    return {"kind": "quest_list", "title": title, "quests": quests}
