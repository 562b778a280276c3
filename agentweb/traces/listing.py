"""One page of the run list: the columns of R-UI-2 from a single query (and the players'
feedback on the filtered runs from one more).

Counts (rounds, model and tool calls, tokens) are read from ``Run.usage``,
the totals ``run.finished`` stored, instead of counting events per run: one
query per page however many runs it shows. Pages are keyset pages on the
primary key (``before``/``after`` an id), so page 2000 costs what page 1 does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ObjectDoesNotExist
from django.db.models import Count, Q, QuerySet
from django.db.models.functions import Left

from agentweb.assistant.models import Feedback, Rating, Run
from agentweb.traces.marks import memory_generation_of, run_marks
from agentweb.traces.models import ExperimentRun

PAGE_SIZE = 50
# The list shows the start of the question; the detail page shows all of it.
QUESTION_HEAD = 120
LIST_FIELDS = (
    "id",
    "user__username",
    "user__memory_state__generation",
    "imported_from__id",
    "experiment_run__id",
    "experiment_run__experiment_id",
    "experiment_run__arm",
    "workflow",
    "status",
    "stop_reason",
    "failure",
    "usage",
    "memory_generation",
    "redacted",
    "created_at",
    "started_at",
    "finished_at",
    "feedback__rating",
    "feedback__comment",
)


@dataclass(slots=True)
class RunRow:
    run: Run
    flags: list[str] = field(default_factory=list)

    def _usage(self, *keys: str) -> Any:
        value: Any = self.run.usage or {}
        for key in keys:
            value = value.get(key) if isinstance(value, dict) else None
        return value

    @property
    def rounds_used(self) -> Any:
        return self._usage("rounds", "used")

    @property
    def rounds_limit(self) -> Any:
        return self._usage("rounds", "limit")

    @property
    def model_calls(self) -> Any:
        return self._usage("usage", "model_calls")

    @property
    def tool_calls(self) -> Any:
        return self._usage("usage", "tool_calls")

    @property
    def tokens(self) -> Any:
        return self._usage("usage", "total_tokens")

    @property
    def stop_code(self) -> str:
        stop = self.run.stop_reason
        return stop.get("code", "") if isinstance(stop, dict) else ""

    @property
    def feedback(self) -> Feedback | None:
        try:
            return self.run.feedback
        except ObjectDoesNotExist:
            return None


@dataclass(slots=True)
class Page:
    rows: list[RunRow]
    newer: int | None  # ``after`` for the link to newer runs
    older: int | None  # ``before`` for the link to older runs


@dataclass(frozen=True, slots=True)
class FeedbackCount:
    """The players' feedback on the runs the filters match: 👍 and 👎."""

    up: int
    down: int


def feedback_count(runs: QuerySet[Run]) -> FeedbackCount:
    """One aggregate over the feedback rows of ``runs`` (only rated runs have one)."""
    counts = Feedback.objects.filter(run__in=runs.values("pk")).aggregate(
        up=Count("pk", filter=Q(rating=Rating.UP)), down=Count("pk", filter=Q(rating=Rating.DOWN))
    )
    return FeedbackCount(counts["up"], counts["down"])


def list_queryset(runs: QuerySet[Run]) -> QuerySet[Run]:
    """Only the list's columns; the player, his memory generation and the import joined in."""
    return (
        runs.select_related(
            "user", "user__memory_state", "imported_from", "feedback", "experiment_run"
        )
        .only(*LIST_FIELDS)
        .annotate(question_head=Left("question", QUESTION_HEAD))
    )


def _imported(run: Run) -> bool:
    try:
        return run.imported_from is not None
    except ObjectDoesNotExist:
        return False


def experiment_of(run: Run) -> ExperimentRun | None:
    """The experiment entry that made the run (``None``: a player's run)."""
    try:
        return run.experiment_run
    except ObjectDoesNotExist:
        return None


def page_of(runs: QuerySet[Run], before: int | None = None, after: int | None = None) -> Page:
    """The newest ``PAGE_SIZE`` runs, or those just before/after an id."""
    runs = list_queryset(runs)
    if after is not None:
        found = list(runs.filter(pk__gt=after).order_by("id")[: PAGE_SIZE + 1])
        more_newer = len(found) > PAGE_SIZE
        found = list(reversed(found[:PAGE_SIZE]))
        more_older = True
    else:
        if before is not None:
            runs = runs.filter(pk__lt=before)
        found = list(runs.order_by("-id")[: PAGE_SIZE + 1])
        more_older = len(found) > PAGE_SIZE
        found = found[:PAGE_SIZE]
        more_newer = before is not None
    rows = [
        RunRow(
            run,
            run_marks(
                run,
                memory_generation_of(run.user),
                _imported(run),
                experiment_of(run) is not None,
            ),
        )
        for run in found
    ]
    return Page(
        rows,
        newer=rows[0].run.pk if rows and more_newer else None,
        older=rows[-1].run.pk if rows and more_older else None,
    )
