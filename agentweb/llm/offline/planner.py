"""The offline model (R-MODEL-1): a deterministic, rule-based planner.

It speaks the same JSON protocol as a real model and sees exactly what a
real model sees: the user JSON of the request (no database, no Django). It
is rule-based, not a language model:

* ``route`` — reads the question's intent (``offline.intent``) and picks a
  workflow: requests to act (buy, sign in, claim) → ``system:free_chat``;
  questions that need the game's lookup tools (items, quests, the player's
  profile; quest → item chains above all) → ``system:reasoning``; other
  questions → ``system:question``; greetings and the rest → ``system:chat``.
  Only workflows listed in the request are chosen.
* ``decide`` / ``finalize`` — plans the next tool call from the intent, the
  tools offered in this request and the observations so far
  (``offline.plan``), or answers from the observations (``offline.answer``).
  It never repeats an action already observed, answers when ``final_only``
  is set or no tool is offered, and cites sources by their numbers.
* ``chat`` — a short, friendly one-shot reply.

Names in a question are only search terms; every fact in an answer is
copied from an observation. Token usage is estimated like the engine's
budgets (``agentweb.engine.tokens``). See ``docs/offline-planner.md``.
"""

from __future__ import annotations

import json
import time
from typing import Any

from agentweb.engine.model import ModelReply, ModelRequest, Purpose, TextSink, stream_in_words
from agentweb.engine.policy import CHAT, FREE_CHAT, QUESTION, REASONING
from agentweb.engine.protocol import dumps
from agentweb.engine.tokens import estimate_tokens
from agentweb.llm.offline import text as w
from agentweb.llm.offline.answer import compose
from agentweb.llm.offline.entities import looked_up, read
from agentweb.llm.offline.intent import parse
from agentweb.llm.offline.obs import Seen, last, observations
from agentweb.llm.offline.parsed import ACTIONS, GAME_DATA, Intent
from agentweb.llm.offline.plan import next_action

# Lookups that only the reasoning workflow's tools can answer well.
ROUTE_TO_REASONING = GAME_DATA - {Intent.ITEM_INFO}


class OfflinePlanner:
    """A ``ModelProvider`` that plans by rules (see the module docstring)."""

    name = "offline"

    async def complete(self, request: ModelRequest) -> ModelReply:
        started = time.perf_counter()
        payload = _payload(request)
        if request.purpose is Purpose.ROUTE or payload.get("task") == "route":
            reply: Any = route(payload)
        elif request.purpose is Purpose.CHAT:
            reply = chat(payload, json_mode=request.json_mode)
        else:
            reply = decide(payload, request.max_tokens)
        text = reply if isinstance(reply, str) else dumps(reply)
        return ModelReply(
            text,
            tokens_in=sum(estimate_tokens(m.content) for m in request.messages),
            tokens_out=estimate_tokens(text),
            latency_ms=(time.perf_counter() - started) * 1000,
            model=self.name,
            # Rules, not a model: the time it took says nothing about writing speed.
            timed=False,
        )

    async def stream(self, request: ModelRequest, on_text: TextSink) -> ModelReply:
        """The same reply, handed over word by word (so the embedded setup streams too)."""
        reply = await self.complete(request)
        await stream_in_words(reply.text, on_text)
        return reply


def _payload(request: ModelRequest) -> dict[str, Any]:
    try:
        payload = json.loads(request.user)
    except ValueError:
        return {"question": request.user}
    return payload if isinstance(payload, dict) else {"question": str(payload)}


def route(payload: dict[str, Any]) -> dict[str, str]:
    """``{"workflow": id}`` for the question, among the workflows offered."""
    offered = [
        item.get("id") if isinstance(item, dict) else item
        for item in payload.get("workflows") or [REASONING, QUESTION, FREE_CHAT, CHAT]
    ]
    p = parse(str(payload.get("question", "")), tuple(read(payload)), linked=looked_up(payload))
    if p.intent in ACTIONS:
        wanted = [FREE_CHAT, CHAT]
    elif (
        p.intent in ROUTE_TO_REASONING
        or (p.intent is Intent.ITEM_INFO and (p.asks("food") or p.tag is not None))
        # About the pack, naming things the data has: the knowledge base, then their data.
        or (p.intent is Intent.KNOWLEDGE and p.then is not None)
    ):
        wanted = [REASONING, QUESTION, FREE_CHAT, CHAT]
    elif p.intent is Intent.SMALL_TALK:
        wanted = [CHAT, QUESTION]
    else:
        wanted = [QUESTION, REASONING, CHAT]
    choice = next((wf for wf in wanted if wf in offered), offered[0] if offered else CHAT)
    return {"workflow": choice}


def decide(payload: dict[str, Any], max_tokens: int) -> dict[str, Any]:
    """The next tool action, or the answer (always the answer when ``final_only``).

    Messages the player sent to join the run (``followups``, R-X3-1) are questions
    too: once the question needs no further lookup, each follow-up's lookups come
    next, and the answer answers them all, the question first, then each follow-up
    under its own words.
    """
    asked = _asked(payload)
    share = max(max_tokens // len(asked), 1)
    replies = []
    for question, entities, linked in asked:
        reply = _decide_one(
            payload, question, entities, share, alone=len(asked) == 1, linked=linked
        )
        if reply["type"] != "answer":
            return reply
        replies.append(reply)
    if len(replies) == 1:
        return replies[0]
    parts = [replies[0]["text"]]
    parts += [
        f"**{q}**\n\n{r['text']}" for (q, _, _), r in zip(asked[1:], replies[1:], strict=True)
    ]
    cites = sorted({n for reply in replies for n in reply["sources"]})
    merged: dict[str, Any] = {"type": "answer", "text": "\n\n".join(parts), "sources": cites}
    if any(reply.get("incomplete") for reply in replies):
        merged["incomplete"] = True
    return merged


def _asked(payload: dict[str, Any]) -> list[tuple[str, list[Any], bool]]:
    """The question and each follow-up, with the things each names (the workflow links a
    follow-up's names as it arrives: ``followup_entities``) and whether they were looked up."""
    asked = [(str(payload.get("question", "")), read(payload), looked_up(payload))]
    followups = payload.get("followups")
    linked = payload.get("followup_entities")
    linked = linked if isinstance(linked, list) else []
    for at, text in enumerate(followups if isinstance(followups, list) else []):
        if isinstance(text, str) and text.strip():
            named = linked[at] if at < len(linked) and isinstance(linked[at], list) else None
            asked.append((text.strip(), read({"entities": named}), named is not None))
    return asked


def _decide_one(
    payload: dict[str, Any],
    question: str,
    entities: list[Any],
    max_tokens: int,
    *,
    alone: bool,
    linked: bool = False,
) -> dict[str, Any]:
    """One question's next tool action or its answer; not ``alone`` (with follow-ups), the
    answer says only what its own lookups found (``_own``).

    A budget that ran out (``stopped`` in a final round, or no tool call left in
    ``budget``) while the recipe still wanted a step makes an honest answer: what
    was found, and what was not looked up — never "not found" for it — marked
    ``incomplete`` so the run's stop says which budget ended it.
    """
    p = parse(question, tuple(entities), linked=linked)
    seen = observations(payload)
    tools = {t.get("type") for t in payload.get("tools") or [] if isinstance(t, dict)}
    ran_out, room = _ran_out(payload, tools), _room(payload)
    if ran_out is None and not payload.get("final_only") and tools:
        action = next_action(p, seen, tools, room)
        if action is not None:
            return {"type": action.tool, "input": action.input}
    wanted = next_action(p, seen, ran_out[1], room) if ran_out is not None else None
    cut = (ran_out[0], wanted) if wanted is not None and ran_out is not None else None
    known = payload.get("names") if isinstance(payload.get("names"), dict) else {}
    if not alone:
        seen = _own(p, seen, tools)
    text, cites = compose(p, seen, max_tokens, cut=cut, known=known, entities=entities)
    reply: dict[str, Any] = {"type": "answer", "text": text, "sources": cites}
    if cut is not None:
        reply["incomplete"] = True
    return reply


def _own(p: Any, seen: list[Seen], tools: set[str]) -> list[Seen]:
    """The observations of ``p``'s own lookups: its recipe replayed over what was observed,
    step by step, as long as each step it wants was taken (by it or for another question)."""
    usable = tools | {s.tool for s in seen if s.tool}
    owned: list[Seen] = []
    for _ in range(len(seen) + 1):
        action = next_action(p, owned, usable)
        found = last(seen, action.tool, **action.input) if action is not None else None
        if found is None:
            break
        owned += [s for s in seen if s.n == found.n and s not in owned]
    return owned


def _room(payload: dict[str, Any]) -> int | None:
    """The tool calls the run may still make, this one included (the last round only
    answers), when the request's ``budget`` says."""
    budget = payload.get("budget")
    if not isinstance(budget, dict):
        return None
    left = [
        value
        for value in (budget.get("tool_calls_left"), budget.get("rounds_left"))
        if isinstance(value, int)
    ]
    return min(left) if left else None


def _ran_out(payload: dict[str, Any], tools: set[str]) -> tuple[str, set[str]] | None:
    """The budget that ran out and the tools it left unused, if one did."""
    stopped = payload.get("stopped")
    if isinstance(stopped, dict) and isinstance(stopped.get("by"), str):
        return stopped["by"], {str(t) for t in stopped.get("tools") or []}
    budget = payload.get("budget")
    if tools and isinstance(budget, dict) and budget.get("tool_calls_left") == 0:
        return "toolCalls", tools
    return None


CHAT_REPLIES = {
    "en": {
        "greeting": (
            "Hello! I can tell you how to obtain items, what quests need and give, "
            "and show your profile. Try /item, /quest or /checkin."
        ),
        "thanks": "You're welcome! Ask me anything about the server.",
        "other": (
            "I'm the server's offline assistant. I answer from the server's own data: "
            "items, quests, the knowledge base and your profile."
        ),
    },
    "zh": {
        "greeting": (
            "你好！我可以告诉你物品怎么获得、任务需要什么和奖励什么，也能查看你的资料。"
            "试试 /item、/quest 或 /checkin。"
        ),
        "thanks": "不客气！有服务器的问题随时问我。",
        "other": "我是服务器的离线助手，根据服务器自己的数据回答：物品、任务、知识库和你的资料。",
    },
}


def chat(payload: dict[str, Any], *, json_mode: bool = True) -> str | dict[str, Any]:
    """A one-shot friendly reply: greeting, thanks, or what the assistant can do."""
    text = str(payload.get("question") or payload.get("text") or "")
    lang = "zh" if w.CJK.search(text) else "en"
    kind = "greeting" if w.GREETING.search(text) else "thanks" if w.THANKS.search(text) else "other"
    reply = CHAT_REPLIES[lang][kind]
    return {"type": "answer", "text": reply, "sources": []} if json_mode else reply
