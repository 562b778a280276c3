"""``system:question``: the local knowledge base first, the web only as a fallback (R-WEB-1…4)."""

from __future__ import annotations

from typing import Any

from agentweb.engine import (
    AgentError,
    Degraded,
    ExecutionContext,
    LoopHooks,
    LoopResult,
    ReActContext,
    ReActLoop,
    RunStatus,
    StopCode,
    StopReason,
    ToolBinding,
    ToolContext,
)
from agentweb.engine.events import AnswerGiven
from agentweb.engine.failures import DEFAULT_RECOVERABLE, AgentFailure
from agentweb.research.tools import build_web_tools, source_card
from agentweb.workflows import names
from agentweb.workflows.env import Environment, Request
from agentweb.workflows.phrases import ran_out, say

KB_TOOL = "database.query"
LOOP = ReActLoop()
# Search failures are recoverable here: with sources in hand, the run still answers.
RECOVERABLE = DEFAULT_RECOVERABLE | {AgentFailure.SEARCH_ERROR}


async def run(ctx: ExecutionContext, env: Environment, request: Request) -> LoopResult:
    local, missing = await _local(ctx, env, request)
    if local is not None and local.sources:
        return await _answer_from_local(ctx, env, request, local)
    if not _web_allowed(env, request):
        text = _nothing_local(request.text, missing)
        if env.search is not None and env.web_enabled:
            text += say(request.text, "web_hint")
        await ctx.emit(AnswerGiven(text=text, sources=[], cards=[]))
        stop = StopReason(StopCode.ANSWERED, "no local results; web research not allowed")
        return LoopResult(RunStatus.COMPLETED, stop, text)
    return await _research(ctx, env, request)


def _web_allowed(env: Environment, request: Request) -> bool:
    """R-WEB-2: explicitly allowed by this request, module available, external service on."""
    return request.allow_web and env.search is not None and env.web_enabled


def _nothing_local(question: str, missing: list[str]) -> str:
    """Nothing in the knowledge base, naming the question's words no article has."""
    if not missing:
        return say(question, "nothing_local")
    words = say(question, "word_sep").join(say(question, "word", word=w) for w in missing)
    return say(question, "nothing_local_words", words=words)


async def _local(
    ctx: ExecutionContext, env: Environment, request: Request
) -> tuple[Any, list[str]]:
    """The knowledge base searched for the question; when it has nothing, once more with
    the things the question names in the data's words, then with those names alone (an
    English passage for a Chinese question, the best the database's ranking finds). A
    search whose passages mention none of the things the question names found nothing
    about it: the next one is tried, and the first search that found anything is kept
    when none is about them. With it, the question's words no article has (the search of
    the player's own words says which), for an answer that found nothing."""
    tools = ToolContext.bind(ctx, env.registry, [KB_TOOL], env.modules)
    if KB_TOOL not in tools:
        return None, []
    field = _query_field(tools)
    found = await tools.call(KB_TOOL, {field: request.text[:200]})
    observed = found.observation if isinstance(found.observation, dict) else {}
    missing = [w for w in observed.get("missing") or [] if isinstance(w, str)]
    first = found if found.sources else None
    searched = {request.text[:200]}
    for again in (
        names.in_data_words(request.text, request.entities),
        names.data_names(request.text, request.entities),
    ):
        if found.sources and names.mentions_named(found.observation, request.entities):
            return found, missing
        if again is not None and again[:200] not in searched:
            searched.add(again[:200])
            found = await tools.call(KB_TOOL, {field: again[:200]})
            first = first or (found if found.sources else None)
    if found.sources and names.mentions_named(found.observation, request.entities):
        return found, missing
    return first or found, missing


def _query_field(tools: ToolContext) -> str:
    model = tools.bindings[KB_TOOL].tool.input_model
    for name, info in model.model_fields.items():
        if info.annotation is str:
            return name
    return "query"


async def _answer_from_local(
    ctx: ExecutionContext, env: Environment, request: Request, local: Any
) -> LoopResult:
    """One final-only round over the knowledge-base results; the web is never used."""
    rc = ReActContext(
        request.text,
        env.loop_prompts("react"),
        ToolContext(ctx, {}, env.modules),
        memory=list(request.memory),
        context_window=env.context_window,
    )
    rc.add_outcome(local, 0)
    names.install(rc, env.names, request.entities)
    return await LOOP.run(ctx, rc, rounds=1)


async def _research(ctx: ExecutionContext, env: Environment, request: Request) -> LoopResult:
    assert env.search is not None
    tools = ToolContext(ctx, {}, env.modules)
    for tool in build_web_tools(env.search):
        owner = env.modules.instance(tool.module)
        if owner is not None:
            tools.bindings[tool.type] = ToolBinding(tool, owner)
    rc = ReActContext(
        request.text,
        env.loop_prompts("web_search"),
        tools,
        memory=list(request.memory),
        recoverable=RECOVERABLE,
        hooks=LoopHooks(degrade=_keep_sources, inbox=env.inbox),
        context_window=env.context_window,
    )
    names.install(rc, env.names, request.entities)
    result = await LOOP.run(ctx, rc)
    if result.answer is not None:
        result.cards = [
            source_card(s, n) for n, s in zip(result.answer.sources, result.sources, strict=True)
        ]
    return result


def _keep_sources(rc: ReActContext, error: AgentError) -> Degraded:
    """R-LOOP-6: a search run that cannot finish keeps the sources it fetched."""
    cards = [source_card(s, n) for n, s in enumerate(rc.sources, 1)]
    reason = ran_out(rc.question, error, with_cards=False) or error.message
    if cards:
        text = say(rc.question, "research_unfinished", reason=reason.rstrip("."))
        return Degraded(text, list(rc.sources), cards)
    return Degraded(say(rc.question, "research_failed", reason=reason.rstrip(".")))
