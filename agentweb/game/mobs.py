"""Which entities of the game data are mobs, and the quests that ask to kill one.

The lang data names every entity of the game — mobs, and the item lying on the ground,
arrows and other projectiles, experience orbs, boats, minecarts, paintings, item frames,
lightning, display entities, markers… — all under ``entity.<namespace>.<name>``. Only mobs
are killed and drop loot. Which entities are mobs is read from the data, the same way for
vanilla and for any mod (no list of ids): an entity is a mob when

* it has loot as a mob: drops in the entity loot (minecraft-data's ``entityLoot.json``,
  a pack's loot tables under ``entities/``), or a pack's loot table there even if empty;
* an item ``<namespace>:<name>_spawn_egg`` exists (every living vanilla mob has one, and
  so have most modded mobs);
* a quest's kill task names it — a mob a quest asks to kill is a mob, with or without a
  name in the lang data or any drops.

Everything else the lang data names is an entity but no mob: the name index links it
for searching (``agentweb.game.mentions`` says ``mob: false``), and it is never asked for
as a mob's drops or a kill target.
"""

from __future__ import annotations

from agentweb.game.models import (
    Item,
    ItemSource,
    LootKind,
    LootTable,
    SourceKind,
    Task,
    TaskType,
)

SPAWN_EGG = "_spawn_egg"
# Quests named as killing one mob, at most.
MAX_KILLING_QUESTS = 10


def mob_ids() -> set[str]:
    """The ids of every entity the data shows to be a mob (see the module's docstring)."""
    found = set(
        ItemSource.objects.filter(kind=SourceKind.MOB_DROP)
        .values_list("source_name", flat=True)
        .distinct()
    )
    found |= set(
        LootTable.objects.filter(kind=LootKind.ENTITY).values_list("source_name", flat=True)
    )
    eggs = Item.objects.filter(item_id__endswith=SPAWN_EGG).values_list("item_id", flat=True)
    found |= {egg.removesuffix(SPAWN_EGG) for egg in eggs}
    found |= kill_targets()
    return {i for i in found if i and ":" in i}


def kill_targets() -> set[str]:
    """The entities the quests' kill tasks name."""
    tasks = Task.objects.filter(type=TaskType.KILL).values_list("details", flat=True)
    return {d["entity"] for d in tasks if isinstance(d, dict) and isinstance(d.get("entity"), str)}


def killing_quests(mob_id: str, limit: int = MAX_KILLING_QUESTS) -> list[tuple[str, str, int]]:
    """The quests whose kill tasks name ``mob_id``: (title, chapter title, count to kill),
    in book and chapter order, each quest once."""
    tasks = (
        Task.objects.filter(type=TaskType.KILL, details__entity=mob_id)
        .select_related("quest", "quest__chapter")
        .order_by("quest__book__slug", "quest__chapter__order", "quest__order", "order")
    )
    found: dict[int, tuple[str, str, int]] = {}
    for task in tasks[: limit * 4]:
        quest = task.quest
        found.setdefault(quest.pk, (quest.title or quest.quest_id, quest.chapter.title, task.count))
    return list(found.values())[:limit]
