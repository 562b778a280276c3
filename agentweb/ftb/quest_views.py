"""Quests as typed results, compact observations and quest cards."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from agentweb.game.models import Quest, Reward, Task
from agentweb.game.queries import QuestDetail

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


class TaskInfo(BaseModel):
    type: str
    label: str
    item_id: str = ""
    count: int = 1

    @classmethod
    def of(cls, task: Task) -> TaskInfo:
        return cls(type=task.type, label=task.label, item_id=task.item_id, count=task.count)

    def text(self) -> str:
        if self.type == "item":
            return f"{self.count}× {self.label}"
        if self.type in ("fluid",) and self.count > 1:
            return f"{self.label} ({self.count} mB)"
        text = f"{self.label} ({self.type})" if self.label != self.type else self.type
        # A kill or observe task done several times: "3× Drive off the drowned (kill)".
        return f"{self.count}× {text}" if self.count > 1 else text


class TableEntry(BaseModel):
    label: str
    item_id: str
    count: int
    weight: float


class RewardInfo(BaseModel):
    type: str
    label: str
    item_id: str = ""
    count: int = 1
    xp: int | None = None
    table: str | None = None
    table_entries: list[TableEntry] = []

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
            table_entries=entries,
        )

    def brief(self) -> dict[str, Any]:
        data: dict[str, Any] = {"reward": self.label, "type": self.type}
        if self.item_id:
            data["item_id"] = self.item_id
        if self.xp is not None:
            data["xp"] = self.xp
        if self.table:
            data["table"] = self.table
            data["table_items"] = [
                f"{e.count}× {e.label}" if e.count > 1 else e.label
                for e in self.table_entries[:OBSERVED_ENTRIES]
            ]
            if len(self.table_entries) > OBSERVED_ENTRIES:
                data["table_more"] = len(self.table_entries) - OBSERVED_ENTRIES
        return data


class QuestInfo(BaseModel):
    """Everything a quest card shows."""

    quest_id: str
    title: str
    chapter: str
    chapter_group: str = ""
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
            subtitle=quest.subtitle,
            description=quest.description,
            optional=quest.optional,
            dependency_requirement=quest.dependency_requirement,
            tasks=[TaskInfo.of(t) for t in detail.tasks],
            rewards=[RewardInfo.of(r) for r in detail.rewards],
            prerequisites=[QuestRef.of(q) for q in detail.dependencies],
            unlocks=[QuestRef.of(q) for q in detail.dependents],
        )

    def observation(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "quest_id": self.quest_id,
            "title": self.title,
            "chapter": self.chapter,
            # "" when the chapter is in no group, so "no group" is a fact, not a guess.
            "chapter_group": self.chapter_group,
            "tasks": [_task_brief(t) for t in self.tasks],
            "rewards": [r.brief() for r in self.rewards],
            "prerequisites": [{"title": q.title, "chapter": q.chapter} for q in self.prerequisites],
            "unlocks": [q.title for q in self.unlocks[:OBSERVED_LINKS]],
        }
        if len(self.prerequisites) > 1:
            data["prerequisite_rule"] = self.dependency_requirement
        if self.description:
            data["description"] = _clip(self.description, DESCRIPTION_CHARS)
        if self.player_status:
            data["your_status"] = self.player_status
        return data


def _task_brief(task: TaskInfo) -> dict[str, Any]:
    data: dict[str, Any] = {"task": task.text(), "type": task.type}
    if task.item_id:
        data["item_id"] = task.item_id
    return data


def _clip(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + "…"


def quest_card(info: QuestInfo) -> dict[str, Any]:
    """The quest card: tasks, rewards (with reward tables), prerequisites (R-UI-1)."""
    return {"kind": "quest", **info.model_dump(mode="json")}


def quest_list_card(title: str, quests: list[dict[str, Any]]) -> dict[str, Any]:
    return {"kind": "quest_list", "title": title, "quests": quests}
