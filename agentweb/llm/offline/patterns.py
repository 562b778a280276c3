"""The name patterns of the offline planner's question reader (``offline.intent``).

Each pattern has a named group ``n``: the name it extracts, cleaned later.
"""

from __future__ import annotations

import re

QUOTED = re.compile(
    r"\"([^\"]{1,100})\"|“([^”]{1,100})”|「([^」]{1,100})」|『([^』]{1,100})』|《([^》]{1,100})》"
    r"|‘([^’]{1,100})’|(?:^|(?<=\s))'([^']{1,100})'(?=[\s?.!,]|$)"
)
QUEST_ID = re.compile(r"\b(?=[0-9A-Fa-f]*\d)[0-9A-Fa-f]{16}\b")
STOP = (
    r"(?=\s+(?:quest|requires?|required|needs?|rewards?|gives?|depends?|unlocks?|asks?|and"
    r"|in chapter|comes?|is|has|have|from)\b|\s*[?.!,;]|$)"
)
ART = r"(?:an?\s+|the\s+|some\s+|more\s+|enough\s+|my\s+)?"
QUEST_PATTERNS = (
    re.compile(r"\bquests?\s+(?:called\s+|named\s+|titled\s+)?(?P<n>.+?)" + STOP, re.I),
    re.compile(
        r"任务\s*[「“\"《]?(?P<n>(?![\s的是有要需奖前依解怎如还会能可])[^「」“”\"《》？?，,。]+?)[」”\"》]?\s*"
        r"(?=需要|要求|奖励|的|前置|依赖|解锁|怎么|如何|要|是|有|[？?，,。]|$)"
    ),
    re.compile(r"(?P<n>[A-Za-z0-9][A-Za-z0-9 '’:.!_/\-]*?)\s*任务"),
    # A Chinese title before "任务" ("银色的钟 任务奖励什么", "营火这个任务要交什么"): the
    # words from the start of the clause, never a question word.
    re.compile(
        r"(?:^|(?<=[\s，,。？?！!：:]))(?P<n>(?![哪什这那几多有是])[\u4e00-\u9fff]{2,12}?)"
        r"\s*(?:这个|那个)?\s*任务"
    ),
    re.compile(
        r"\b(?:after|before|unlocked by)\s+(?:the\s+)?(?:quest\s+)?(?P<n>[^?.!,;]+?)"
        r"(?:\s+quest)?(?=\s+(?:and|or|what|which|how|where)\b|\s*[?.!,;]|$)",
        re.I,
    ),
)
# The subject of a question that does not say what it is ("what do I hand in for
# Driftwood Shelter?", "what does Mainland Smith need?"): a quest or an item, the
# planner finds out. The last phrase after a preposition, or the words between an
# auxiliary and the verb, or the end of "how filling is a cookie".
_SUBJECT_END = (
    r"(?=\s+(?:and|or|but|if|so|what|which|how|where|is|in|on|quest)\b|\s*[?!,;]"
    r"|:\s+(?:what|how|which|where|who)\b|\s*$)"
)
SUBJECT_PATTERNS = (
    re.compile(
        r"\b(?:does|do|did|is|are|will|would|can)\s+(?:the\s+)?(?:(?:finishing|completing)\s+)?"
        r"(?P<n>[^?!,;]+?)\s+(?:quest\s+)?(?:gives?|needs?|requires?|rewards?|unlocks?|asks?|wants?"
        r"|depends?|leads?|costs?|takes?|drops?|restores?|fills?|belong|worth|opens?|have|has|in)\b",
        re.I,
    ),
    re.compile(
        r"\b(?:for|of|before|after|about|behind|complete|completing|finish|finishing|doing)\s+"
        r"(?:the\s+)?"
        r"(?:(?:finishing|completing|doing|starting|the|quest)\s+)*(?P<n>[^?!,;]+?)(?:\s+quest)?"
        + _SUBJECT_END,
        re.I,
    ),
    re.compile(r"^(?P<n>[^?!,;:]+?)\s*:\s+(?:what|how|which|where)\b", re.I),
    re.compile(r"\b(?:is|are)\s+(?:an?\s+|the\s+)?(?P<n>[^?!,;]+?)\s+(?:food|edible)\b", re.I),
    re.compile(r"\b(?:is|are)\s+(?:an?\s+|the\s+)?(?P<n>[^?!,;]+?)\s*[?!.]*$", re.I),
)
# "quests in Shoreline Camp", "the quests of Applied Energistics": a chapter, by its quests.
QUESTS_IN = re.compile(
    r"\bquests?\s+(?:are\s+)?(?:there\s+)?(?:in|of)\s+(?:the\s+)?(?P<n>[^?!,;]+?)"
    r"(?:\s+chapter)?(?=\s+(?:and|or|what|which|how)\b|\s*[?!,;]|$)",
    re.I,
)
# A chapter the question calls one in so many words: "the Touching Grass chapter",
# "chapter X", "X这章", "X章节" (a list limited to it, though no chapter has that name).
CHAPTER_SAID = (
    re.compile(
        r"\b(?:in|of|from|does|do|is|about)\s+(?:the\s+)?"
        r"(?P<n>(?:(?!\b(?:and|or|what|which|how|is|it)\b)[^?!,;])+?)\s+chapter\b",
        re.I,
    ),
    re.compile(r"\bchapter\s+(?:called\s+|named\s+)?(?P<n>\d+|[^?!,;]+?)" + _SUBJECT_END, re.I),
    re.compile(r"(?P<n>[A-Za-z0-9][A-Za-z0-9 '’:.!_/\-]*?)\s*章节"),
    # "冰封洞穴这章有几个任务": a Chinese chapter title before "这章" / "这一章" / "章节".
    re.compile(r"(?:^|(?<=[\s，,。？?！!：:]))(?P<n>[\u4e00-\u9fff]{2,12}?)\s*(?:这一?章|章节)"),
)
# "the Applied Energistics chapter", "quests in Shoreline Camp": the chapter a question names.
CHAPTER_PATTERNS = (
    re.compile(
        r"\bhow many quests\s+(?:does|do|is|are)\s+(?:the\s+)?(?P<n>[^?!,;]+?)\s+"
        r"(?:chapter\s+)?(?:have|has|contain|contains|hold|holds|got)\b",
        re.I,
    ),
    CHAPTER_SAID[0],
    QUESTS_IN,
    CHAPTER_SAID[1],
    re.compile(r"(?P<n>第?\s*\d+\s*章)"),
    *CHAPTER_SAID[2:],
)
# "Which quest unlocks Vault Key?": the quest named is the one unlocked.
UNLOCKED_QUEST = re.compile(
    r"\b(?:which|what) quests?\s+(?:unlocks?|leads? to|opens?(?: up)?)\s+(?:the\s+)?"
    r"(?P<n>[^?!,;]+?)(?:\s+quest)?(?=\s*[?!,;]|$)",
    re.I,
)
# "... for the Burning Device quest": the words before "quest", back to one of these.
BEFORE_QUEST = re.compile(r"\s+quests?\b", re.I)
QUEST_NAME_STARTS_TEXT = (
    "for of in about the a an complete completing finish finishing do doing to start "
    "starting this that"
)
QUEST_NAME_STARTS = frozenset(QUEST_NAME_STARTS_TEXT.split())
ITEM_PATTERNS = (
    re.compile(r"\bhow many\s+(?P<n>[a-z][\w' :/-]*?)\s+(?:does|do|will|would|can)\b", re.I),
    re.compile(
        r"\b(?:mobs?|monsters?|creatures?|animals?|blocks?|who|which)\s+(?:can\s+|will\s+)?drops?\s+"
        + ART
        + r"(?P<n>.+?)(?=\s+(?:in|on|when|if|and)\b|\s*[?.!,;]|$)",
        re.I,
    ),
    re.compile(
        r"\b(?:craft|make|smelt|cook|obtain|get|find|farm|produce|create|mine)\s+"
        + ART
        + r"(?P<n>.+?)(?=\s+(?:in|on|with|from|for|at|without|using|quickly|fast|early|as|if|when"
        + r"|so|because)\b"
        + r"|\s*[?.!,;]|$)",
        re.I,
    ),
    re.compile(
        r"\bwhere\s+(?:does|do|can\s+i\s+(?:find|get)|to\s+(?:find|get)|is|are)\s+"
        + ART
        + r"(?P<n>.+?)(?=\s+(?:come\s+from|comes\s+from|drop|spawn|from)\b|\s*[?.!,;]|$)",
        re.I,
    ),
    re.compile(r"\brecipe\s+(?:for|of)\s+" + ART + r"(?P<n>.+?)(?=\s*[?.!,;]|$)", re.I),
    re.compile(
        r"\bhow\s+(?:is|are)\s+" + ART + r"(?P<n>.+?)\s+(?:made|crafted|obtained|smelted)\b", re.I
    ),
    re.compile(r"\bwhat\s+drops\s+" + ART + r"(?P<n>.+?)(?=\s*[?.!,;]|$)", re.I),
    re.compile(r"\b(?P<n>[a-z][\w' :/-]*?)\s+recipe\b", re.I),
)
INFO_PATTERNS = (
    re.compile(r"\bwhat\s+(?:is|are)\s+" + ART + r"(?P<n>.+?)(?=\s*[?.!,;]|$)", re.I),
    re.compile(r"\btell\s+me\s+about\s+" + ART + r"(?P<n>.+?)(?=\s*[?.!,;]|$)", re.I),
    re.compile(r"\bstack\s+size\s+of\s+" + ART + r"(?P<n>.+?)(?=\s*[?.!,;]|$)", re.I),
)
REWARD_PATTERNS = (
    re.compile(
        r"\b(?:rewards?|gives?|awards?|grants?|hands?\s+out)\s+(?:me\s+|you\s+|players?\s+)?(?:with\s+)?"
        + ART
        + r"(?P<n>.+?)(?=\s+(?:as|when|in|for)\b|\s*[?.!,;]|$)",
        re.I,
    ),
    re.compile(r"\bget\s+" + ART + r"(?P<n>.+?)\s+as\s+(?:a\s+)?(?:quest\s+)?rewards?\b", re.I),
    re.compile(
        r"\b(?:needs?|requires?|asks?\s+for|uses?)\s+"
        + ART
        + r"(?P<n>.+?)(?=\s+(?:as|when|in|for)\b|\s*[?.!,;]|$)",
        re.I,
    ),
)
# A name never starts with these: "quest and how…", "quest rewards…".
BAD_FIRST_WORDS_TEXT = (
    "and or how what is are do does that which i you it be has have reward rewards require "
    "requires required need needs give gives depend depends unlock unlocks ask asks must "
    "come comes after before can should make craft get much many finish finishing in of on "
    "from for to what's whats group groups"
)
BAD_FIRST_WORDS = frozenset(BAD_FIRST_WORDS_TEXT.split())
# A run of Latin words in a Chinese question (ids whole: ``agentweb.lib.game_ids``).
LATIN = re.compile(r"[A-Za-z][A-Za-z0-9 '’:_/.\-]*[A-Za-z0-9_]|[A-Za-z]")

# An item tag written as the data writes it ("#c:gears", "#minecraft:planks").
TAG_ID = re.compile(r"#([a-z0-9_.-]+:[a-z0-9_./-]+)", re.IGNORECASE)
# The thing a Chinese question asks how to make or get, at its start ("铁齿轮怎么合成",
# "营火咋做"): a name the glossary and the data may not have, looked up as written.
ZH_SUBJECT = re.compile(
    r"^(?!这|那|它|他|她|我|你|哪|啥|什么|怎么|如何)(?P<n>[\u3400-\u9fff]{2,8}?)\s*"
    r"(?:要|该|应该|得|到底)?\s*(?:怎么|怎样|如何|咋)\s*"
    r"(?:合成|合|做|制作|造|获得|获取|弄|搞|得到|拿到|烧)"
)
