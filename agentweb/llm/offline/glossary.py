"""Chinese names of common Minecraft things, both ways.

The game data is English. A Chinese question may name an item in Chinese
(``铁锭``): the planner looks up the English display name. A Chinese answer
shows the Chinese name where this glossary has one and the data's English
name otherwise; names it does not know (every modded item) stay as the data
has them. Names follow the game's own zh_cn translation.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

# Chinese → the English display name in minecraft-data.
ZH_ITEMS = {
    "铁锭": "Iron Ingot",
    "金锭": "Gold Ingot",
    "铜锭": "Copper Ingot",
    "下界合金锭": "Netherite Ingot",
    "铁粒": "Iron Nugget",
    "金粒": "Gold Nugget",
    "粗铁": "Raw Iron",
    "粗金": "Raw Gold",
    "粗铜": "Raw Copper",
    "铁矿石": "Iron Ore",
    "深层铁矿石": "Deepslate Iron Ore",
    "铁块": "Block of Iron",
    "钻石剑": "Diamond Sword",
    "钻石镐": "Diamond Pickaxe",
    "钻石矿石": "Diamond Ore",
    "深层钻石矿石": "Deepslate Diamond Ore",
    "钻石块": "Block of Diamond",
    "煤矿石": "Coal Ore",
    "深层煤矿石": "Deepslate Coal Ore",
    "深层绿宝石矿石": "Deepslate Emerald Ore",
    "金苹果": "Golden Apple",
    "苹果": "Apple",
    "钻石": "Diamond",
    "绿宝石": "Emerald",
    "绿宝石矿石": "Emerald Ore",
    "铁镐": "Iron Pickaxe",
    "铁剑": "Iron Sword",
    "高炉": "Blast Furnace",
    "熔炉": "Furnace",
    "烟熏炉": "Smoker",
    "营火": "Campfire",
    "工作台": "Crafting Table",
    "铁砧": "Anvil",
    "火把": "Torch",
    "灯笼": "Lantern",
    "木棍": "Stick",
    "煤炭": "Coal",
    "木炭": "Charcoal",
    "红石": "Redstone Dust",
    "圆石": "Cobblestone",
    "石头": "Stone",
    "黑石": "Blackstone",
    "深板岩圆石": "Cobbled Deepslate",
    "箱子": "Chest",
    "面包": "Bread",
    "小麦": "Wheat",
    "曲奇": "Cookie",
    "可可豆": "Cocoa Beans",
    "皮革": "Leather",
    "纸": "Paper",
    "书": "Book",
    "黏土球": "Clay Ball",
    "粘土球": "Clay Ball",
    "安山岩": "Andesite",
    "燧石": "Flint",
    "沙砾": "Gravel",
    "沙子": "Sand",
    "火药": "Gunpowder",
    "玻璃": "Glass",
    "水桶": "Water Bucket",
    "桶": "Bucket",
    "骨头": "Bone",
    "骨粉": "Bone Meal",
    "线": "String",
    "末影珍珠": "Ender Pearl",
    "烈焰棒": "Blaze Rod",
    "腐肉": "Rotten Flesh",
    "生牛肉": "Raw Beef",
    "牛排": "Steak",
    "熟牛肉": "Steak",
    "生鲑鱼": "Raw Salmon",
    "熟鲑鱼": "Cooked Salmon",
    "鲑鱼": "Raw Salmon",
    "生鳕鱼": "Raw Cod",
    "熟鳕鱼": "Cooked Cod",
    "鳕鱼": "Raw Cod",
    "生鸡肉": "Raw Chicken",
    "熟鸡肉": "Cooked Chicken",
    "马铃薯": "Potato",
    "烤马铃薯": "Baked Potato",
    "胡萝卜": "Carrot",
    "金胡萝卜": "Golden Carrot",
    "钓鱼竿": "Fishing Rod",
    "望远镜": "Spyglass",
    "紫水晶碎片": "Amethyst Shard",
    "鹦鹉螺壳": "Nautilus Shell",
    "海洋之心": "Heart of the Sea",
    "潮涌核心": "Conduit",
    "海晶碎片": "Prismarine Shard",
    "海晶砂粒": "Prismarine Crystals",
    "海晶灯": "Sea Lantern",
    "命名牌": "Name Tag",
    "三叉戟": "Trident",
    "海绵": "Sponge",
    "橡木原木": "Oak Log",
}

# English names of mobs and stations the answers mention, → Chinese.
ZH_OTHER = {
    "Skeleton": "骷髅",
    "Stray": "流浪者",
    "Wither Skeleton": "凋灵骷髅",
    "Skeleton Horse": "骷髅马",
    "Zombie": "僵尸",
    "Husk": "尸壳",
    "Drowned": "溺尸",
    "Creeper": "苦力怕",
    "Spider": "蜘蛛",
    "Cave Spider": "洞穴蜘蛛",
    "Enderman": "末影人",
    "Blaze": "烈焰人",
    "Ghast": "恶魂",
    "Witch": "女巫",
    "Cow": "牛",
    "Iron Golem": "铁傀儡",
    "Guardian": "守卫者",
    "Elder Guardian": "远古守卫者",
    "Salmon": "鲑鱼",
    "Cod": "鳕鱼",
    "Chicken": "鸡",
    "Gravel": "沙砾",
    "Cobweb": "蜘蛛网",
    "Tripwire": "绊线",
    "a furnace": "熔炉",
    "a blast furnace": "高炉",
    "a smoker": "烟熏炉",
    "a campfire": "营火",
    "a soul campfire": "灵魂营火",
}

EN_TO_ZH = {**{en: zh for zh, en in ZH_ITEMS.items() if len(zh) > 1}, **ZH_OTHER}
# The glossary's own preferred names where two Chinese names share one English name.
EN_TO_ZH.update(
    {"Raw Salmon": "生鲑鱼", "Raw Cod": "生鳕鱼", "Steak": "牛排", "Clay Ball": "黏土球"}
)

_COUNTED = re.compile(r"^(?P<count>\d+×\s*)(?P<name>.+)$")
# How the item data names a recipe slot with alternatives: "Cobblestone or 2 others".
_OTHERS = re.compile(r"^(?P<name>.+) or (?P<n>\d+) others$")
_EITHER = re.compile(r"^(?P<a>.+) or (?P<b>.+)$")
# XP rewards as the quest data labels them: "100 XP", "3 levels".
_XP = re.compile(r"^(?P<n>\d+) (?P<unit>XP|levels?)$")


def zh_item(text: str) -> str | None:
    """The English name of the first glossary item in a Chinese text (longest first)."""
    for zh in sorted(ZH_ITEMS, key=len, reverse=True):
        if zh in text:
            return ZH_ITEMS[zh]
    return None


def to_zh(name: str, known: Mapping[str, str] | None = None) -> str:
    """A name as a Chinese answer shows it: the data's own Chinese name (``known``: the
    request's ``names``, from the imported lang files) first, this glossary's as the
    fallback, else the name as the data has it. Counts, "A or B", "any X" and XP labels
    keep their shape."""
    known = known or {}
    if name in known:
        return known[name]
    xp = _XP.match(name)
    if xp:
        return f"{xp.group('n')} {'点经验' if xp.group('unit') == 'XP' else '级经验'}"
    counted = _COUNTED.match(name)
    if counted:
        return counted.group("count") + to_zh(counted.group("name"), known)
    others = _OTHERS.match(name)
    if others:
        return f"{to_zh(others.group('name'), known)}或另外 {others.group('n')} 种"
    either = _EITHER.match(name)
    if either and name not in EN_TO_ZH:
        return f"{to_zh(either.group('a'), known)}或{to_zh(either.group('b'), known)}"
    if name.startswith("any "):
        return f"任意{to_zh(name[4:], known)}"
    return EN_TO_ZH.get(name, name)
