"""Words of the offline planner: keyword lists, a small zh→en item glossary, answer phrases.

The planner is rule-based; everything it recognizes in a question is listed
here, so its behaviour can be read (and extended) in one place.
"""

from __future__ import annotations

import re

CJK = re.compile(r"[\u4e00-\u9fff]")

# Common Minecraft item names in Chinese → the English display names of the data.
# A translation aid for Chinese questions: the data itself is English.
ZH_ITEMS = {
    "铁锭": "Iron Ingot",
    "金锭": "Gold Ingot",
    "铜锭": "Copper Ingot",
    "铁粒": "Iron Nugget",
    "金粒": "Gold Nugget",
    "粗铁": "Raw Iron",
    "铁矿石": "Iron Ore",
    "铁块": "Block of Iron",
    "钻石镐": "Diamond Pickaxe",
    "钻石矿石": "Diamond Ore",
    "钻石": "Diamond",
    "铁镐": "Iron Pickaxe",
    "高炉": "Blast Furnace",
    "熔炉": "Furnace",
    "工作台": "Crafting Table",
    "火把": "Torch",
    "木棍": "Stick",
    "煤炭": "Coal",
    "木炭": "Charcoal",
    "红石": "Redstone Dust",
    "圆石": "Cobblestone",
    "箱子": "Chest",
    "面包": "Bread",
    "皮革": "Leather",
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
}

# --- what a question asks for ------------------------------------------------

OBTAIN_EN = re.compile(
    r"\b(how (?:do|can|would|should) (?:i|you|we) (?:get|obtain|make|craft|find|smelt)|"
    r"how to (?:get|obtain|make|craft|find|smelt)|where (?:does|do|can|to|is|are)|"
    r"come[s]? from|obtain|craft|crafting|smelt|smelting|recipe|drops?|get (?:it|them|one|some))\b"
)
OBTAIN_ZH = re.compile(
    r"(获得|获取|得到|合成|制作|怎么做|怎么弄|烧制|冶炼|掉落|配方|从哪|哪里|来源|怎么拿)"
)
PROFILE_EN = re.compile(
    r"\b(my (?:balance|coins?|money|level|streak|profile|stats|progress|quests?|sign-?in)|"
    r"how (?:many|much) (?:coins?|money) (?:do|have) i|have i (?:completed|finished|done|claimed)|"
    r"who am i|am i signed in)\b"
)
PROFILE_ZH = re.compile(
    r"我(的)?(余额|金币|等级|资料|信息|连续签到|签到|进度|任务进度)|我有多少|我完成了"
)
REWARDERS_EN = re.compile(
    r"\b(?:which|what) quests?\b.*\b(?:rewards?|gives?|awards?|grants?)\b|"
    r"\bquests? (?:that|which) (?:rewards?|gives?|awards?)\b|\bas (?:a )?(?:quest )?reward\b"
)
REWARDERS_ZH = re.compile(r"(哪个|哪些|什么)任务.*(奖励|给)|奖励.+的任务")
REQUIRERS_EN = re.compile(
    r"\b(?:which|what) quests?\b.*\b(?:needs?|requires?|asks? for|uses?)\b|"
    r"\bquests? (?:that|which) (?:needs?|requires?|asks? for)\b"
)
REQUIRERS_ZH = re.compile(r"(哪个|哪些|什么)任务.*(需要|要求|要)")
CHAPTER_EN = re.compile(
    r"\bquests?\b.*?\b(?:in|of|from)\s+(?:the\s+)?(?P<c>chapter\b.+?)(?:\?|$)", re.I
)
CHAPTER_ZH = re.compile(r"(?P<c>第?\s*\d+\s*章)")
QUEST_WORD = re.compile(r"\bquests?\b|任务")

ASPECTS_EN = (
    (
        "prerequisites",
        r"\b(prerequisites?|depends?|dependencies|before|unlocked by|requires? which quests?)\b",
    ),
    ("unlocks", r"\b(unlocks?|after|leads? to|next)\b"),
    ("rewards", r"\b(rewards?|gives?|get for|award)\b"),
    ("tasks", r"\b(requires?|required|needs?|tasks?|asks? for|hand in|submit)\b"),
)
ASPECTS_ZH = (
    ("prerequisites", r"(前置|依赖|之前)"),
    ("unlocks", r"(解锁|之后|后续)"),
    ("rewards", r"(奖励)"),
    ("tasks", r"(需要|要求|要交|提交)"),
)

BUY_EN = re.compile(
    r"\b(?:buy|purchase)\s+(?:me\s+)?(?P<q>\d+\s*(?:x\s*)?)?(?:an?\s+|some\s+)?(?P<n>[^?.!,;]+)",
    re.I,
)
BUY_ZH = re.compile(r"(?:买|购买)\s*(?P<q>\d+)?\s*(?:个|份|把|块)?\s*(?P<n>[^？?，,。]+)")
SIGNIN_ACTION = re.compile(
    r"\b(sign (?:me )?in|check (?:me )?in|checkin|daily reward)\b|签到", re.I
)
CLAIM_ACTION = re.compile(r"\bclaim\b|领取", re.I)
POLITE_ACTION = re.compile(
    r"^(please|pls|can you|could you|would you|i want to|i'd like to|i would like to|let's|go)\b|"
    r"\bfor me\b|^(请|帮我|我要|我想|给我)"
)
QUESTION_FORM = re.compile(
    r"^(how|what|why|when|where|which|who|is|are|does|do|can i|should)\b|\?$"
    r"|？$|吗|怎么|如何|什么|为什么"
)

GREETING = re.compile(
    r"^(hi|hello|hey|yo|good (?:morning|evening|afternoon)|你好|您好|嗨|哈喽)\b", re.I
)
THANKS = re.compile(r"\b(thanks?|thank you|thx|cheers)\b|谢谢|多谢", re.I)

# Words that cannot be a name on their own.
_NOT_NAMES_TEXT = (
    "a an and any are can do does for from get give how i in is it its me my need of on one "
    "or some that the them these they this those to what when where which who why with you"
)
NOT_NAMES = frozenset(_NOT_NAMES_TEXT.split())
