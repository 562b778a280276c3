"""Load conditions: whether the game would load a recipe, loot table or tag file at all.

Read from ``neoforge:conditions`` (NeoForge), ``forge:conditions`` and a top-level
``conditions`` list (Forge 1.20), and ``fabric:load_conditions`` (Fabric). Known
conditions, in each loader's spelling: ``mod_loaded`` (``fabric:all_mods_loaded`` /
``any_mods_loaded``), ``item_exists`` (``fabric:registry_contains``), ``tag_empty``
(``fabric:tags_populated``, its opposite), ``not``, ``and``, ``or``, ``true``, ``false``.
They are evaluated against the mods and items of the pack being imported. A condition
this reader does not know makes the file's outcome unknown: it is skipped and reported
(never guessed either way).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

CONDITION_KEYS = ("neoforge:conditions", "forge:conditions", "fabric:load_conditions")


class UnknownCondition(Exception):
    """A condition type this reader cannot evaluate."""


@dataclass(frozen=True)
class World:
    """What conditions are evaluated against."""

    mods: frozenset[str]
    has_item: Callable[[str], bool]
    tag_members: Callable[[str], list[str]]


def conditions_of(raw: dict) -> list | None:
    """The file's load conditions, or ``None`` when it has none."""
    for key in CONDITION_KEYS:
        if key in raw:
            value = raw[key]
            return value if isinstance(value, list) else [value]
    legacy = raw.get("conditions")
    # Forge 1.20 wrote load conditions as a top-level "conditions" list of typed objects.
    if isinstance(legacy, list) and all(
        isinstance(c, dict) and str(c.get("type", "")).startswith("forge:") for c in legacy
    ):
        return legacy
    return None


def passes(conditions: list, world: World) -> bool:
    """All conditions hold (raises :class:`UnknownCondition`)."""
    return all(_holds(condition, world) for condition in conditions)


def _ids(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [str(v) for v in value]
    return []


def _holds(condition: Any, world: World) -> bool:
    if not isinstance(condition, dict):
        raise UnknownCondition(f"not a condition object: {condition!r}"[:120])
    kind = str(condition.get("type", condition.get("condition", "")))
    name = kind.split(":", 1)[-1]
    if name == "true":
        return True
    if name == "false":
        return False
    if name == "not":
        return not _holds(condition.get("value"), world)
    if name == "and":
        return all(_holds(c, world) for c in condition.get("values", []))
    if name == "or":
        return any(_holds(c, world) for c in condition.get("values", []))
    if name == "mod_loaded":
        return str(condition.get("modid", "")) in world.mods
    if name == "all_mods_loaded":
        return all(mod in world.mods for mod in _ids(condition.get("values")))
    if name == "any_mods_loaded":
        return any(mod in world.mods for mod in _ids(condition.get("values")))
    if name == "item_exists":
        return world.has_item(str(condition.get("item", "")))
    if name == "registry_contains":
        registry = str(condition.get("registry", "minecraft:item"))
        if registry not in ("minecraft:item", "item"):
            raise UnknownCondition(f"{kind} for registry {registry}")
        return all(world.has_item(item) for item in _ids(condition.get("values")))
    if name == "tag_empty":
        return not world.tag_members(str(condition.get("tag", "")).lstrip("#"))
    if name == "tags_populated":
        registry = str(condition.get("registry", "minecraft:item"))
        if registry not in ("minecraft:item", "item"):
            raise UnknownCondition(f"{kind} for registry {registry}")
        return all(world.tag_members(tag.lstrip("#")) for tag in _ids(condition.get("values")))
    raise UnknownCondition(kind or "a condition without a type")
