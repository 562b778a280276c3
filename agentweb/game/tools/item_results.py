"""Items and their sources as typed results and compact observations (their card:
``item_card.py``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from agentweb.game.models import Item, ItemSource, SourceKind
from agentweb.game.tools.source_labels import Labels, mentioned


class ItemInfo(BaseModel):
    item_id: str
    name: str
    stack_size: int
    max_durability: int | None = None
    food_points: float | None = None
    saturation: float | None = None

    @classmethod
    def of(cls, item: Item, name: str | None = None) -> ItemInfo:
        """``name``: the item's name in the asker's language (default: the stored one)."""
        return cls(
            item_id=item.item_id,
            name=name or item.display_name,
            stack_size=item.stack_size,
            max_durability=item.max_durability,
            food_points=item.food_points,
            saturation=item.saturation,
        )

    def brief(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "item_id": self.item_id}
        data["stack_size"] = self.stack_size
        if self.max_durability:
            data["durability"] = self.max_durability
        food = self.food()
        if food:
            data["food"] = food
        return data

    def food(self) -> dict[str, Any] | None:
        """Food values with their units, or ``None`` for an item that is not food."""
        if self.food_points is None:
            return None
        return {
            "food_points": round(self.food_points, 2),
            "hunger_shanks": round(self.food_points / 2, 2),
            "saturation": round(self.saturation, 2) if self.saturation is not None else None,
            "units": FOOD_UNITS,
        }

    def food_text(self) -> str | None:
        if self.food_points is None:
            return None
        shanks = f"{self.food_points / 2:g}"
        text = f"restores {self.food_points:g} food points ({shanks} shanks)"
        if self.saturation is not None:
            text += f" and {self.saturation:g} saturation"
        return text


FOOD_UNITS = (
    "food points: the hunger bar has 20, one shank icon is 2 food points; "
    "saturation: hidden points used up before the hunger bar drops"
)


class Ingredient(BaseModel):
    label: str
    count: int
    item_ids: list[str]
    # "any <tag>" ingredients: the tag and a few of its items by name.
    tag: str | None = None
    examples: list[str] = []
    # Fluids (and Mekanism's chemicals): the amount in mB.
    fluid: str | None = None
    amount: int | None = None
    # A tool or catalyst the recipe gives back: needed once, not used up.
    kept: bool = False


class SourceInfo(BaseModel):
    """One way to obtain an item, with names already resolved for display."""

    kind: str
    kind_label: str
    summary: str
    result_count: int = 1
    ingredients: list[Ingredient] = []
    grid: list[list[str | None]] | None = None
    station: str | None = None
    from_name: str | None = None
    chance: float | None = None
    count_min: int | None = None
    count_max: int | None = None
    conditions: list[str] = []
    # A pack's recipe: its id and type, the mod it belongs to, every output, its data.
    recipe_id: str | None = None
    recipe_type: str | None = None
    mod: str | None = None
    outputs: list[str] = []
    data: dict[str, Any] = {}

    @property
    def is_crafting(self) -> bool:
        return self.kind in CRAFTING

    @property
    def used_up(self) -> list[Ingredient]:
        return [i for i in self.ingredients if not i.kept]

    @property
    def tools(self) -> list[Ingredient]:
        """What the recipe needs and gives back (a knife, a catalyst)."""
        return [i for i in self.ingredients if i.kept]

    def brief(self) -> dict[str, Any]:
        """One way to obtain the item as the model sees it: every fact, short."""
        data: dict[str, Any] = {"kind": self.kind, "how": self.summary}
        if self.kind == SourceKind.CRAFTING_SHAPED and self.grid:
            data["shape"] = "shaped"
            data["grid_rows"] = [" | ".join(cell or "empty" for cell in row) for row in self.grid]
        elif self.kind == SourceKind.CRAFTING_SHAPELESS:
            data["shape"] = "shapeless"
        if self.is_crafting or self.kind in STATION_KINDS:
            data["ingredients"] = [ingredient_text(i) for i in self.used_up]
            data["makes"] = self.result_count
            if self.tools:
                data["tools"] = [ingredient_text(i) for i in self.tools]
        facts = {
            "station": self.station,
            "mod": self.mod,
            "outputs": self.outputs,
            "data": self.data,
            "from": self.from_name,
        }
        data.update({key: value for key, value in facts.items() if value})
        if self.chance is not None:
            data["chance"] = round(self.chance, 4)
        if self.conditions:
            data["conditions"] = self.conditions
        return data


def ingredient_text(ingredient: Ingredient, name: Callable[[str], str] = str) -> str:
    """One ingredient as a recipe line says it ("9× Iron Nugget"); ``name`` shows each
    name in the answer's language (as the data has it by default)."""
    label = name(ingredient.label)
    if ingredient.fluid or ingredient.amount is not None:
        return label
    text = label if ingredient.kept else f"{ingredient.count}× {label}"
    if ingredient.examples:
        text += f" (e.g. {', '.join(map(name, ingredient.examples))})"
    return text


CRAFTING = (SourceKind.CRAFTING_SHAPED.value, SourceKind.CRAFTING_SHAPELESS.value)
STATIONS = {
    SourceKind.SMELTING: ("smelted", "a furnace"),
    SourceKind.BLASTING: ("blasted", "a blast furnace"),
    SourceKind.SMOKING: ("cooked", "a smoker"),
    SourceKind.CAMPFIRE: ("cooked", "a campfire"),
}
STATION_KINDS = {
    k.value for k in (SourceKind.STONECUTTING, SourceKind.SMITHING, SourceKind.PROCESSING)
}
LOOT_WHERE = {
    SourceKind.BLOCK_DROP: "dropped by the block",
    SourceKind.MOB_DROP: "dropped by the mob",
    SourceKind.CHEST_LOOT: "found in chests:",
    SourceKind.GAMEPLAY_LOOT: "from",
}


def source_infos(rows: list[ItemSource], *, language: str | None = None) -> list[SourceInfo]:
    """Typed sources with every name resolved in ``language`` (then English), a few
    queries for all of them."""
    found = mentioned(rows)
    labels = Labels.load(
        language,
        items=found["items"],
        tags=found["tags"],
        fluids=found["fluids"],
        stations=found["stations"],
        blocks=found["blocks"],
        entities=found["entities"],
    )
    return [_info(row, labels) for row in rows]


def _ingredient(entry: dict[str, Any], labels: Labels) -> Ingredient:
    label, examples = labels.ingredient(entry)
    fluid = entry.get("fluid") or entry.get("fluid_tag") or entry.get("chemical")
    return Ingredient(
        label=label,
        count=int(entry.get("count", 1)),
        item_ids=list(entry.get("items", [])),
        tag=entry.get("tag"),
        examples=examples,
        fluid=fluid,
        amount=entry.get("amount"),
        kept=bool(entry.get("kept")),
    )


def _cell(cell: Any, labels: Labels) -> str | None:
    if not cell:
        return None
    if isinstance(cell, dict):
        return labels.ingredient(cell)[0]
    return labels.alternatives(cell)


def _info(row: ItemSource, labels: Labels) -> SourceInfo:
    kind = SourceKind(row.kind)
    details = row.details or {}
    grid = [[_cell(cell, labels) for cell in line] for line in row.grid] if row.grid else None
    info = SourceInfo(
        kind=kind.value,
        kind_label=kind.label,
        summary="",
        result_count=row.result_count,
        ingredients=[_ingredient(entry, labels) for entry in row.ingredients or []],
        grid=grid,
        from_name=_from_name(row, labels),
        chance=row.chance,
        count_min=row.count_min,
        count_max=row.count_max,
        recipe_id=details.get("recipe"),
        recipe_type=details.get("type"),
        mod=details.get("mod"),
        outputs=[labels.result(r) for r in details.get("results") or []],
        data=details.get("data") or {},
    )
    if details.get("type") and kind.value in STATION_KINDS:
        info.station = labels.station(details["type"], details.get("station", ""))
    info.summary = _summary(kind, info, row)
    return info


def _from_name(row: ItemSource, labels: Labels) -> str | None:
    """The block or mob a drop comes from, in the asked language when the data names it."""
    kind = {"block_drop": "block", "mob_drop": "entity"}.get(row.kind)
    named = labels.dropper(kind, row.source_name) if kind and row.source_name else None
    return named or row.source_display_name or None


def _summary(kind: SourceKind, info: SourceInfo, row: ItemSource) -> str:
    parts = ", ".join(ingredient_text(i) for i in info.used_up)
    makes = f" (makes {info.result_count})" if info.result_count > 1 else ""
    if kind in (SourceKind.CRAFTING_SHAPED, SourceKind.CRAFTING_SHAPELESS):
        return f"crafted{makes} from {parts}"
    if kind in STATIONS:
        verb, station = STATIONS[kind]
        info.station = station
        source = info.ingredients[0].label if info.ingredients else "?"
        return f"{verb} from {source} in {station}"
    if kind is SourceKind.STONECUTTING:
        return f"cut{makes} from {parts} on a stonecutter"
    if kind is SourceKind.SMITHING:
        return f"smithed{makes} from {parts} at a smithing table"
    if kind.value in STATION_KINDS:
        where = info.station or "a station"
        if info.mod:
            where += f" ({info.mod})"
        text = f"made{makes} in {where} from {parts}"
        if info.tools:
            kept = ", ".join(ingredient_text(i) for i in info.tools)
            text += f", with {kept} (a tool, not used up)"
        if info.chance is not None:
            text += f", {info.chance:.0%} of the time"
        if len(info.outputs) > 1:
            text += f"; it gives {', '.join(info.outputs)}"
        return text
    return _drop_summary(kind, info, row)


def _drop_summary(kind: SourceKind, info: SourceInfo, row: ItemSource) -> str:
    text = f"{LOOT_WHERE[kind]} {info.from_name or '?'}"
    details = []
    if info.chance is not None and info.chance < 1:
        details.append(f"chance {info.chance:.1%}" if info.chance >= 0.001 else "rare")
    if info.count_min is not None and info.count_max is not None:
        span = str(info.count_min)
        if info.count_max != info.count_min:
            span = f"{info.count_min}–{info.count_max}"
        details.append(f"{span} at a time")
    info.conditions = _conditions(row)
    details += info.conditions
    return f"{text} ({', '.join(details)})" if details else text


def _conditions(row: ItemSource) -> list[str]:
    conditions = []
    if row.silk_touch:
        conditions.append("needs Silk Touch")
    if row.no_silk_touch:
        conditions.append("not with Silk Touch")
    if row.player_kill:
        conditions.append("only when a player kills it")
    age = (row.details or {}).get("block_age")
    if age is not None:
        conditions.append(f"only from a fully grown crop (age {age})")
    conditions += [str(c) for c in (row.details or {}).get("conditions") or []]
    return conditions


LOOT_KIND_VALUES = {k.value for k in LOOT_WHERE}
