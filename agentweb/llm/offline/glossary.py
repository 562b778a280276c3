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

from agentweb.lib.language import shared_ending

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
    # Common items, blocks, tools, armour, food and stations (the game's zh_cn names).
    "红石粉": "Redstone Dust",
    "平滑石头": "Smooth Stone",
    "石砖": "Stone Bricks",
    "砂砾": "Gravel",
    "泥土": "Dirt",
    "草方块": "Grass Block",
    "黏土": "Clay",
    "玻璃板": "Glass Pane",
    "冰": "Ice",
    "浮冰": "Packed Ice",
    "蓝冰": "Blue Ice",
    "雪块": "Snow Block",
    "雪球": "Snowball",
    "黑曜石": "Obsidian",
    "砂岩": "Sandstone",
    "闪长岩": "Diorite",
    "花岗岩": "Granite",
    "深板岩": "Deepslate",
    "云杉原木": "Spruce Log",
    "白桦原木": "Birch Log",
    "丛林原木": "Jungle Log",
    "金合欢原木": "Acacia Log",
    "深色橡木原木": "Dark Oak Log",
    "橡木木板": "Oak Planks",
    "云杉木板": "Spruce Planks",
    "白桦木板": "Birch Planks",
    "丛林木板": "Jungle Planks",
    "红砖": "Brick",
    "砖块": "Bricks",
    "下界岩": "Netherrack",
    "灵魂沙": "Soul Sand",
    "萤石": "Glowstone",
    "萤石粉": "Glowstone Dust",
    "书架": "Bookshelf",
    "甘蔗": "Sugar Cane",
    "羽毛": "Feather",
    "蜘蛛眼": "Spider Eye",
    "烈焰粉": "Blaze Powder",
    "恶魂之泪": "Ghast Tear",
    "史莱姆球": "Slimeball",
    "岩浆膏": "Magma Cream",
    "鞘翅": "Elytra",
    "下界之星": "Nether Star",
    "龙蛋": "Dragon Egg",
    "木剑": "Wooden Sword",
    "石剑": "Stone Sword",
    "金剑": "Golden Sword",
    "下界合金剑": "Netherite Sword",
    "木镐": "Wooden Pickaxe",
    "石镐": "Stone Pickaxe",
    "金镐": "Golden Pickaxe",
    "铁斧": "Iron Axe",
    "铁锹": "Iron Shovel",
    "铁锄": "Iron Hoe",
    "钻石斧": "Diamond Axe",
    "弓": "Bow",
    "箭": "Arrow",
    "弩": "Crossbow",
    "盾牌": "Shield",
    "打火石": "Flint and Steel",
    "剪刀": "Shears",
    "岩浆桶": "Lava Bucket",
    "奶桶": "Milk Bucket",
    "指南针": "Compass",
    "时钟": "Clock",
    "空地图": "Empty Map",
    "拴绳": "Lead",
    "鞍": "Saddle",
    "铁头盔": "Iron Helmet",
    "铁胸甲": "Iron Chestplate",
    "铁护腿": "Iron Leggings",
    "铁靴子": "Iron Boots",
    "皮革帽子": "Leather Cap",
    "皮革外套": "Leather Tunic",
    "皮革裤子": "Leather Pants",
    "皮革靴子": "Leather Boots",
    "钻石头盔": "Diamond Helmet",
    "钻石胸甲": "Diamond Chestplate",
    "钻石护腿": "Diamond Leggings",
    "钻石靴子": "Diamond Boots",
    "青金石": "Lapis Lazuli",
    "下界石英": "Nether Quartz",
    "金块": "Block of Gold",
    "红石块": "Block of Redstone",
    "煤炭块": "Block of Coal",
    "绿宝石块": "Block of Emerald",
    "铜块": "Block of Copper",
    "蛋糕": "Cake",
    "南瓜派": "Pumpkin Pie",
    "生猪排": "Raw Porkchop",
    "熟猪排": "Cooked Porkchop",
    "生羊肉": "Raw Mutton",
    "熟羊肉": "Cooked Mutton",
    "西瓜片": "Melon Slice",
    "甜菜根": "Beetroot",
    "蘑菇煲": "Mushroom Stew",
    "小麦种子": "Wheat Seeds",
    "鸡蛋": "Egg",
    "糖": "Sugar",
    "南瓜": "Pumpkin",
    "西瓜": "Melon",
    "干海带": "Dried Kelp",
    "蜂蜜瓶": "Honey Bottle",
    "碗": "Bowl",
    "玻璃瓶": "Glass Bottle",
    "附魔台": "Enchanting Table",
    "酿造台": "Brewing Stand",
    "切石机": "Stonecutter",
    "锻造台": "Smithing Table",
    "织布机": "Loom",
    "制图台": "Cartography Table",
    "木桶": "Barrel",
    "漏斗": "Hopper",
    "活塞": "Piston",
    "兔子皮": "Rabbit Hide",
    "粘性活塞": "Sticky Piston",
    "发射器": "Dispenser",
    "投掷器": "Dropper",
    "观察者": "Observer",
    "红石火把": "Redstone Torch",
    "红石中继器": "Redstone Repeater",
    "红石比较器": "Redstone Comparator",
    "拉杆": "Lever",
    "梯子": "Ladder",
    "铁轨": "Rail",
    "动力铁轨": "Powered Rail",
    "信标": "Beacon",
    "灵魂火把": "Soul Torch",
    "南瓜灯": "Jack o'Lantern",
    "铁门": "Iron Door",
    "铁栏杆": "Iron Bars",
    "锁链": "Chain",
    "讲台": "Lectern",
    "钟": "Bell",
    "唱片机": "Jukebox",
    "音符盒": "Note Block",
    "矿车": "Minecart",
    "白色床": "White Bed",
    # The kind, named by the word every bed's name ends in (the tools list them all).
    "床": "Bed",
    "白色羊毛": "White Wool",
    "金矿石": "Gold Ore",
    "红石矿石": "Redstone Ore",
    "青金石矿石": "Lapis Lazuli Ore",
    "铜矿石": "Copper Ore",
    "下界石英矿石": "Nether Quartz Ore",
    "远古残骸": "Ancient Debris",
    "深层红石矿石": "Deepslate Redstone Ore",
    "深层金矿石": "Deepslate Gold Ore",
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
    "Cat": "猫",
    "Boat": "船",
    "Strider": "炽足兽",
    "Pig": "猪",
    "Sheep": "羊",
    "Rabbit": "兔子",
    "Villager": "村民",
    "Warden": "监守者",
    "Phantom": "幻翼",
    "Pillager": "掠夺者",
    "Vindicator": "卫道士",
    "Evoker": "唤魔者",
    "Slime": "史莱姆",
    "Magma Cube": "岩浆怪",
    "Piglin": "猪灵",
    "Zombified Piglin": "僵尸猪灵",
    "Wither": "凋灵",
    "Ender Dragon": "末影龙",
    "Squid": "鱿鱼",
    "Glow Squid": "发光鱿鱼",
    "Fox": "狐狸",
    "Wolf": "狼",
    "Horse": "马",
    "Llama": "羊驼",
    "Donkey": "驴",
    "Mule": "骡",
    "Panda": "熊猫",
    "Polar Bear": "北极熊",
    "Turtle": "海龟",
    "Dolphin": "海豚",
    "Bee": "蜜蜂",
    "Goat": "山羊",
    "Frog": "青蛙",
    "Axolotl": "美西螈",
    "Zombie Villager": "僵尸村民",
    "Silverfish": "蠹虫",
    "Endermite": "末影螨",
    "Shulker": "潜影贝",
    "Vex": "恼鬼",
    "Ravager": "劫掠兽",
    "Hoglin": "疣猪兽",
    "Zoglin": "僵尸疣猪兽",
    "Piglin Brute": "猪灵蛮兵",
    "Wandering Trader": "流浪商人",
    "Snow Golem": "雪傀儡",
    "Bat": "蝙蝠",
    "Mooshroom": "哞菇",
    "Ocelot": "豹猫",
    "Parrot": "鹦鹉",
    "Pufferfish": "河豚",
    "Tropical Fish": "热带鱼",
}

# The dimensions, as the game's zh_cn names them (places are no item or mob of the data).
ZH_PLACES = {
    "主世界": "Overworld",
    "下界": "The Nether",
    "末地": "The End",
}

EN_TO_ZH = {**{en: zh for zh, en in ZH_ITEMS.items()}, **ZH_OTHER}
# The glossary's own preferred names where two Chinese names share one English name.
EN_TO_ZH.update(
    {
        "Raw Salmon": "生鲑鱼",
        "Raw Cod": "生鳕鱼",
        "Steak": "牛排",
        "Clay Ball": "黏土球",
        "Redstone Dust": "红石粉",
        "Gravel": "沙砾",
    }
)

_COUNTED = re.compile(r"^(?P<count>\d+×\s*)(?P<name>.+)$")
# How the item data names a recipe slot with alternatives: "Cobblestone or 2 others".
_OTHERS = re.compile(r"^(?P<name>.+) or (?P<n>\d+) others$")
_EITHER = re.compile(r"^(?P<a>.+) or (?P<b>.+)$")
# XP rewards as the quest data labels them: "100 XP", "3 levels".
_XP = re.compile(r"^(?P<n>\d+) (?P<unit>XP|levels?)$")


def zh_item(text: str) -> str | None:
    """The first item :func:`zh_items` finds in a Chinese text."""
    found = zh_items(text)
    return found[0] if found else None


# What may stand right after / right before a name in a Chinese sentence: particles,
# measure words, verbs of asking and punctuation. A glossary name followed (or, for a
# one-character name, preceded) by anything else is part of a longer name.
ZH_AFTER = (
    "的",
    "怎么",
    "怎样",
    "如何",
    "要",
    "需要",
    "是",
    "有",
    "在",
    "用",
    "能",
    "可以",
    "合成",
    "制作",
    "获得",
    "获取",
    "得到",
    "弄",
    "掉落",
    "掉",
    "哪",
    "多少",
    "几",
    "吗",
    "呢",
    "啊",
    "和",
    "与",
    "跟",
    "以及",
    "还有",
    "或者",
    "及",
    "或",
    "从",
    "都",
    "分别",
    "各",
    "配方",
    "材料",
    "原材料",
    "烧",
    "烤",
    "冶炼",
    "刷",
    "吃",
    "恢复",
    "做",
    "给",
    "拿",
    "这",
    "那",
    "任务",
    "奖励",
    "一",
    "总共",
    "一共",
    "去",
    "来",
    "里",
    "上",
    "呀",
    "吧",
    "么",
    "啥",
    "咋",
    "怎",
    "多",
    "为",
)
ZH_BEFORE = (
    # The verbs that ask for an item ("哪些生物掉落线", "怎么烧制玻璃"), and the words that
    # ask about a thing ("介绍一下弓", "说说船").
    "掉落",
    "烧制",
    "获取",
    "需要",
    "介绍",
    "一下",
    "讲讲",
    "说说",
    "关于",
    "的",
    "奖励",
    "个",
    "只",
    "根",
    "块",
    "张",
    "把",
    "件",
    "顶",
    "条",
    "份",
    "支",
    "面",
    "片",
    "瓶",
    "要",
    "交",
    "做",
    "合成",
    "制作",
    "用",
    "和",
    "与",
    "跟",
    "及",
    "或",
    "是",
    "有",
    "在",
    "从",
    "给",
    "拿",
    "刷",
    "找",
    "得",
    "掉",
    "买",
    "些",
    "种",
    "吃",
    "一",
    "烧",
    "烤",
    "冶炼",
    "挖",
    "杀",
    "打",
    "获得",
    "得到",
)
_CJK_CHAR = re.compile(r"[\u3400-\u9fff]")


def zh_items(text: str) -> list[str]:
    """The items a Chinese text names, in order: the glossary's English name for each
    Chinese name standing on its own, or — when a glossary name is only the start of
    a longer name ("安山岩" in "安山岩合金") — that longer phrase as the player wrote it,
    so it is looked up as such and never taken for the shorter one."""
    found: list[tuple[int, int, str]] = []
    for zh in sorted(ZH_ITEMS, key=len, reverse=True):
        start = text.find(zh)
        while start >= 0:
            end = start + len(zh)
            taken = any(start < e and end > s for s, e, _ in found)
            if not taken and _stands_alone(text, start, end, zh):
                found.append((start, end, ZH_ITEMS[zh]))
            elif not taken and len(zh) > 1 and _starts_name(text, start):
                phrase_end = _phrase_end(text, end)
                found.append((start, phrase_end, text[start:phrase_end]))
            start = text.find(zh, end)
    return list(dict.fromkeys(name for _, _, name in sorted(found)))


def _ends_name(text: str, end: int) -> bool:
    rest = text[end:]
    return not rest or not _CJK_CHAR.match(rest) or rest.startswith(ZH_AFTER)


def _starts_name(text: str, start: int) -> bool:
    before = text[:start]
    return not before or not _CJK_CHAR.match(before[-1]) or before.endswith(ZH_BEFORE)


def _stands_alone(text: str, start: int, end: int, zh: str) -> bool:
    if not _ends_name(text, end):
        return False
    return len(zh) > 1 or _starts_name(text, start)


def stands_alone(text: str, start: int, end: int) -> bool:
    """Whether the Chinese word at ``text[start:end]`` is a word of its own: what stands
    before and after it is a particle, a measure word, a verb of asking, punctuation or
    no Chinese ("我的船是怎么坏的": 船; not 线 in "线缆")."""
    return _starts_name(text, start) and _ends_name(text, end)


def _phrase_end(text: str, end: int) -> int:
    while end < len(text) and not _ends_name(text, end):
        end += 1
    return end


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
        return f"任意{_any_zh(name[4:], known)}"
    return EN_TO_ZH.get(name, name)


def _any_zh(ending: str, known: Mapping[str, str]) -> str:
    """The X of "any X" in Chinese: its own name, else what the Chinese names of the things
    whose English names end with it end with ("Planks": 橡木木板, 云杉木板… → 木板)."""
    named = to_zh(ending, known)
    if named != ending or not ending.isascii():
        return named
    suffix = " " + ending
    members = [zh for en, zh in {**EN_TO_ZH, **known}.items() if en.endswith(suffix)]
    return shared_ending(members) or ending
