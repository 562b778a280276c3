"""Words of the offline planner: the keywords and phrasings it recognizes in a question.

The planner is rule-based; everything it recognizes in a question is listed
here (Chinese item names in ``glossary``), so its behaviour can be read and
extended in one place.
"""

from __future__ import annotations

import re

CJK = re.compile(r"[\u4e00-\u9fff]")

# --- what a question asks for ------------------------------------------------

OBTAIN_EN = re.compile(
    r"\b(how (?:do|can|would|should) (?:i|you|u|we) (?:get|obtain|make|craft|find|smelt|cook)|"
    r"how to (?:get|obtain|make|craft|find|smelt|cook)|where (?:does|do|can|to|is|are)|"
    r"come[s]? from|obtain|craft|crafting|smelt|smelting|cook|recipe|drops?|"
    r"get (?:it|them|one|some))\b"
)
# A quest question that also asks where its items come from ("… and how do I get it?").
CHAIN_EN = re.compile(
    r"\b(how (?:do|can|would|should) (?:i|you|u|we) (?:get|obtain|make|craft|find|smelt|cook)"
    r"|how to (?:get|obtain|make|craft|find|smelt)|comes? from|obtain|craft|crafting|smelt"
    r"|recipes?|where (?:do|can) (?:i|you|we) (?:get|find))\b"
)
OBTAIN_ZH = re.compile(
    r"(获得|获取|得到|合成|制作|怎么做|怎么弄|烧制|冶炼|掉落|配方|从哪|哪里|哪儿|来源|怎么拿"
    r"|(?:在|去)哪(?:能|可以)?找|(?:怪|会|能|可以)掉)"
)
PROFILE_EN = re.compile(
    r"\b(my (?:balance|coins?|money|level|streak|profile|stats|progress|quests?|sign-?in)|"
    r"how (?:many|much) (?:coins?|money) (?:do|have) i|have i (?:completed|finished|done|claimed)|"
    r"who am i|am i signed in|what level am i|what(?:'s| is) my \w+)\b"
)
PROFILE_ZH = re.compile(
    r"我(的)?(余额|金币|等级|资料|信息|连续签到|签到|进度|任务进度)|我(?:还|现在|一共|总共)?有多少|我完成了"
)
# A question about what may be done with, or what becomes of, what the player has ("can I
# cash out my coins?", "will my streak reset if …", "我的金币能换钱吗"): a rule of the server,
# for the knowledge base, not her profile. Asking to see her own values is the profile.
RULE_EN = re.compile(
    r"\b(?:can|could|may) (?:i|we|u)\b(?! (?:see|check|view|show|look|know|find out)\b)"
    r"|\bis it possible\b|\bam i allowed\b|\bwhat happens\b|\bif (?:i|my)\b"
    r"|\b(?:do|does|will|would) my \w+(?: \w+)? (?!i\b)(?!have\b)\w+"
)
RULE_ZH = re.compile(
    r"会怎样|会怎么样|能不能|可不可以|可以|能否|能.{0,8}吗|会不会|会.{0,8}吗|如果|要是|的话"
)
REWARDERS_EN = re.compile(
    r"\b(?:which|what) quests?\b.*\b(?:rewards?|gives?|awards?|grants?|hands? out)\b|"
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
# The words a Chinese list of names is joined with ("活塞、铁砧和盾牌", "铁砧以及盾牌").
LIST_ZH = "以及|及|还有|和|与|跟|或者|、|，"
QUEST_WORD = re.compile(r"\bquests?\b|任务")

# What a question asks about a quest. A question may ask several at once.
QUEST_ASPECTS_EN = {
    "tasks": r"\b(requires?|required|requirements?|needs?|needed|tasks?|asks? for|hand in|"
    r"submit|turn in|wants|what (?:does|do) [\w' ]{1,40} want|objectives?"
    r"|what do i (?:have|need) to do"
    r"|how (?:do|can|should) (?:i|you|u|we) (?:complete|finish|do|beat)"
    r"|what (?:do|must|should) (?:i|you|we) (?:kill|collect|bring|gather|hand over)"
    r"|what (?:do|must|should) (?:i|you|we) (?:have|need) to (?:kill|collect|bring|gather))\b"
    r"|\bhow (?:many|much)\b.*\bfor\b",
    "rewards": r"\b(rewards?|rewarded|gives?(?: out)?|hands? out|prizes?|worth|loot|xp|experience"
    r"|pays?(?: out)?"
    r"|payout)\b|"
    r"\bwhat (?:do|will|would|can|does) (?:i|you|we|one) (?:get|receive|earn|pick)\b",
    "prerequisites": r"\b(prerequisites?|prereqs?|depends? on|dependenc(?:y|ies)|before|"
    r"unlocked by|(?:finish|do|complete) first|leads? up to|required quests?)\b",
    "unlocks": r"\b(unlocks?|after|leads? to|opens? up|comes? next|next quests?)\b",
    "chapter": r"\b(?:which|what) chapter\b|\bwhere is\b|\bchapter is\b|\bin which chapter\b",
    "group": r"\bgroups?\b",
    "about": r"\bwhat(?:'s| is| are| was)\b.*\babout\b|\btell me about\b"
    r"|\b(?:story|lore|backstory)\b",
}
QUEST_ASPECTS_ZH = {
    "tasks": r"(需要|要求|要交|提交|任务目标|怎么完成|如何完成|要做什么|要干什么|要什么|要哪些"
    r"|要些什么|要(?:杀|击杀|打)(?:几|多少|什么|啥))",
    "rewards": r"(奖励|给什么|给啥|给些什么|得到什么|拿到什么|能拿到|能得到)",
    "prerequisites": r"(前置|依赖|之前|前面|先做|先完成)",
    "unlocks": r"(解锁|之后|后续|后面)",
    "chapter": r"(哪个章节|哪一章|什么章节|在哪)",
    "group": r"(章节组|分组)",
    "about": r"(讲的是什么|讲什么|关于什么|是关于|背景|故事|说的是什么)",
}
# What a question asks about an item.
ITEM_ASPECTS_EN = {
    "craft": r"\b(craft|crafted|crafting|crafts|recipes?|shape|shaped|shapeless|make|made|build"
    r"|stonecut\w*)\b",
    "cooking": r"\b(cook|cooked|cooking|smelt|smelted|smelting|smoke|smoker|bake|baked|roast|"
    r"furnace|campfire)\b",
    "drops": r"\b(drops?|dropped|mobs?|monsters?|creatures?|kill|chance|who)\b",
    "food": r"\b(hunger|saturation|food|filling|fill|nutrition|nourish\w*|shanks?"
    r"|restores?|edible|eat)\b",
}
ITEM_ASPECTS_ZH = {
    "craft": r"(合成|配方|制作|怎么做|切出|切成|切制)",
    "cooking": r"(烤|烧|冶炼|烧制|熔炉|烟熏)",
    "drops": r"(掉落|生物|怪物|(?:怪|会|能|可以)掉|掉什么)",
    "food": r"(饥饿|饱和|饱食|恢复多少)",
}
# --- what a question asks, beside the names it mentions (entity questions) -----------

# Several quests at once: a reverse lookup ("which quests give bread", "有没有任务奖励…").
WHICH_QUESTS_EN = re.compile(
    r"\b(?:which|what|any|list(?: the| all)?|all(?: the)?)\s+"
    r"(?:(?!(?:does|do|did|is|are|was|were|will|would|can)\b)[\w'-]+\s+){0,2}quests?\b"
    r"|\bis there (?:a|any|one)\b.*\bquests?\b|\bquests? (?:that|which|where|to)\b"
    # "how many quests have kill tasks": the quests that do, counted.
    r"|\bhow many (?:[\w'-]+\s+){0,2}quests?\b"
)
WHICH_QUESTS_ZH = re.compile(
    r"(哪些|哪个|哪几个|什么|有没有|有哪些|哪一个)任务|任务.*(有哪些|是哪些|哪几个)"
    # "有没有要杀骷髅的任务", "哪些给钻石的任务": what the quests do, between.
    r"|(哪些|哪个|哪几个|有没有|有哪些|哪一个)[^，。？！?,.!]{1,12}的任务"
    # "有几个任务是要杀怪的", "多少个击杀任务": the quests that do, counted.
    r"|(几个|多少个?)[^，。？！?,.!]{0,6}任务"
)
# Quests by a word of their titles: "quests with Miner in the name", "quests whose title
# contains Bell", "任务名里带矿工的任务", "标题中有“钟”的任务" (the word: ``w``).
TITLE_WORD_EN = re.compile(
    r"\bquests?\b.{0,30}?\b(?:have|has|having|with|contain(?:s|ing)?|includ(?:e|es|ing)|say(?:s|ing)?)"
    r"\s+(?:the\s+word\s+)?[\"“'‘]?(?P<w>[^\"”’?!,.;:]{1,40}?)[\"”’]?\s+in\s+(?:the|their|its)\s+"
    r"(?:name|title)s?\b"
    r"|\bquests?\b.{0,30}?\b(?:whose|with|where the)\s+(?:names?|titles?)\s+"
    r"(?:contain(?:s|ing)?|includ(?:e|es|ing)|ha(?:s|ve)|say(?:s)?|with)\s+(?:the\s+word\s+)?"
    r"[\"“'‘]?(?P<w2>[^\"”’?!,.;:]{1,40}?)[\"”’]?\s*(?:[?!,.;:]|$|\s+[-–—]|\s+(?:and|in|list|how|please)\b)",
    re.IGNORECASE,
)
TITLE_WORD_ZH = re.compile(
    r"(?:标题|名字|名称|任务名字?|题目)(?:里|中|上|里面|当中)?(?:有|带|带有|带着|包含|含有|含)\s*"
    r"[“「\"'‘]?(?P<w>[^“”「」\"'‘’，。？！?!,的]{1,20}?)[”」\"'’]?\s*(?:这个词|字样|二字|这几个字)?的任务"
    # "任务的名字里有矿工", "任务标题里有“钟”的都有哪些": the quests named first.
    r"|任务.{0,4}?(?:标题|名字|名称|题目)(?:里|中|上|里面|当中)?(?:有|带|带有|带着|包含|含有|含)\s*"
    r"[“「\"'‘]?(?P<w2>[^“”「」\"'‘’，。？！?!,的]{1,20}?)[”」\"'’]?\s*(?:这个词|字样|二字|这几个字)?"
    r"(?=的|[，。？！?!,]|$)"
)
KILL_EN = re.compile(r"\b(kill|kills|killing|slay|slaying|hunt|hunting|defeat|fight)\b")
KILL_ZH = re.compile(r"((?:杀|打)(?:怪物?|东西|生物|敌人)|击杀|杀|打败|消灭|击败)")
# The raw materials of a recipe, or counts added up over a whole recipe tree.
TOTAL_EN = re.compile(
    r"\b(raw (?:materials?|stuff|items?|resources?|ingredients?)|in total|total|altogether"
    r"|all together|break (?:it |this |that |them )?down|from scratch|base materials?"
    r"|basic materials?)\b"
)
TOTAL_ZH = re.compile(r"(原材料|一共|总共|加起来|总计|合计|原料|基础材料)")
# "… and how do I get each of them": every ingredient or item, one by one.
EACH_EN = re.compile(r"\b(each(?: of them| one)?|every(?: one)?|all of them|them all)\b")
EACH_ZH = re.compile(r"(它们|每种|每个|分别|各自|各种)")
# The quests a question just named, referred to again ("what do those quests ask for",
# "它们各要交什么"): their own aspects are asked.
THOSE_EN = re.compile(r"\b(those|these|they|them|each|both)\b")
THOSE_ZH = re.compile(r"(它们|他们|那些|这些|分别|各自|各|每个)")
# The quests before or after it are what needs something ("what do the prerequisites of
# X require", "the quests before X ask for", "X的前置任务要什么").
LINKED_NEED_EN = re.compile(
    r"\b(?:prerequisites?|prereqs?|quests?)\s+(?:(?:before|after|of|for)\s+)?(?:it\s+)?"
    r"(?:\w+\s+)?(?:needs?|requires?|wants?|asks?)\b"
)
LINKED_NEED_ZH = re.compile(
    r"(前置|前面|之前|之后|后面|后续)的?任务(分别|各自|各)?(需要|要求|要交|要)"
)
MATERIALS_EN = re.compile(r"\b(materials?|ingredients?|goes into|go into|made of|made from)\b")
MATERIALS_ZH = re.compile(r"(材料|原料|用什么做)")
COUNT_EN = re.compile(r"\bhow (?:many|much)\b|\bnumber of\b")
COUNT_ZH = re.compile(r"(多少|几个|几种|几只|几根|几张|几块|几章|有几|一共几|数量)")
CONTENTS_EN = re.compile(r"\bwhat(?:'s| is| are)? (?:in|inside)\b|\bcontents?\b|\bcontains?\b")
CONTENTS_ZH = re.compile(r"(里.{0,3}(有什么|有啥|都有)|包含|内容)")
XP_EN = re.compile(r"\b(xp|exp|experience)\b")
XP_ZH = re.compile(r"经验")
CHAPTERS_EN = re.compile(r"\bchapters?\b")
CHAPTERS_ZH = re.compile(r"(章节|哪几章|几章|章)")

# "How many quests …", "the X chapter", "quests in X": a question about a chapter.
CHAPTER_COUNT = re.compile(r"\bhow many quests\b|多少个?任务")
# What "how many quests are there in …" may name that is every book, not a chapter ("in
# total", "on the server", "in this pack", 服务器, 整个包).
EVERY_BOOK = re.compile(
    r"^(?:(?:in |on |of )?(?:the |this |our |your )?(?:server|(?:mod)?pack|game|world"
    r"|quest ?books?|books)|total|all|altogether|in all|overall)$"
    r"|^(?:这个|整个|咱们|我们)?(?:服务器|服|整合包|包|游戏|任务书)(?:里|上|中|里面|一共|总共)*$",
    re.I,
)
# What a question asks about the pack itself, beside a thing it names: the pack's rules,
# behaviour and story, written in its articles and quest descriptions, never in a recipe.
# A judgement: whether a thing is worth it, whether what happens is meant (a bug, normal,
# on purpose), what happens or follows, why.
JUDGE_EN = re.compile(
    r"\bworth(?:while| (?:it|the|my|our|your|\w+ing)\b)|\bany good\b|\bwaste of\b"
    r"|\b(?:a|total|complete) waste\b|\bmakes? (?:any )?sense\b|\b(?:good|bad) idea\b"
    r"|\bpointless\b|\buseless\b"
    r"|\bshould (?:i|we|you|u) (?:even |really )?(?:bother|save|keep|skip|avoid)(?: \w+ing)?\b"
    r"|\bbugs?\b|\bbugged\b|\bglitch\w*|\bbroken\b|\bintended\b|\bintentional\b"
    r"|\bon purpose\b|\b(?:is|was) (?:this|that|it) (?:normal|expected)\b"
    r"|\b(?:normal|expected)\s*[?!.]*$"
    r"|\bwhat (?:happens|will happen|would happen|happened)\b|\bwhat if\b"
    r"|\bhow come\b|\bwhy\b"
)
JUDGE_ZH = re.compile(
    r"值得|值不值|划算|划不划算|有没有用|有用吗|有什么用|没什么用|没啥用|好不好用|不好用|有必要|浪费"
    r"|bug|故障|正常吗|正不正常|正常不|故意的|是不是故意"
    r"|会发生什么|会怎样|会怎么样|会有什么|然后呢"
    r"|为什么|为啥|怎么回事|怎么会|怎么[^，。？！?!,]{0,12}?(?:都没有|都没|没有|不)"
)
# A place in the world: where a thing usually is, spawns or generates, where it is
# supposed to come from, whether one has to travel for it. With "where"/"how do I get"
# the data's ways are asked too (both: the passage first).
PLACE_EN = re.compile(
    r"\b(?:usually|normally|commonly|typically|generally|naturally|mostly)"
    r" (?:be )?(?:found|spawns?|spawned|generates?|generated|grows?|appears?|located)\b"
    r"|\bwhere\b.{0,60}\b(?:usually|normally|commonly|typically|generally|naturally)\b"
    r"|\b(?:spawns?|spawning|generates?|generation|biomes?)\b"
    r"|\b(?:supposed|meant) to\b"
    r"(?! (?:do|hand|bring|submit|kill|collect|craft|make|build|get|find|finish|complete)\b)"
    r"|\b(?:need|have|got) to (?:go|travel|visit|fly|head)\b"
)
PLACE_ZH = re.compile(
    r"(?:一般|通常|平常|平时|常见|大多|大部分|主要)[^，。？！?!,]{0,6}?(?:在|哪|出现|生成|刷)"
    r"|生成在|刷新在|出没|群系|哪个维度|什么维度|哪(?:里|儿)?(?:比较|最)?多"
    r"|(?:需要|必须|一定要|非得|非要|得|要)(?:先)?(?:去|跑去)|(?:需要|必须|一定要)(?:先)?到(?!手)"
)

# Whether something is so, asked of the pack around a thing: whether it is needed (at all, or
# still, once something else is done), whether it can be done or used, whether a step was
# missed, whether there is a way (to get more of it), whether being short of it blocks the
# quests. A yes/no question whose answer is a rule of the pack (a quest description, an
# article), not a recipe or a task list; "what do I need for X" asks the data (a "do I
# need" or "can I" is one only where a clause starts with it).
_CLAUSE = r"(?:^|(?<=[,;:.?!(\-–—])|\b(?:and|but|or|so|then|also)\b)\s*"
WHETHER_EN = re.compile(
    _CLAUSE + r"(?:do|does|would|will|should|must) (?:i|we|you|u|one)"
    r" (?:really |actually |still |even |also |absolutely |then )?"
    r"(?:need|have to|gotta|got to|must)\b"
    r"|\bis (?:it|that|this|one|there) (?:really |still |even |absolutely )?(?:necessary|needed"
    r"|required|mandatory|optional)\b|\b(?:necessary|mandatory|optional)\b"
    r"|\bdid (?:i|we|you|u) (?:skip|miss|forget|overlook|mess|screw|break|do something)\w*"
    r"|\b(?:am|are) (?:i|we) missing\b|\b(?:must|might|may) have (?:skipped|missed|forgotten)\b"
    r"|\b(?:skipped|missed|overlooked|forgot) (?:a |an |some |one )?(?:step|quest|something"
    r"|anything|part|bit)\b"
    r"|\b(?:is there|are there|any|there'?s|there is|got) (?:a |an |any |some )?"
    r"(?:other |better |easier |faster |quicker )?(?:ways?|tricks?|methods?|means)\b"
    r"|\b(?:get|gets|getting|drop|drops|dropping|produce|produces|yield|yields|make|makes"
    r"|farm|give|gives|harvest|squeeze)\s+(?:[\w']+\s+){0,3}?(?:more|extra|additional"
    r"|faster|quicker|double)\b"
    r"|\b(?:block|blocks|lock|locks|hold|holds|stop|stops|keep|keeps|prevent|prevents)"
    r"(?: me| us| you| my| your| the| them| it)?(?: out)?(?: of| from| up)?"
    r"(?: my| your| the)? (?:progress\w*|quests?|questing|finishing|completing|advancing)\b"
    r"|\b(?:get|getting|be|am|stay|end up) (?:stuck|soft-?locked|hard-?locked|blocked)\b"
    r"|\bsoft-?lock\w*"
)
WHETHER_ZH = re.compile(
    r"需不需要|要不要|用不用|得不得|有必要|非得|非要|是不是(?:还|一定)?(?:要|得|需要)"
    r"|(?:还|必须|一定|一定要|还是)(?:需要|要|得)(?=[^，。？！?!,]{0,10}?吗)"
    r"|漏(?:了|掉|做|看)|跳过|错过|少做|落下了|忘了做|是不是(?:哪里|哪儿|什么)?(?:没做|做错|搞错|漏)"
    r"|(?:有|有没有|有啥|有什么|没有)(?:什么|啥)?(?:好)?(?:办法|方法|技巧|窍门|诀窍|捷径)"
    r"|怎么(?:样)?(?:才能|能|可以)?(?:多|更多)|多(?:爆|掉|拿|产|出|弄|得|搞|刷|收)(?:点|些|一点|一些)?"
    r"|(?:掉|爆|产|出)(?:得)?更多"
    r"|卡(?:住|关|进度|任务|主线)|影响[^，。？！?!,]{0,4}?(?:进度|做任务|任务)|耽误|做不下去"
    r"|进行不下去|推进不了|过不去"
)
# Whether something may be done ("can I just use his anvil", "能直接用铁砧吗"): about the pack
# too, unless the words, names and all, ask what the data has on the things ("can I use a
# blast furnace for iron ingots" asks where iron is smelted).
CAN_EN = re.compile(
    _CLAUSE + r"(?:can|could|may|should|must) (?:i|we|you|u)\b"
    r"(?:(?: just| still| even| also| really)(?= ))?"
    r"(?! (?:craft|make|cook|smelt|get|find|obtain|build|see|check|view|know)\b)"
    r"|\b(?:i|we|you|u) (?:can|could|may) (?:just |still |also )?(?:use|borrow|share)\b"
)
CAN_ZH = re.compile(r"能不能|可不可以|(?:可以|能)(?=[^，。？！?!,]{0,8}?吗)|能否")
# The player says she already knows the recipe ("i know how to craft it", "配方我会"): the
# words ask nothing, and a recipe is no answer.
KNOWN_RECIPE_EN = re.compile(
    r"\b(?:i|we)\s+(?:already\s+|do\s+)?(?:know|knows|have|got)\s+(?:how\s+(?:to\s+(?:craft|make"
    r"|build)|(?:it'?s|it\s+is|they'?re|they\s+are|one\s+is|to\s+make)\s+(?:crafted|made|built)?)"
    r"|the\s+recipe)[^?!.,;]*"
    r"|\bnot\s+(?:asking\s+)?(?:about|for)\s+(?:the\s+|a\s+)?recipe\b"
    r"|\b(?:don'?t|dont|do\s+not)\s+need\s+(?:the\s+|a\s+)?recipe\b"
)
KNOWN_RECIPE_ZH = re.compile(
    r"配方我(?:会|知道|懂|有|看过)了?|我(?:已经)?(?:会|知道|懂)(?:怎么)?(?:做|合成|配方)[^，。？！?!,]{0,4}"
    r"|不(?:用|需要|要)(?:告诉我|说)?配方|不是问配方"
)

# A question about the pack that asks, besides, how to get or make the thing ("is it worth
# it, and how do I make one?"): the data answers that part.
HOWTO_EN = re.compile(
    r"\bhow (?:do|can|would|should) (?:i|you|u|we) (?:get|obtain|make|craft|find|smelt|cook)\b"
    r"|\bhow to (?:get|obtain|make|craft|find|smelt|cook)\b|\brecipes?\b"
    r"|\bwhere (?:do|can) (?:i|you|u|we) (?:get|find)\b|\bwhat does (?:it|one) (?:need|take)\b"
)
HOWTO_ZH = re.compile(r"(?:怎么|怎样|如何)(?:做|合成|制作|获得|获取|得到|弄|拿)|配方|从哪")

# A question about the thing itself ("tell me about X", "what is X", "X是什么", "介绍一下X"):
# answered by what the thing is (a chapter's quests, a quest's tasks, an item's ways).
ITSELF_EN = re.compile(
    r"^\s*(?:(?:can you |could you |please )?(?:tell me|talk) (?:more )?about|describe|explain"
    r"|what(?:'s| is| are| was| were)|whats|info(?:rmation)? (?:on|about))\b"
)
ITSELF_ZH = re.compile(r"介绍|是什么|是啥|什么是|啥是|讲讲|说说|是个什么|是干什么的|了解一下")
# A clause of its own asking where something else comes from ("… and where do I get the
# iron", "…，铁从哪来"): with a thing to make, what it is made of (a chain). The linked
# names stand as pronouns here ("it", 某), so a thing no name links is a word of its own.
SOURCE_OF_EN = re.compile(
    r"(?:\band\b|\bthen\b|\balso\b|,|;)\s*(?:and\s+)?(?:where|how)\s+(?:do|can|would|should|could)"
    r"\s+(?:i|you|u|we)\s+(?:get|find|obtain|gather|collect|farm|mine|source)\s+"
    r"(?:the\s+|some\s+|enough\s+|all\s+the\s+|any\s+)?(?P<thing>[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?)"
    r"\s*(?=[?.!,;]|$|\s+(?:from|for|in|to)\b)"
)
SOURCE_OF_ZH = re.compile(
    r"[，,；;、]\s*(?:那|还有|再|以及)?(?:这些|那些)?(?P<thing>[\u3400-\u9fff]{1,4}?)(?:又|都|要|该|能|可以)?"
    r"(?:从哪|去哪|在哪|哪里|哪儿|怎么(?:获得|得到|弄|拿|找|搞))"
)
# What such a clause names that is no thing of its own.
SOURCE_PRONOUNS = frozenset(
    "it one them those these they that this stuff 某 它 它们 这个 那个 这些 那些 东西".split()  # noqa: SIM905
)
# Questions whose answer is written in the server's articles or quest descriptions.
LORE_EN = re.compile(r"^(?:why|what happened|who (?:is|was|were)|what (?:is|was) the story)\b")
LORE_ZH = re.compile(r"为什么|为啥|发生了什么|怎么回事|是怎么.{0,4}的")

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
    r"^(how|hows|what|whats|why|when|where|wheres|which|who|is|are|does|do|can i|should)\b"
    r"|\?$"
    r"|？$|吗|怎么|怎样|如何|什么|为什么|为啥|会不会|能不能|可不可以|多少|呢"
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

# --- quests by the kind of a task or reward, no thing named ---------------------------
# ("which quests give xp levels", "哪些任务有击杀要求", "哪些任务奖励随机奖励"): FTB's own
# types, the most specific words first ("xp levels" before "xp").
Kinds = tuple[tuple[str, re.Pattern[str], re.Pattern[str]], ...]


def _kinds(*rows: tuple[str, str, str]) -> Kinds:
    return tuple((kind, re.compile(en), re.compile(zh)) for kind, en, zh in rows)


REWARD_KINDS = _kinds(
    (
        "xp_levels",
        r"\b(?:xp|exp|experience) levels?\b|\blevels? of (?:xp|exp|experience)\b|\blevels\b",
        r"经验等级|经验级|等级",
    ),
    ("xp", r"\b(?:xp|exp|experience)(?: points?)?\b", r"经验"),
    (
        "choice",
        r"\bchoices?\b|\bchoose\b|\bpick (?:my|a|one|your|from)\b|\bselect(?:able)?\b",
        r"自选|任选|可选|选择|挑选|选一",
    ),
    ("random", r"\brandom(?:ly)?\b|\bchance\b|\bgamble\b", r"随机|抽奖"),
    ("loot", r"\bloot ?(?:crates?|box(?:es)?|chests?)\b", r"战利品箱"),
    ("command", r"\bcommands?\b", r"命令|指令"),
    ("item", r"\bitems?\b", r"物品"),
)
TASK_KINDS: Kinds = (
    ("kill", KILL_EN, KILL_ZH),
    *_kinds(
        (
            "checkmark",
            r"\bcheck ?marks?\b|\bcheck ?box(?:es)?\b|\btick(?:ed)?\b",
            r"打勾|勾选|对勾",
        ),
        ("advancement", r"\badvancements?\b|\bachievements?\b", r"进度|成就"),
        ("dimension", r"\bdimensions?\b", r"维度"),
        ("biome", r"\bbiomes?\b", r"生物群系|群系"),
        ("structure", r"\bstructures?\b", r"结构"),
        ("observation", r"\bobserv(?:e|ing|ation)s?\b", r"观察"),
        ("location", r"\blocations?\b|\bcoordinates\b", r"地点|坐标"),
        ("fluid", r"\bfluids?\b|\bliquids?\b", r"流体|液体"),
        ("item", r"\bitems?\b|\bhand(?:ed)? in\b|\bsubmit\w*\b", r"物品|提交|上交"),
    ),
)
# A kind of reward is asked when the question speaks of giving or rewards; else a kind of
# task ("have kill tasks", "有击杀要求"); experience alone is a reward.
REWARD_WORDS_EN = re.compile(
    r"\b(rewards?|rewarded|rewarding|gives?|giving|grants?|hands? out|pays?(?: out)?|earn"
    r"|get|receive|prizes?|loot)\b"
)
REWARD_WORDS_ZH = re.compile(r"奖励|给|获得|得到|拿到|送")


# Words a phrase naming only a kind may have besides the kind ("a choice of rewards").
KIND_FILLER = re.compile(
    r"\b(?:a|an|the|some|any|of|rewards?|tasks?|quests?|kinds?|types?|one|my|your|for|as"
    r"|just|only|from|me|us|you|i|we|make|makes|have|has|to|something|anything|stuff"
    r"|things?|mobs?|monsters?|enemies)\b|奖励|任务|的|类|种|要求|东西|怪物?|生物|敌人"
)


def only_kind_words(phrase: str) -> bool:
    """Whether a phrase the pattern reader took for a name says nothing but a kind of task
    or reward ("xp levels", "随机奖励"); "Choice Chest" or "Item Vault" name a thing."""
    rest = phrase.lower()
    for _kind, en, zh in (*REWARD_KINDS, *TASK_KINDS):
        rest = zh.sub(" ", en.sub(" ", rest))
    rest = REWARD_WORDS_ZH.sub(" ", REWARD_WORDS_EN.sub(" ", rest))
    return not re.search(r"\w", KIND_FILLER.sub(" ", rest))


# What may follow a Chinese kind word that is the kind, not the start of a thing's name
# (随机奖励, 经验等级？, 随机的 — but 随机宝箱 names a thing).
AFTER_KIND_ZH = re.compile(
    r"(?:[^\u3400-\u9fff]|$|奖励|任务|的|类|种|要求|目标|吗|呢|了|是|有|和|或|还|呀|啊)"
)


def _kind_word_zh(text: str, match: re.Match[str]) -> bool:
    return bool(AFTER_KIND_ZH.match(text, match.end()))


def kind_asked(text: str, lang: str) -> tuple[str, str] | None:
    """``("reward", type)`` or ``("task", type)``: the kind of reward or task a question
    about several quests asks for, when it names one; ``None`` when it names none."""
    low = text.lower()

    def found(kinds: Kinds) -> str | None:
        for kind, en, zh in kinds:
            if en.search(low) or any(_kind_word_zh(text, m) for m in zh.finditer(text)):
                return kind
        return None

    rewards = bool(REWARD_WORDS_EN.search(low) or REWARD_WORDS_ZH.search(text))
    if rewards and (kind := found(REWARD_KINDS)):
        return "reward", kind
    if kind := found(TASK_KINDS):
        return "task", kind
    if kind := found(REWARD_KINDS[:2]):
        return "reward", kind
    return None


# What a mob drops, the mob the subject ("what does a zombie drop", "僵尸掉落什么",
# "苦力怕会掉什么", "骷髅的掉落物"), read with its name replaced by a pronoun ("it", 某);
# "what drops rotten flesh" and "僵尸会掉铁锭吗" ask about the item.
MOB_DROPS_EN = re.compile(
    r"\bwhat (?:does|do|did|will|would|can|could|might|may) (?:a |an |the )?(?:it|they)"
    r"(?: \w+)? drops?\b"
    r"|\b(?:it|they) ?(?:'s )?(?:drops|loot|drop table)\b"
    r"|\b(?:drops|loot|drop table) (?:of|from) (?:a |an |the )?it\b"
    r"|\bwhat (?:do|can|will|would|does) (?:i|you|we|one) get (?:from|for|by|when|after) "
    r"(?:killing |slaying |i kill |you kill )?(?:a |an |the )?it\b"
    r"|\bwhat (?:drops|falls|comes) (?:from|off|out of) (?:a |an |the )?it\b"
)
MOB_DROPS_ZH = re.compile(
    r"某 ?(?:会|能|可以|都|一般|死后|死了)?(?:会|能)?掉(?:落|出)?(?:物|的东西|下)? ?"
    r"(?:什么|啥|哪些|些什么|有哪些|是什么|有什么)"
    r"|某 ?的? ?掉落(?:物|品)?"
    r"|(?:杀|打|击杀|干掉|打死|杀死)(?:死|掉)?(?:一只|一个|只)? ?某 ?(?:会|能|可以)?"
    r"(?:掉|得到|获得|拿到)"
)


# Whether a mob drops an item, the mob read as "it" (某) and the item as "that" (此): "do
# zombies drop iron ingots", "can a skeleton drop a bow", "is rotten flesh dropped by
# zombies", "僵尸会掉铁锭吗", "苦力怕会不会掉火药", "杀僵尸能得到腐肉吗".
ARTICLES = r"(?:(?:a|an|the|any|some) )?"
WHETHER_DROPS_EN = re.compile(
    rf"\b(?:do|does|did|will|would|can|could|might|may|should) {ARTICLES}it(?: \w+)?"
    rf"(?: ever| also| still| sometimes| even)? drops? {ARTICLES}that\b"
    rf"|\bit (?:drops?|can drop|will drop|may drop) {ARTICLES}that ?\?"
    rf"|\b(?:is|are|can|could|do|does|will) {ARTICLES}that (?:ever )?(?:be )?"
    rf"(?:dropped|drop|drops) (?:by|from) {ARTICLES}it\b"
    rf"|\b(?:can|could|do|does|will|would) (?:i|you|we|one) (?:ever )?(?:get|loot|farm) "
    rf"{ARTICLES}that (?:from|off|by killing|when killing|when i kill|when you kill) "
    rf"{ARTICLES}it\b"
    rf"|\b(?:does|do|is|are) {ARTICLES}that (?:in|among|part of) (?:its|their|the) "
    r"(?:drops|loot|drop table)"
    rf"|\b(?:chances?|odds|likely|often|rate)\b.*\bit (?:to )?drops? {ARTICLES}that\b"
    rf"|\b(?:is|are) {ARTICLES}that {ARTICLES}it(?:'s)? drop\b"
)
WHETHER_DROPS_ZH = re.compile(
    r"某 ?(?:会|能|可以|有|也|还|都|偶尔|有时|有没有|有可能|可能|会不会|能不能|是否|是不是"
    r"|几率|概率|机率)*(?:掉|爆)(?:落|出|下)?(?:不掉)? ?(?:一些|一个|一把|些|点)? ?此"
    r"|(?:杀|打|击杀|干掉|打死|杀死)(?:死|掉)?(?:一只|一个|只)? ?某 ?"
    r"(?:会|能|可以|有没有|能不能|会不会)*(?:掉|得到|获得|拿到|爆)(?:落|出|到)? ?此"
    r"|某 ?的? ?掉落(?:物|品)?(?:里|中|里面|之中)?(?:有|包括|包含)(?:没有)? ?此"
    r"|此 ?(?:是|会|能)(?:不是)? ?某 ?(?:掉|爆)"
)


def asks_whether_mob_drops(text: str) -> bool:
    """Whether ``text`` (a question with the mob's name replaced by "it" or 某 and the
    item's by "that" or 此) asks whether the mob drops the item."""
    plain = " ".join(text.split())
    return bool(WHETHER_DROPS_EN.search(plain.lower()) or WHETHER_DROPS_ZH.search(_zh(plain)))


def asks_mob_drops(text: str) -> bool:
    """Whether ``text`` (a question with the mob's name replaced by "it" or 某) asks
    what the mob drops."""
    plain = " ".join(text.split())
    return bool(MOB_DROPS_EN.search(plain.lower()) or MOB_DROPS_ZH.search(_zh(plain)))


def _zh(text: str) -> str:
    """A Chinese question with a Latin name in it ("Blizz会掉什么"): its stand-ins ("it",
    "that") as a Chinese one reads them (某, 此)."""
    if not CJK.search(text):
        return text
    return re.sub(r"\bthat\b", "此", re.sub(r"\bit\b", "某", text))


# The words that make a station named in a question the place a thing is made or cooked in
# ("in a blast furnace", "on the campfire", "with my stonecutter", "用切石机", "放高炉里").
STATION_BEFORE_EN = re.compile(
    r"\b(?:in|on|at|with|using|use|into|inside|through)\s+(?:(?:a|an|the|my|your|this)\s+)?$"
)
STATION_BEFORE_ZH = re.compile(r"(?:用|在|放|放进|丢|丢进|扔|扔进|拿|进|过|靠)\s*$")
STATION_AFTER_ZH = re.compile(r"^\s*(?:里|中|上|内|切|烧|烤|炼|做|合|加工)")

# What an item is used for: the recipes that take it ("what can I make with X", "what is X
# used for", "X能做什么", "X除了合Y还能干嘛", "X有什么用").
USES_EN = re.compile(
    r"\bwhat (?:can|could|do|should|would) (?:i|you|u|we) (?:even |actually |possibly )?"
    r"(?:make|craft|do|build|cook|cut|smelt)\b(?:(?!\?).)*\b(?:with|from|out of|using|into)\b"
    r"|\bwhat (?:is|are|'s|s)\b.*\b(?:used|good|useful) for\b|\b(?:uses?|usages?) (?:of|for)\b"
    r"|\bwhat (?:uses|recipes) (?:\w+ ){0,3}(?:need|needs|use|uses|take|takes)\b"
    r"|\bwhat (?:can|could) (?:\w+ ){1,4}(?:be )?(?:used|turned|made|crafted) (?:for|into)\b"
    r"|\bwhat (?:is|gets|can be) (?:made|crafted) (?:from|with|out of)\b"
)
USES_ZH = re.compile(
    r"(?:能|可以|还能|还可以)(?:用来|拿来)?(?:做|合成?|制作|干|造|切|烧)(?:出)?(?:些)?(?:什么|啥|嘛|哪些)"
    r"|有(?:什么|啥)用|用途|用来(?:做|干)(?:什么|啥)|拿来(?:做|干)(?:什么|啥)|能干嘛|还能干"
)
