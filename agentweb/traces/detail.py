"""Everything the run detail page shows, read in a fixed handful of queries."""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from typing import Any, TypeVar

from django.utils import timezone

from agentweb.assistant.models import Feedback, Run, RunEvent
from agentweb.engine.events import (
    AnswerGiven,
    EventData,
    ModelCalled,
    RoundStarted,
    RouteDecided,
    RunFinished,
)
from agentweb.traces import budget, timeline
from agentweb.traces.marks import memory_generation_of, run_marks
from agentweb.traces.models import ExperimentRun, ImportedRun
from agentweb.traces.prompt_links import SnapshotPrompt, snapshot_prompts

D = TypeVar("D", bound=EventData)


@dataclass(slots=True)
class RunDetail:
    run: Run
    timeline: timeline.Timeline
    flags: list[str]
    route: RouteDecided | None
    policy: dict[str, Any]
    prompts: list[SnapshotPrompt]
    bars: list[budget.Bar]
    answer: dict[str, Any]
    problems: list[timeline.Step] = field(default_factory=list)
    imported: ImportedRun | None = None
    # The experiment entry that made the run (its experiment and arm).
    experiment: ExperimentRun | None = None
    finish: dict[str, Any] | None = None
    # The last event rendered: live updates subscribe after it.
    last_seq: int = 0
    speed: ModelSpeed | None = None
    # The player's 👍 / 👎 and comment.
    feedback: Feedback | None = None
    # The last round.started (``round``, ``rounds_total``): a running run's round.
    round_now: RoundStarted | None = None


@dataclass(frozen=True, slots=True)
class ModelSpeed:
    """The run's model calls at a glance: median time to first token, output speed."""

    calls: int
    ttft_ms: float | None
    tokens_per_s: float | None


def model_speed(steps: list[timeline.Step]) -> ModelSpeed | None:
    models = [s for s in steps if s.span == "model"]
    if not models:
        return None
    calls = [s.event for s in models if isinstance(s.event, ModelCalled)]
    ttfts = [c.ttft_ms for c in calls if c.ttft_ms is not None]
    speeds = [c.tokens_per_s for c in calls if c.tokens_per_s is not None]
    return ModelSpeed(
        len(models),
        statistics.median(ttfts) if ttfts else None,
        statistics.median(speeds) if speeds else None,
    )


def _last(events: list[timeline.RawEvent], model: type[D]) -> D | None:
    """The latest event readable as ``model``."""
    for event in reversed(events):
        if isinstance(event.typed, model):
            return event.typed
    return None


def _answer(run: Run, events: list[timeline.RawEvent]) -> dict[str, Any]:
    """The stored answer; while a run is active, the answer event if one came already."""
    if run.answer or not run.active:
        return {"text": run.answer, "sources": run.sources, "cards": run.cards}
    event = _last(events, AnswerGiven)
    if event is None:
        return {"text": "", "sources": [], "cards": []}
    return {"text": event.text or "", "sources": event.sources or [], "cards": event.cards or []}


def _imported(run: Run) -> ImportedRun | None:
    return ImportedRun.objects.filter(run=run).first()


def run_detail(run: Run) -> RunDetail:
    """Build the page for one run (the caller checked that the user may read it)."""
    rows = RunEvent.objects.filter(run=run).order_by("seq").values_list("seq", "kind", "ts", "data")
    events = timeline.raw_events(rows)
    line = timeline.build(events, now=timezone.now() if run.active else None)
    route = _last(events, RouteDecided)
    policy = run.policy_snapshot or (route.policy if route else None) or {}
    round_now = _last(events, RoundStarted)
    round_budget = round_now.budget.model_dump() if round_now and round_now.budget else None
    finish = _last(events, RunFinished)
    usage = budget.current_usage(
        run.usage or (finish.usage if finish else None) or {}, round_budget
    )
    used_prompts = {
        s.event.prompt for s in line.steps if isinstance(s.event, ModelCalled) and s.event.prompt
    }
    imported = _imported(run)
    experiment = ExperimentRun.objects.filter(run=run).select_related("experiment").first()
    return RunDetail(
        run=run,
        timeline=line,
        flags=run_marks(
            run, memory_generation_of(run.user), imported is not None, experiment is not None
        ),
        route=route,
        policy=policy,
        prompts=snapshot_prompts(run.prompt_snapshot or {}, used_prompts),
        bars=budget.bars(usage, policy),
        answer=_answer(run, events),
        problems=[s for s in line.steps if s.failed],
        imported=imported,
        experiment=experiment,
        finish=finish,
        last_seq=events[-1].seq if events else 0,
        speed=model_speed(line.steps),
        feedback=Feedback.objects.filter(run=run).first(),
        round_now=round_now,
    )
