"""Build fixture mods, datapacks and instances for the pack-import tests, from JSON written here.

The recipes, tags, loot tables and lang keys follow the formats of real mods: Create's
(MIT licence, github.com/Creators-of-Create/Create — the shapes of ``mixing`` and
``crushing`` recipes, their ``neoforge:conditions``, ``create.recipe.<type>`` station
keys) and vanilla's. Every file is small and written by these tests; nothing is copied.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

Files = dict[str, Any]


def content(value: Any) -> bytes:
    if isinstance(value, bytes):
        return value
    if isinstance(value, str):
        return value.encode("utf-8")
    return json.dumps(value, ensure_ascii=False, indent=1).encode("utf-8")


def write_zip(path: Path, files: Files) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, value in files.items():
            zf.writestr(name, content(value))
    return path


def write_folder(path: Path, files: Files) -> Path:
    for name, value in files.items():
        target = path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content(value))
    return path


def neoforge_mod(mod_id: str, name: str) -> str:
    return f'modLoader="javafml"\n[[mods]]\nmodId="{mod_id}"\ndisplayName="{name}"\n'


PACK_MCMETA = {"pack": {"pack_format": 48, "description": "test pack"}}


def block_loot(*children: dict) -> dict:
    """A block's loot table: one roll of an ``alternatives`` entry of ``children``."""
    entry = {"type": "minecraft:alternatives", "children": list(children)}
    return {"type": "minecraft:block", "pools": [{"rolls": 1, "entries": [entry]}]}


def loot_item(name: str, *conditions: dict, **fields: Any) -> dict:
    """One item entry of a loot table, with its conditions and other fields."""
    entry = {"type": "minecraft:item", "name": name, **fields}
    return {**entry, "conditions": list(conditions)} if conditions else entry


# A Create-like mod in the 1.21 format (recipe/, "id" results, neoforge:conditions).
MIXER_MOD: Files = {
    "META-INF/neoforge.mods.toml": neoforge_mod("mixer", "Mixer Works"),
    "data/mixer/recipe/mixing/andesite_alloy.json": {
        "type": "mixer:mixing",
        "ingredients": [{"item": "minecraft:andesite"}, {"tag": "c:nuggets/iron"}],
        "results": [{"id": "mixer:andesite_alloy"}],
        "heat_requirement": "heated",
    },
    "data/mixer/recipe/crushing/coal_ore.json": {
        "type": "mixer:crushing",
        "ingredients": [{"item": "minecraft:coal_ore"}],
        "processing_time": 150,
        "results": [
            {"id": "minecraft:coal"},
            {"chance": 0.75, "id": "minecraft:coal"},
            {"chance": 0.75, "id": "mixer:experience_nugget"},
        ],
    },
    "data/mixer/recipe/filling/honey_bottle.json": {
        "type": "mixer:filling",
        "ingredients": [
            {"item": "minecraft:glass_bottle"},
            {"type": "fluid_stack", "fluid": "mixer:honey", "amount": 250},
        ],
        "results": [{"id": "minecraft:honey_bottle"}],
    },
    "data/mixer/recipe/compat/other/gear.json": {
        "neoforge:conditions": [{"type": "neoforge:mod_loaded", "modid": "othermod"}],
        "type": "mixer:mixing",
        "ingredients": [{"item": "minecraft:iron_ingot"}],
        "results": [{"id": "othermod:gear"}],
    },
    "data/mixer/recipe/shaft.json": {
        "type": "minecraft:crafting_shaped",
        "category": "misc",
        "pattern": ["A", "A"],
        "key": {"A": {"item": "mixer:andesite_alloy"}},
        "result": {"count": 8, "id": "mixer:shaft"},
    },
    "data/mixer/recipe/cogwheel.json": {
        "type": "minecraft:crafting_shapeless",
        "ingredients": [{"item": "mixer:shaft"}, {"tag": "minecraft:planks"}],
        "result": {"id": "mixer:cogwheel"},
    },
    "data/mixer/recipe/zinc_from_ore.json": {
        "type": "minecraft:blasting",
        "ingredient": {"item": "mixer:zinc_ore"},
        "result": {"id": "mixer:zinc_ingot"},
        "experience": 1.0,
        "cookingtime": 100,
    },
    "data/c/tags/item/nuggets/iron.json": {"values": ["minecraft:iron_nugget"]},
    "data/c/tags/item/nuggets.json": {"values": ["#c:nuggets/iron", "#c:nuggets/zinc"]},
    "data/c/tags/item/nuggets/zinc.json": {"values": ["mixer:zinc_nugget"]},
    "data/mixer/loot_table/blocks/zinc_ore.json": {
        "type": "minecraft:block",
        "pools": [
            {
                "rolls": 1.0,
                "entries": [
                    {
                        "type": "minecraft:alternatives",
                        "children": [
                            {
                                "type": "minecraft:item",
                                "conditions": [
                                    {
                                        "condition": "minecraft:match_tool",
                                        "predicate": {
                                            "predicates": {
                                                "minecraft:enchantments": [
                                                    {
                                                        "enchantments": "minecraft:silk_touch",
                                                        "levels": {"min": 1},
                                                    }
                                                ]
                                            }
                                        },
                                    }
                                ],
                                "name": "mixer:zinc_ore",
                            },
                            {
                                "type": "minecraft:item",
                                "functions": [
                                    {
                                        "function": "minecraft:apply_bonus",
                                        "enchantment": "minecraft:fortune",
                                        "formula": "minecraft:ore_drops",
                                    },
                                    {"function": "minecraft:explosion_decay"},
                                ],
                                "name": "mixer:raw_zinc",
                            },
                        ],
                    }
                ],
            }
        ],
    },
    "assets/mixer/lang/en_us.json": {
        "item.mixer.andesite_alloy": "Andesite Alloy",
        "item.mixer.experience_nugget": "Nugget of Experience",
        "item.mixer.zinc_nugget": "Zinc Nugget",
        "item.mixer.zinc_ingot": "Zinc Ingot",
        "item.mixer.raw_zinc": "Raw Zinc",
        "item.mixer.cogwheel": "Cogwheel",
        "block.mixer.shaft": "Shaft",
        "block.mixer.zinc_ore": "Zinc Ore",
        "fluid.mixer.honey": "Honey",
        "mixer.recipe.mixing": "Mixing",
        "mixer.recipe.crushing": "Crushing",
        "tag.item.c.nuggets.iron": "Iron Nuggets",
    },
    "assets/mixer/lang/zh_cn.json": {
        "item.mixer.andesite_alloy": "安山合金",
        "block.mixer.shaft": "传动杆",
        "block.mixer.zinc_ore": "锌矿石",
        "mixer.recipe.mixing": "搅拌",
    },
    "assets/mixer/models/item/shaft.json": {"parent": "item/generated"},
    "assets/mixer/models/item/zinc_ore.json": {"parent": "item/generated"},
}

# A mod in the 1.20 Forge format (recipes/, "item" results, forge conditions, tags/items).
FORGE_MOD: Files = {
    "META-INF/mods.toml": 'modLoader="javafml"\n[[mods]]\nmodId="oldmod"\ndisplayName="Old Mod"\n',
    "data/oldmod/recipes/press.json": {
        "type": "minecraft:crafting_shaped",
        "pattern": ["II", "II"],
        "key": {"I": {"tag": "forge:ingots/iron"}},
        "result": {"item": "oldmod:press", "count": 1},
    },
    "data/oldmod/recipes/plate_smelting.json": {
        "type": "minecraft:smelting",
        "ingredient": {"item": "oldmod:raw_plate"},
        "result": "oldmod:plate",
        "experience": 0.1,
        "cookingtime": 200,
    },
    "data/oldmod/recipes/plate_cutting.json": {
        "type": "minecraft:stonecutting",
        "ingredient": {"item": "minecraft:iron_block"},
        "result": "oldmod:plate",
        "count": 9,
    },
    "data/oldmod/recipes/needs_mixer.json": {
        "type": "minecraft:crafting_shapeless",
        "conditions": [{"type": "forge:mod_loaded", "modid": "mixer"}],
        "ingredients": [{"item": "mixer:andesite_alloy"}, {"item": "oldmod:plate"}],
        "result": {"item": "oldmod:gear"},
    },
    "data/oldmod/recipes/never.json": {
        "type": "minecraft:crafting_shapeless",
        "conditions": [{"type": "forge:not", "value": {"type": "forge:true"}}],
        "ingredients": [{"item": "minecraft:dirt"}],
        "result": {"item": "oldmod:gear"},
    },
    "data/oldmod/recipes/enriching.json": {
        "type": "oldmod:enriching",
        "input": {"ingredient": {"tag": "forge:ingots/iron"}, "amount": 2},
        "output": {"item": "oldmod:dense_plate", "count": 1},
        "energy": 400,
    },
    "data/forge/tags/items/ingots/iron.json": {
        "replace": False,
        "values": ["minecraft:iron_ingot"],
    },
    "data/oldmod/loot_tables/entities/golem.json": {
        "type": "minecraft:entity",
        "pools": [
            {
                "rolls": 1,
                "entries": [
                    {
                        "type": "minecraft:item",
                        "name": "oldmod:plate",
                        "functions": [
                            {
                                "function": "minecraft:set_count",
                                "count": {"type": "minecraft:uniform", "min": 1.0, "max": 3.0},
                            },
                            {
                                "function": "minecraft:looting_enchant",
                                "count": {"min": 0, "max": 1},
                            },
                        ],
                    }
                ],
                "conditions": [
                    {"condition": "minecraft:killed_by_player"},
                    {
                        "condition": "minecraft:random_chance_with_looting",
                        "chance": 0.25,
                        "looting_multiplier": 0.05,
                    },
                ],
            }
        ],
    },
    "assets/oldmod/lang/en_us.json": {
        "item.oldmod.press": "Press",
        "item.oldmod.plate": "Iron Plate",
        "item.oldmod.raw_plate": "Raw Plate",
        "item.oldmod.gear": "Gear",
        "item.oldmod.dense_plate": "Dense Plate",
        "entity.oldmod.golem": "Plate Golem",
        "oldmod.recipe_type.enriching": "Enriching",
    },
}


def build_instance(root: Path, *, extra: dict[str, Files] | None = None) -> Path:
    """A server instance with the two mods; ``extra`` adds files by relative path (a
    ``.jar``/``.zip`` given a dict of files is written as that zip)."""
    write_zip(root / "mods" / "mixer-1.0.jar", MIXER_MOD)
    write_zip(root / "mods" / "oldmod-1.0.jar", FORGE_MOD)
    for name, value in (extra or {}).items():
        if name.endswith((".jar", ".zip")) and isinstance(value, dict):
            write_zip(root / name, value)
        else:
            write_folder(root, {name: value})
    return root


VANILLA = {
    "minecraft:andesite": "Andesite",
    "minecraft:coal": "Coal",
    "minecraft:coal_ore": "Coal Ore",
    "minecraft:dirt": "Dirt",
    "minecraft:glass_bottle": "Glass Bottle",
    "minecraft:honey_bottle": "Honey Bottle",
    "minecraft:iron_block": "Block of Iron",
    "minecraft:iron_ingot": "Iron Ingot",
    "minecraft:iron_nugget": "Iron Nugget",
    "minecraft:oak_planks": "Oak Planks",
    "minecraft:spruce_planks": "Spruce Planks",
    "minecraft:stick": "Stick",
    "minecraft:diamond": "Diamond",
    "minecraft:cod": "Raw Cod",
    "minecraft:wheat": "Wheat",
    "minecraft:wheat_seeds": "Wheat Seeds",
}


def vanilla_items() -> None:
    """A few vanilla items, as minecraft-data would have imported them (fast); those the
    shipped world already has are left as they are."""
    from agentweb.game.models import GameName, Item, NameOrigin
    from agentweb.game.models.names import fold

    Item.objects.bulk_create(
        [
            Item(item_id=item_id, namespace="minecraft", name=item_id[10:], display_name=name)
            for item_id, name in VANILLA.items()
        ],
        ignore_conflicts=True,
    )
    GameName.objects.bulk_create(
        [
            GameName(
                origin=NameOrigin.MINECRAFT_DATA,
                kind="item",
                key=item_id,
                language="en_us",
                text=name,
                folded=fold(name),
            )
            for item_id, name in VANILLA.items()
        ],
        ignore_conflicts=True,
    )
