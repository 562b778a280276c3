"""Answer phrases of the offline planner, in English and Chinese.

Only the connecting words live here; every name and number in an answer is
copied from an observation.
"""

from __future__ import annotations

PHRASES: dict[str, dict[str, str]] = {
    "en": {
        "quest_tasks": "Quest {title} ({chapter}) asks for: {tasks}.",
        "quest_no_tasks": "Quest {title} ({chapter}) has no tasks.",
        "quest_rewards": "Rewards of {title}: {rewards}.",
        "quest_no_rewards": "{title} gives no rewards.",
        "table": "{reward} (from the reward table {table}: {items})",
        "prereqs": "Before {title} ({chapter}) you need {rule}: {quests}.",
        "no_prereqs": "{title} ({chapter}) has no prerequisite quests.",
        "unlocks": "Completing {title} unlocks: {quests}.",
        "no_unlocks": "No quest depends on {title}.",
        "other_matches": "Other quests with a similar title: {quests}.",
        "quest_not_found": 'I could not find a quest named "{name}" in the quest book.',
        "quest_id_not_found": "I could not find a quest with the id {name}.",
        "item_ways": "{item} can be obtained: {ways}.",
        "item_more": "more on the item card ({count})",
        "item_none": "The item data lists no way to obtain {item}.",
        "item_not_found": 'I could not find an item named "{name}" in the item data.',
        "item_candidates": 'I found no item named exactly "{name}"; similar items: {names}.',
        "item_matches": 'Items matching "{name}": {items}.',
        "item_facts": "{name} ({item_id}) stacks to {stack}",
        "listed": "{message}: {quests}.",
        "rewarders_none": 'I could not find a quest that rewards "{name}".',
        "requirers_none": 'I could not find a quest that asks for "{name}".',
        "chapters": "Chapters of the quest book: {chapters}.",
        "profile": (
            "You are {player}: level {level}, {balance} coins, sign-in streak {streak} "
            "(last sign-in: {last}). Quests: {counts}."
        ),
        "signed_in_today": "You have signed in today.",
        "not_signed_in_today": "You have not signed in today yet.",
        "kb": "From the knowledge base, {title}: {excerpt}",
        "kb_none": "I found nothing about this in the server's knowledge base.",
        "rejected": "Understood: I did not do it.",
        "cannot_here": "I cannot do that here: this assistant mode has no tool for it.",
        "no_tool": "I cannot look that up here: the tool for it is not available.",
        "nothing": "I could not find an answer to this in the server's data.",
        "never": "never",
        "none": "none",
        "all_completed": "all of them completed",
        "one_completed": "one of them completed",
        "all_started": "all of them started",
        "one_started": "one of them started",
        "sep": "; ",
        "status_completed": "completed",
        "status_in_progress": "in progress",
        "status_not_started": "not started",
    },
    "zh": {
        "quest_tasks": "任务「{title}」（{chapter}）需要：{tasks}。",
        "quest_no_tasks": "任务「{title}」（{chapter}）没有任务要求。",
        "quest_rewards": "「{title}」的奖励：{rewards}。",
        "quest_no_rewards": "「{title}」没有奖励。",
        "table": "{reward}（奖励表 {table}：{items}）",
        "prereqs": "完成「{title}」（{chapter}）之前需要（{rule}）：{quests}。",
        "no_prereqs": "「{title}」（{chapter}）没有前置任务。",
        "unlocks": "完成「{title}」后解锁：{quests}。",
        "no_unlocks": "没有任务依赖「{title}」。",
        "other_matches": "标题相近的其他任务：{quests}。",
        "quest_not_found": "任务书里找不到名为“{name}”的任务。",
        "quest_id_not_found": "找不到 id 为 {name} 的任务。",
        "item_ways": "{item} 的获取方式：{ways}。",
        "item_more": "另有 {count} 种方式见物品卡片",
        "item_none": "物品数据中没有 {item} 的获取方式。",
        "item_not_found": "物品数据中找不到名为“{name}”的物品。",
        "item_candidates": "没有名字正好是“{name}”的物品；相近的物品：{names}。",
        "item_matches": "与“{name}”匹配的物品：{items}。",
        "item_facts": "{name}（{item_id}）最多堆叠 {stack} 个",
        "listed": "{message}：{quests}。",
        "rewarders_none": "找不到奖励“{name}”的任务。",
        "requirers_none": "找不到需要“{name}”的任务。",
        "chapters": "任务书的章节：{chapters}。",
        "profile": (
            "你是 {player}：等级 {level}，{balance} 金币，连续签到 {streak} 天"
            "（上次签到：{last}）。任务：{counts}。"
        ),
        "signed_in_today": "你今天已经签到。",
        "not_signed_in_today": "你今天还没有签到。",
        "kb": "知识库「{title}」：{excerpt}",
        "kb_none": "服务器知识库里没有找到相关内容。",
        "rejected": "好的，没有执行。",
        "cannot_here": "这里无法执行这个操作：当前模式没有对应的工具。",
        "no_tool": "这里无法查询：没有对应的工具。",
        "nothing": "在服务器数据中没有找到答案。",
        "never": "从未",
        "none": "无",
        "all_completed": "全部完成",
        "one_completed": "完成其中一个",
        "all_started": "全部开始",
        "one_started": "开始其中一个",
        "sep": "；",
        "status_completed": "已完成",
        "status_in_progress": "进行中",
        "status_not_started": "未开始",
    },
}


def phrase(lang: str, key: str, **values: object) -> str:
    return PHRASES.get(lang, PHRASES["en"])[key].format(**values)
