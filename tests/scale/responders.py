"""Scripted model replies for the scale tests: a reasoning run with a fixed number of tool calls."""

from __future__ import annotations

import json
from typing import Any

from tests.fakes.model_server import Reply
from tests.replies import answer, route, tool

# A held call lasts longer than any test: it ends when the client closes its connection.
HELD_S = 600.0
# Items of the demo world: each round looks up a different one (no repeated action).
ITEMS = ["iron", "copper", "gold", "diamond", "coal", "redstone"]


class Scripted:
    """Route to the reasoning workflow, call ``item.query`` ``tools`` times, then answer."""

    def __init__(
        self,
        tools: int = 2,
        workflow: str = "system:reasoning",
        tool: tuple[str, dict[str, Any]] | None = None,
        *,
        hold_from_round: int | None = None,
    ) -> None:
        self.tools = tools
        self.workflow = workflow
        self.tool = tool
        # From this round on, a decision is held until the client lets go of it (a call
        # that is surely in flight when the test stops, undoes or kills the run).
        self.hold_from_round = hold_from_round

    def __call__(self, body: dict[str, Any]) -> Reply:
        user = json.loads(body["messages"][1]["content"])
        if user.get("task") == "route":
            return Reply(json.dumps(route(self.workflow)))
        done = len(user.get("observations", []))
        held = self.hold_from_round is not None and done + 1 >= self.hold_from_round
        delay_s = HELD_S if held else 0.0
        if user.get("final_only") or done >= self.tools or not user.get("tools"):
            return Reply(json.dumps(answer("done")), delay_s=delay_s)
        if self.tool is not None:
            return Reply(json.dumps(tool(self.tool[0], **self.tool[1])), delay_s=delay_s)
        item = ITEMS[done % len(ITEMS)]
        return Reply(json.dumps(tool("item.query", name=item)), delay_s=delay_s)
