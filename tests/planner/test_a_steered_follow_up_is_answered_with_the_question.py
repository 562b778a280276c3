"""R-X3-1: a message the player sends to join the running answer ("steer") is answered
too — the offline planner looks up what the follow-up asks once the question needs no
more, and answers both, the follow-up under its own words.

Facts from minecraft-data 1.20 recipes.json: piston = 3 planks, 4 cobblestone, 1 iron
ingot, 1 redstone; sticky piston = 1 slimeball + 1 piston."""

from __future__ import annotations

from asgiref.sync import async_to_sync

from agentweb.core.tooling import registry
from agentweb.engine import (
    MODULE_DEFAULTS,
    AllModules,
    ExecutionContext,
    ListSink,
    Prompts,
    ReActContext,
    ReActLoop,
    ScriptedModel,
    ToolContext,
)
from agentweb.engine.policy import REASONING
from agentweb.game.mentions import QuestionNames
from agentweb.llm.offline import OfflinePlanner
from agentweb.workflows import names
from tests.replies import answer, tool


class OneFollowUp:
    """The inbox of a run the player steered once, before its second round."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.claims = 0

    async def claim(self) -> list[str]:
        self.claims += 1
        return [self.text] if self.claims == 2 else []


def ask_and_steer(question: str, followup: str):
    async def go():
        ctx = ExecutionContext(MODULE_DEFAULTS[REASONING], OfflinePlanner(), sink=ListSink())
        tools = ToolContext.for_reasoning(ctx, registry, AllModules())
        rc = ReActContext(question, Prompts("offline"), tools)
        rc.hooks.inbox = OneFollowUp(followup)
        service = QuestionNames()
        names.install(rc, service, await service.mentions(question))
        return await ReActLoop().run(ctx, rc), rc

    return async_to_sync(go)()


def test_the_answer_covers_the_question_and_the_steered_follow_up(world):
    result, rc = ask_and_steer("how do I craft a piston?", "and how do I craft a sticky piston?")

    assert rc.followups == ["and how do I craft a sticky piston?"]
    assert "Cobblestone" in result.text, result.text
    follow_up = result.text.split("**and how do I craft a sticky piston?**", 1)
    assert len(follow_up) == 2, result.text
    assert "Slimeball" in follow_up[1], result.text
    assert "Slimeball" not in follow_up[0], result.text


class FollowUpEveryRound(OneFollowUp):
    async def claim(self) -> list[str]:
        self.claims += 1
        return [f"{self.text} ({self.claims})"]


def test_a_final_only_round_claims_nothing():
    """The last round cannot look anything up: a message waits for a run of its own."""

    async def go():
        policy = MODULE_DEFAULTS[REASONING].model_copy(update={"react_iterations": 2})
        model = ScriptedModel([tool("player.info"), answer("ok")])
        ctx = ExecutionContext(policy, model, sink=ListSink())
        tools = ToolContext.for_reasoning(ctx, registry, AllModules())
        rc = ReActContext("who am I", Prompts("offline"), tools)
        rc.hooks.inbox = FollowUpEveryRound("more")
        await ReActLoop().run(ctx, rc)
        return rc

    rc = async_to_sync(go)()
    assert rc.followups == ["more (1)"]
    assert rc.hooks.inbox.claims == 1
