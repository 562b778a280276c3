"""How a recipe's parts are named for players, in their language: items, ``any <tag>`` with
examples, fluids with amounts, stations.

Every name comes from the name index in the asked language, then English, then the
item's stored name, then a readable id — one query per kind of thing named.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from agentweb.game.models.names import DEFAULT_LANGUAGE
from agentweb.game.queries import alternatives_label, display_names
from agentweb.game.search.game_names import game_language, localized_kinds_with_language
from agentweb.game.text import prettify_id
from agentweb.lib.language import shared_ending

# A tag's members named after "e.g." on a card.
EXAMPLES = 3
# Vanilla recipe types' stations as a card names them (with the article the summaries use).
VANILLA_STATION_BLOCKS = {
    "minecraft:smelting": "minecraft:furnace",
    "minecraft:blasting": "minecraft:blast_furnace",
    "minecraft:smoking": "minecraft:smoker",
    "minecraft:campfire_cooking": "minecraft:campfire",
    "minecraft:stonecutting": "minecraft:stonecutter",
    "minecraft:smithing_transform": "minecraft:smithing_table",
    "minecraft:crafting_shaped": "minecraft:crafting_table",
    "minecraft:crafting_shapeless": "minecraft:crafting_table",
}


def readable_tag(tag_id: str) -> str:
    """``c:ingots/iron`` → ``Iron Ingots``; ``minecraft:planks`` → ``Planks``."""
    path = tag_id.lstrip("#").split(":", 1)[-1]
    parts = [p for p in path.split("/") if p]
    if len(parts) >= 2:
        words = " ".join(reversed([p.replace("_", " ") for p in parts[-2:]]))
        return " ".join(w[:1].upper() + w[1:] for w in words.split())
    return prettify_id(path)


@dataclass
class Labels:
    """Names of everything some sources mention, loaded at once."""

    language: str
    items: dict[str, str] = field(default_factory=dict)
    tags: dict[str, str] = field(default_factory=dict)
    # Tags whose name is in the asked language (the others' names are a fallback).
    tags_in_language: set[str] = field(default_factory=set)
    fluids: dict[str, str] = field(default_factory=dict)
    stations: dict[str, str] = field(default_factory=dict)
    # Blocks and mobs that drop things, by kind ("block", "entity") and id.
    droppers: dict[tuple[str, str], str] = field(default_factory=dict)

    @classmethod
    def load(
        cls,
        language: str | None,
        *,
        items: Iterable[str] = (),
        tags: Iterable[str] = (),
        fluids: Iterable[str] = (),
        stations: Iterable[str] = (),
        blocks: Iterable[str] = (),
        entities: Iterable[str] = (),
    ) -> Labels:
        lang = game_language(language)
        labels = cls(lang)
        labels.items = display_names(items, language=lang)
        stations = set(stations)
        station_blocks = {t: b for t, b in VANILLA_STATION_BLOCKS.items() if t in stations}
        kinds = {"tag": tags, "fluid": fluids, "station": stations, "entity": entities}
        kinds["block"] = {*blocks, *station_blocks.values()}
        found = localized_kinds_with_language(kinds, lang)  # one statement for all of them
        named = {kind: {k: text for k, (_, text) in by.items()} for kind, by in found.items()}
        labels.tags = named.get("tag", {})
        labels.tags_in_language = {k for k, (at, _) in found.get("tag", {}).items() if at == lang}
        labels.fluids = named.get("fluid", {})
        labels.stations = dict(named.get("station", {}))
        block_names = named.get("block", {})
        for type_id, block in station_blocks.items():
            if block in block_names and type_id not in labels.stations:
                labels.stations[type_id] = block_names[block]
        labels.droppers = {("block", k): v for k, v in block_names.items()}
        unnamed = set(blocks) - block_names.keys()  # blocks named only as their item
        if unnamed:
            items_named = display_names(unnamed, language=lang)
            labels.droppers.update({("block", k): items_named[k] for k in unnamed})
        labels.droppers.update({("entity", k): v for k, v in named.get("entity", {}).items()})
        return labels

    def item(self, item_id: str) -> str:
        return self.items.get(item_id) or prettify_id(item_id)

    def tag(self, tag_id: str) -> str:
        return self.tags.get(tag_id) or readable_tag(tag_id)

    def any_of_tag(self, tag_id: str, members: list[str]) -> str:
        """``any <tag>`` in the asked language: the tag's own name in it (a lang file's
        ``tag.item.<ns>.<path>``), else what its members' names in it end with (任意木板),
        else the tag's name in English or its readable id."""
        if tag_id in self.tags_in_language or self.language == DEFAULT_LANGUAGE:
            return f"any {self.tag(tag_id)}"
        ending = shared_ending(self.item(i) for i in members)
        return f"any {ending or self.tag(tag_id)}"

    def fluid(self, fluid_id: str) -> str:
        return self.fluids.get(fluid_id) or prettify_id(fluid_id)

    def station(self, type_id: str, english: str) -> str:
        return self.stations.get(type_id) or english or prettify_id(type_id)

    def dropper(self, kind: str, source_name: str) -> str | None:
        return self.droppers.get((kind, source_name))

    def alternatives(self, item_ids: list[str]) -> str:
        return alternatives_label(item_ids, self.items)

    def ingredient(self, entry: dict[str, Any]) -> tuple[str, list[str]]:
        """How one ingredient (or grid cell) reads, and examples when it is a tag."""
        items = list(entry.get("items") or [])
        if entry.get("tag"):
            examples = [self.item(i) for i in items[:EXAMPLES]]
            return self.any_of_tag(entry["tag"], items), examples
        if entry.get("tags"):
            return " or ".join(f"any {self.tag(t)}" for t in entry["tags"]), [
                self.item(i) for i in items[:EXAMPLES]
            ]
        if entry.get("fluid"):
            return f"{entry.get('amount', 1000)} mB {self.fluid(entry['fluid'])}", []
        if entry.get("fluid_tag"):
            return f"{entry.get('amount', 1000)} mB of any {self.tag(entry['fluid_tag'])}", []
        for key in ("chemical", "chemical_tag"):
            if entry.get(key):
                return f"{entry.get('amount', 1)} × {prettify_id(entry[key])}", []
        if entry.get("special"):
            return f"a special ingredient ({entry['special']})", []
        return self.alternatives(items) if items else "?", []

    def result(self, entry: dict[str, Any]) -> str:
        """``2× Coal (75 %)``, ``250 mB Honey``."""
        if "item" in entry:
            text = f"{entry.get('count', 1)}× {self.item(entry['item'])}"
        elif "fluid" in entry:
            text = f"{entry.get('amount', 1000)} mB {self.fluid(entry['fluid'])}"
        else:
            text = f"{entry.get('amount', 1)} × {prettify_id(str(entry.get('chemical', '?')))}"
        if entry.get("chance") is not None:
            text += f" ({entry['chance']:.0%})"
        return text


# Drops whose source is a block or a mob, named by the name index's kind.
DROPPER_KINDS = {"block_drop": "blocks", "mob_drop": "entities"}


def mentioned(rows: Iterable[Any]) -> dict[str, set[str]]:
    """Every item, tag, fluid and recipe type some sources mention."""
    found: dict[str, set[str]] = {
        "items": set(),
        "tags": set(),
        "fluids": set(),
        "stations": set(),
        "blocks": set(),
        "entities": set(),
    }
    for row in rows:
        if row.source_name and row.kind in DROPPER_KINDS:
            found[DROPPER_KINDS[row.kind]].add(row.source_name)
        entries = list(row.ingredients or [])
        entries += [c for line in row.grid or [] for c in line or [] if isinstance(c, dict)]
        for entry in entries:
            found["items"].update(entry.get("items") or [])
            found["tags"].update(t for t in [entry.get("tag"), entry.get("fluid_tag")] if t)
            found["tags"].update(entry.get("tags") or [])
            if entry.get("fluid"):
                found["fluids"].add(entry["fluid"])
        for line in row.grid or []:
            for cell in line or []:
                if isinstance(cell, list):
                    found["items"].update(cell)
        details = row.details or {}
        for result in details.get("results") or []:
            if "item" in result:
                found["items"].add(result["item"])
            if "fluid" in result:
                found["fluids"].add(result["fluid"])
        if details.get("type"):
            found["stations"].add(details["type"])
    return found
