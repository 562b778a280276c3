"""R-FREE-2: a confirmer that can prepare (the app's writes the PendingAction row) is
prepared before ``action.pending`` is sent, so a decision taken the moment the question
shows finds it; one that cannot prepare is only asked."""

from agentweb.engine import AllModules, ExecutionContext, ListSink, ScriptedModel, ToolContext
from agentweb.engine.policy import FREE_CHAT, MODULE_DEFAULTS
from tests.engine.kit import World, build_registry


class Preparing:
    def __init__(self, sink: ListSink) -> None:
        self.sink = sink
        self.seen: list[tuple[str, list[str]]] = []

    async def prepare(self, call, text):
        self.seen.append(("prepare", self.sink.kinds()))

    async def confirm(self, call, text):
        self.seen.append(("confirm", self.sink.kinds()))
        return True


async def test_the_confirmer_is_prepared_before_the_pending_event_and_asked_after_it():
    world, sink = World(), ListSink()
    ctx = ExecutionContext(MODULE_DEFAULTS[FREE_CHAT], ScriptedModel(), sink=sink)
    confirmer = Preparing(sink)
    tools = ToolContext.bind(
        ctx, build_registry(world), ["player.signin"], AllModules(), confirmer=confirmer
    )

    outcome = await tools.call("player.signin", {})

    assert outcome.executed
    (prepared, before), (asked, after) = confirmer.seen
    assert (prepared, asked) == ("prepare", "confirm")
    assert "action.pending" not in before
    assert after[-1] == "action.pending"
