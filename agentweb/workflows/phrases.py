"""The workflows' own sentences, in the player's language (the offline planner's are in
``agentweb.llm.offline.words``): what a player reads when a workflow answers without a
model, or a run ends before its answer."""

from __future__ import annotations

from agentweb.engine import AgentError, Budget, Degraded, ReActContext
from agentweb.lib.language import EN, language_of

PHRASES: dict[str, dict[str, str]] = {
    "en": {
        "nothing_local": "I found nothing about this in the server's knowledge base.",
        "nothing_local_words": (
            "I found nothing about this in the server's knowledge base: no article mentions "
            "{words}."
        ),
        "word": "“{word}”",
        "word_sep": ", ",
        "web_hint": " Allow web search to let me look it up online.",
        "research_unfinished": (
            "I could not finish the research ({reason}). "
            "These are the sources I found; they may answer your question."
        ),
        "research_failed": "Sorry, the web research failed: {reason}.",
        "ran_out": "I ran out of {budget} before I could finish.",
        "ran_out_with_cards": (
            "I ran out of {budget} before I could finish. Here is what I found before it stopped."
        ),
        "incomplete": (
            "The analysis is incomplete ({reason}). Here is what was found before it stopped."
        ),
        "failed": "Sorry, I could not finish this request: {reason}.",
        "no_chat_text": (
            "Sorry, I could not put an answer into words this time. "
            "Please ask again, or ask about a specific item or quest."
        ),
        "chat_failed": "Sorry, I could not answer right now: {reason}.",
        "not_handled": "Sorry, I could not handle this request: {reason}.",
        "loop_disabled": "Analysis is disabled for this workflow.",
    },
    "zh": {
        "nothing_local": "服务器知识库里没有找到相关内容。",
        "nothing_local_words": "服务器知识库里没有找到相关内容：没有文章提到{words}。",
        "word": "“{word}”",
        "word_sep": "、",
        "web_hint": "允许联网搜索后，我可以在网上查找。",
        "research_unfinished": (
            "联网搜索没能完成（{reason}）。这是已经找到的来源，也许能回答你的问题。"
        ),
        "research_failed": "抱歉，联网搜索失败：{reason}。",
        "ran_out": "在完成之前，{budget}已经用完。",
        "ran_out_with_cards": "在完成之前，{budget}已经用完。下面是停止前找到的内容。",
        "incomplete": "分析没有完成（{reason}）。下面是停止前找到的内容。",
        "failed": "抱歉，这个请求没能完成：{reason}。",
        "no_chat_text": "抱歉，这次没能组织出回答。请再问一次，或者问一个具体的物品或任务。",
        "chat_failed": "抱歉，现在无法回答：{reason}。",
        "not_handled": "抱歉，这个请求没能处理：{reason}。",
        "loop_disabled": "这个工作流的分析功能已关闭。",
    },
}
# The budgets in words, as the sentences above name them.
BUDGET_WORDS: dict[str, dict[Budget, str]] = {
    "en": {
        Budget.ROUNDS: "rounds",
        Budget.MODEL_CALLS: "model calls",
        Budget.TOOL_CALLS: "tool calls",
        Budget.STEPS: "steps",
        Budget.WRITE_STEPS: "write steps",
        Budget.TOTAL_TOKENS: "tokens",
        Budget.OUTPUT_TOKENS: "answer length",
        Budget.INPUT_BYTES: "room for the model's input",
        Budget.DEADLINE: "time",
    },
    "zh": {
        Budget.ROUNDS: "轮数",
        Budget.MODEL_CALLS: "模型调用次数",
        Budget.TOOL_CALLS: "工具调用次数",
        Budget.STEPS: "步骤数",
        Budget.WRITE_STEPS: "写入步骤数",
        Budget.TOTAL_TOKENS: "令牌额度",
        Budget.OUTPUT_TOKENS: "回答长度",
        Budget.INPUT_BYTES: "模型输入的空间",
        Budget.DEADLINE: "时间",
    },
}


def say(question: str, key: str, **values: object) -> str:
    """The sentence ``key`` in the language of ``question``."""
    return PHRASES.get(language_of(question), PHRASES[EN])[key].format(**values)


def ran_out(question: str, error: AgentError, *, with_cards: bool) -> str | None:
    """ "I ran out of tool calls before I could finish." — ``None`` for a failure that is
    no budget."""
    if error.budget is None:
        return None
    words = BUDGET_WORDS.get(language_of(question), BUDGET_WORDS[EN])
    key = "ran_out_with_cards" if with_cards else "ran_out"
    return say(question, key, budget=words.get(error.budget, error.budget.value))


def degrade(rc: ReActContext, error: AgentError) -> Degraded:
    """R-LOOP-6 in the player's language: the result cards found so far and what stopped
    the run — a budget by its name ("I ran out of tool calls") — never raw tool JSON."""
    question = rc.question
    if rc.cards:
        text = ran_out(question, error, with_cards=True) or say(
            question, "incomplete", reason=error.message
        )
        return Degraded(text, list(rc.sources), list(rc.cards))
    text = ran_out(question, error, with_cards=False) or say(
        question, "failed", reason=error.message
    )
    return Degraded(text)
