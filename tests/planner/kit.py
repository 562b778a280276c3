"""Asking the offline planner a question end to end: real loop, real tools, real database,
the question's entities and names as the workflows send them."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from asgiref.sync import async_to_sync

from agentweb.core.tooling import registry
from agentweb.engine import (
    MODULE_DEFAULTS,
    AllModules,
    ExecutionContext,
    ListSink,
    LoopResult,
    Prompts,
    ReActContext,
    ReActLoop,
    ToolContext,
)
from agentweb.engine.policy import REASONING
from agentweb.game.mentions import QuestionNames
from agentweb.game.models import Chapter, Item, KnowledgeArticle, Quest, RewardTable
from agentweb.llm.offline import OfflinePlanner
from agentweb.llm.openai_compat import OpenAICompatible
from agentweb.workflows import names
from agentweb.workflows.env import Environment, Request
from agentweb.workflows.prompts import PromptBook
from agentweb.workflows.runner import run_request

# Shorter names ("Clay", "Rope") are ordinary words too; they prove nothing.
MIN_NAME_CHARS = 5


@dataclass
class Asked:
    result: LoopResult
    rc: ReActContext
    # The run's events as the page hears them live (``tool.finished`` carries each card).
    sink: ListSink | None = None

    @property
    def text(self) -> str:
        return self.result.text

    @property
    def tools(self) -> list[str]:
        return [o.tool for o in self.rc.observations if o.tool]

    @property
    def live_cards(self) -> list[dict[str, Any]]:
        """The cards the page shows as the run goes (each ``tool.finished``'s)."""
        events = self.sink.events if self.sink is not None else []
        return [e.data["card"] for e in events if e.kind == "tool.finished" and e.data["card"]]

    @property
    def observed(self) -> str:
        """Everything the planner saw: observations and source titles, as one text."""
        views = [o.view() for o in self.rc.observations]
        return json.dumps(views, ensure_ascii=False) + json.dumps(
            [s.title for s in self.rc.sources], ensure_ascii=False
        )


def ask(question: str, *, user: Any = None) -> Asked:
    """Run ``system:reasoning``'s loop (its default policy) with the offline planner."""

    async def go() -> Asked:
        sink = ListSink()
        ctx = ExecutionContext(
            MODULE_DEFAULTS[REASONING],
            OfflinePlanner(),
            sink=sink,
            principal=user,
            language=names.game_language_of(question),  # as the workflows' runner does
        )
        tools = ToolContext.for_reasoning(ctx, registry, AllModules())
        rc = ReActContext(question, Prompts("offline"), tools)
        # As the workflows do: the question's entities, and names in the player's language.
        service = QuestionNames()
        names.install(rc, service, await service.mentions(question))
        return Asked(await ReActLoop().run(ctx, rc), rc, sink)

    return async_to_sync(go)()


def known_names() -> set[str]:
    """Every item, quest, chapter, reward-table and article name in the database."""
    names = set(Item.objects.values_list("display_name", flat=True))
    names |= set(Quest.objects.values_list("title", flat=True))
    names |= set(Chapter.objects.values_list("title", flat=True))
    names |= set(RewardTable.objects.values_list("title", flat=True))
    names |= set(KnowledgeArticle.objects.values_list("title", flat=True))
    return {n for n in names if len(n) >= MIN_NAME_CHARS}


def invented_names(asked: Asked, question: str) -> list[str]:
    """Known names the answer mentions that neither the observations nor the question contain."""
    seen = asked.observed + question
    return sorted(
        name
        for name in known_names()
        if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", asked.text) and name not in seen
    )


PROMPTS = PromptBook(Path(__file__).resolve().parents[2] / "prompts")


def run_scripted(model_url: str, text: str):
    """A player's request run by a real model client against ``model_url`` (a scripted
    model server), with the workflows' name index: what the runner does for the page."""
    return run_with(OpenAICompatible(model_url, "fake-model"), text)


def run_with(model, text: str):
    """A player's request run by ``model`` through the runner: router, workflow, tools."""
    env = Environment(
        registry=registry,
        modules=AllModules(),
        prompts=PROMPTS.snapshot(),
        policy=MODULE_DEFAULTS.__getitem__,
        model=model,
        sink=ListSink(),
        names=QuestionNames(),
    )

    async def go():
        try:
            return await run_request(env, Request(text))
        finally:
            if hasattr(env.model, "aclose"):
                await env.model.aclose()

    return async_to_sync(go)()
