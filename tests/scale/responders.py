"""Scripted model replies for the scale tests: a reasoning run with a fixed number of tool calls."""

from __future__ import annotations

import json
from typing import Any

from tests.fakes.model_server import Reply
from tests.replies import answer, route, tool

# Items of the demo world: each round looks up a different one (no repeated action).
ITEMS = ["iron", "copper", "gold", "diamond", "coal", "redstone"]


class Scripted:
    """Route to the reasoning workflow, call ``item.query`` ``tools`` times, then answer."""

    def __init__(
        self,
        tools: int = 2,
        workflow: str = "system:reasoning",
        tool: tuple[str, dict[str, Any]] | None = None,
    ) -> None:
        self.tools = tools
        self.workflow = workflow
        self.tool = tool

    def __call__(self, body: dict[str, Any]) -> Reply:
        user = json.loads(body["messages"][1]["content"])
        if user.get("task") == "route":
            return Reply(json.dumps(route(self.workflow)))
        done = len(user.get("observations", []))
        if user.get("final_only") or done >= self.tools or not user.get("tools"):
            return Reply(json.dumps(answer("done")))
        if self.tool is not None:
            return Reply(json.dumps(tool(self.tool[0], **self.tool[1])))
        item = ITEMS[done % len(ITEMS)]
        return Reply(json.dumps(tool("item.query", name=item)))
