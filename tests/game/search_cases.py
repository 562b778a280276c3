"""Ranking cases on the shipped data (Create: Grand Expanse, minecraft-data 1.20, the
server articles): the query, what kind of document is searched, and the title that must
come first. Shared by the SQLite tests and the PostgreSQL ones in the scale suite."""

from __future__ import annotations

# (query, kind, expected first title)
RANKED = [
    # server articles (agentweb/game/data/knowledge/*.md)
    ("what are the server rules?", "article", "Server rules"),
    ("is griefing allowed", "article", "Server rules"),
    ("how does the daily sign-in streak work?", "article", "How the daily sign-in works"),
    ("what can I buy with coins", "article", "The coin shop"),
    ("how do I claim my base with FTB Chunks", "article", "Server rules"),
    # quest descriptions as knowledge (chapter files of the pack)
    ("where do you find a blaze if there is no nether?", "article", "Blazing"),
    ("why are vanilla tools disabled?", "article", "Tinkers' Construct"),
    ("andesite boulders", "article", "Andesite"),
    ("how many sails does a windmill need", "article", "SAIL"),
    ("where can I find clay", "article", "Clay"),
    ("generating oxygen and hydrogen", "article", "Remember to Breathe"),
    ("rope to descend caves safely", "article", "Rope"),
    # quests: titles, subtitles, descriptions, task and reward item names
    ("space trebuchet", "quest", "Space Trebuchet"),
    ("electrolyzer oxygen hydrogen", "quest", "Remember to Breathe"),
    ("latex rubberwood tree", "quest", "Latex Bucket"),
    ("smeltery controller liquids", "quest", "Smeltery"),
    ("moo slayer cows leather", "quest", "Moo Slayer"),
    # items: display names and ids
    ("golden carrot", "item", "Golden Carrot"),
    ("minecraft:golden_carrot", "item", "Golden Carrot"),
    ("diamond sword", "item", "Diamond Sword"),
    ("cooked beef", "item", "Steak"),
    ("flint and steel", "item", "Flint and Steel"),
    ("bone", "item", "Bone"),
]

# Names as players type them, through the quest and item lookups the tools use:
# (query, "quest" | "item", expected first title).
NAMED = [
    ("burning device", "quest", "Burning Device"),
    ("the Burning Device quest", "quest", "Burning Device"),
    ("BURNING DEVICE", "quest", "Burning Device"),
    ("Burning Devise", "quest", "Burning Device"),
    ("kinetic foundation quest", "quest", "Kenetic Foundation"),
    ("stripped log", "quest", "Stripped Logs"),
    ("world", "quest", "The World"),
    ("andesite alloy", "quest", "More Andesite Alloy"),
    ("brass funnel", "quest", "Advanced Logistics"),
    ("golden carrots", "item", "Golden Carrot"),
    ("GOLDEN CARROT", "item", "Golden Carrot"),
    ("minecraft:golden_carrot", "item", "Golden Carrot"),
    ("golden_carrot", "item", "Golden Carrot"),
    ("carrot golden", "item", "Golden Carrot"),
    ("diamnod sword", "item", "Diamond Sword"),
    ("a diamond sword please", "item", "Diamond Sword"),
    ("iron ingots", "item", "Iron Ingot"),
    ("crafting tables please", "item", "Crafting Table"),
    ("diamond pick", "item", "Diamond Pickaxe"),
]

# Queries the local data knows nothing about: they must find nothing.
NOTHING = [
    ("What is the qwxv thing on the server?", "article"),
    ("tell me about the zzqx web topic", "article"),
    ("qwxv thing on the server", "quest"),
    ("zzqx web topic", "item"),
    ("how do I", "article"),
    ("the of and", "quest"),
    ("", "article"),
]

# Input that must never raise: empty, huge, and FTS5 / tsquery syntax.
ODD_INPUT = [
    "",
    "   ",
    '"',
    '"*:^',
    "NEAR(a b)",
    "title:rules",
    "rules OR griefing AND NOT *",
    "^server",
    "server*",
    "(((",
    "' OR 1=1 --",
    "!&|<->:*",
    "\x00\x01",
    "server\x00rules",
    "\ud800 lone surrogate",
    "🙂🙂🙂",
    "规则",
    "server " * 2000,
    "x" * 10_000,
]

# Articles tied on a player's question (``partial``), the one titled by it first: invented
# (a stone of no game), so nothing else in the world mentions it.
TITLED_ARTICLES = [
    (
        "manual:lamps",
        "More Glimmerstone Lamps",
        "Glimmerstone lamps: glimmerstone in a frame. More glimmerstone, more light.",
    ),
    (
        "manual:glimmerstone",
        "Glimmerstone",
        "Glimmerstone forms where lava meets deep water, far below the old mines. "
        "It is soft enough to cut with a stone pick, and it keeps its light for years.",
    ),
    ("manual:zh-lamps", "更多萤石灯", "萤石灯：萤石装进框里。萤石越多越亮。"),
    (
        "manual:zh-stone",
        "萤石",
        "萤石生在岩浆遇到深水的地方，在旧矿井的下面。石镐就能挖动，挖出来以后能亮很多年。",
    ),
]
TITLED = [
    ("Glimmerstone", ["manual:glimmerstone", "manual:lamps"]),
    ("萤石", ["manual:zh-stone", "manual:zh-lamps"]),
]

# Chinese questions about passages the shipped data has only in English (the server's
# articles and the pack's quest descriptions, ``seed_demo``): their words are searched in
# English through CC-CEDICT and the game's names. (question, expected first title)
TRANSLATED = [
    ("风车最少需要多少帆？", "SAIL"),
    ("商店卖食物吗？", "The coin shop"),
    ("签到的连续天数断了会怎样？", "How the daily sign-in works"),
]
# Chinese questions whose words the dictionary knows but that no passage is about.
TRANSLATED_NOTHING = ["服务器每周几点备份？", "服务器允许飞行吗？", "服务器每天几点重启？"]
