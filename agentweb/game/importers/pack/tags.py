"""Item tags: merged over the sources as the game merges them, then resolved to items.

A tag file lists item ids and other tags (``#c:ingots``), plainly or as
``{"id": …, "required": false}``. Files of the same tag add up in source order unless
one says ``"replace": true`` (then it starts over); NeoForge and Forge also read a
``remove`` list. Nested tags are followed (a cycle stops where it closes). Members that
are not items of the pack are left out, and the report counts them; a tag that names an
undefined tag is reported too.
"""

from __future__ import annotations

from collections.abc import Callable

from agentweb.game.importers.pack.collect import Collected, read_json
from agentweb.game.importers.pack.conditions import UnknownCondition, conditions_of, passes
from agentweb.game.importers.pack.report import PackReport
from agentweb.game.importers.pack.stacks import full_id

# The per-source count of files left out by their load conditions (as for recipes and loot).
NOT_LOADED = "not loaded (conditions false)"
# How many examples a report note names.
EXAMPLES = 5


def _entry_id(value: object) -> tuple[str, bool] | None:
    """``(id, required)`` of one value of a tag file."""
    if isinstance(value, str):
        return value, True
    if isinstance(value, dict) and isinstance(value.get("id"), str):
        return value["id"], value.get("required", True) is not False
    return None


class TagTable:
    def __init__(self, collected: Collected, report: PackReport, is_item: Callable[[str], bool]):
        self.report, self.is_item = report, is_item
        self.values: dict[str, list[tuple[str, bool]]] = {}
        self.removed: dict[str, list[str]] = {}
        self._files = collected.tags
        self._resolved: dict[str, list[str]] = {}
        self.unknown_items: dict[str, int] = {}
        self.undefined: set[str] = set()

    def load(self, world) -> None:
        """Read and merge every tag file (load conditions evaluated against ``world``)."""
        for tag_id, refs in sorted(self._files.items()):
            values: list[tuple[str, bool]] = []
            removed: list[str] = []
            loaded = False
            for ref in refs:
                raw = read_json(ref, self.report)
                where = f"{ref.source.name}!{ref.path}"
                if raw is None:
                    continue
                if not isinstance(raw, dict) or not isinstance(raw.get("values", []), list):
                    self.report.skip(where, "not a tag file (an object with a values list)")
                    continue
                conditions = conditions_of(raw)
                if conditions is not None:
                    try:
                        if not passes(conditions, world):
                            self.report.per_source[ref.source.name][NOT_LOADED] += 1
                            continue
                    except UnknownCondition as exc:
                        self.report.skip(where, f"unknown load condition {exc}")
                        continue
                if raw.get("replace") is True:
                    values = []
                values += [e for e in map(_entry_id, raw.get("values", [])) if e]
                removed += [e[0] for e in map(_entry_id, raw.get("remove", []) or []) if e]
                self.report.per_source[ref.source.name]["item tags"] += 1
                loaded = True
            if loaded:  # a tag whose every file is left out is not defined
                self.values[tag_id] = values
                self.removed[tag_id] = removed

    def members(self, tag_id: str) -> list[str]:
        """The items of ``tag_id`` (no ``#``), in file order, each once."""
        tag_id = full_id(tag_id.lstrip("#"))
        if tag_id not in self._resolved:
            self._resolved[tag_id] = self._resolve(tag_id, set())
        return self._resolved[tag_id]

    def _resolve(self, tag_id: str, path: set[str]) -> list[str]:
        if tag_id in self._resolved:
            return self._resolved[tag_id]
        if tag_id not in self.values:
            self.undefined.add(tag_id)
            return []
        found: dict[str, None] = {}
        for value, _required in self.values[tag_id]:
            if value.startswith("#"):
                nested = full_id(value[1:])
                if nested in path or nested == tag_id:
                    continue
                found.update(dict.fromkeys(self._resolve(nested, path | {tag_id})))
            elif self.is_item(full_id(value)):
                found[full_id(value)] = None
            else:
                self.unknown_items[full_id(value)] = self.unknown_items.get(full_id(value), 0) + 1
        for value in self.removed.get(tag_id, []):
            if value.startswith("#"):
                for item in self._resolve(full_id(value[1:]), path | {tag_id}):
                    found.pop(item, None)
            else:
                found.pop(full_id(value), None)
        members = list(found)
        self._resolved[tag_id] = members
        return members

    def resolve_all(self) -> dict[str, list[str]]:
        return {tag_id: self.members(tag_id) for tag_id in sorted(self.values)}

    def note_problems(self) -> None:
        """Report the members that are not items and the tags no source defines (call
        after the recipes and loot tables have looked their tags up)."""
        if self.unknown_items:
            examples = ", ".join(sorted(self.unknown_items)[:EXAMPLES])
            self.report.note(
                f"{len(self.unknown_items)} tag members are not items of this pack and were "
                f"left out (e.g. {examples})"
            )
        if self.undefined:
            examples = ", ".join(f"#{t}" for t in sorted(self.undefined)[:EXAMPLES])
            self.report.note(
                f"{len(self.undefined)} tags are used but defined by no source (e.g. {examples}); "
                "they have no members"
            )
