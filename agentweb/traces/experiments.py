"""Experiments as an admin sees them: made from a dataset (or a JSONL file's lines) and a
candidate, stopped, and decided — the candidate published or discarded.

Running one is ``experiment_driver``'s; the results are ``experiment_results``'. Every
change here is one conditional UPDATE or one transaction: of two admins (or two tabs)
deciding at once, exactly one decides; a refused request changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from agentweb.assistant.models import Run
from agentweb.assistant.models.status import ACTIVE_STATUSES
from agentweb.assistant.runs.leases import lease_s
from agentweb.lib.inputs.errors import Refusal
from agentweb.traces import candidates
from agentweb.traces.models import Arm, Dataset, Experiment, ExperimentRun, ExperimentStatus
from agentweb.traces.models.datasets import NAME_LENGTH
from agentweb.traces.models.experiments import ACTIVE, Decision

# The account experiment runs belong to: no player, so no player's quota, memory or history.
ACCOUNT = "experiments"
# An active experiment whose process has not beaten for this many leases lost it.
ABANDONED_LEASES = 4


def account() -> Any:
    """The experiments' own account (made on first use; it cannot log in)."""
    user, created = get_user_model().objects.get_or_create(
        username=ACCOUNT, defaults={"is_active": False}
    )
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user


def experiment_by_id(experiment_id: int) -> Experiment:
    try:
        return Experiment.objects.select_related("dataset").get(pk=experiment_id)
    except Experiment.DoesNotExist:
        raise Refusal("not_found", f"There is no experiment {experiment_id}.", 404) from None


def create(
    name: str,
    kind: str,
    draft: Any,
    user: Any,
    *,
    dataset: Dataset | None = None,
    items: Sequence[dict[str, Any]] | None = None,
) -> Experiment:
    """A queued experiment: each question (the dataset's, or ``items``) under both arms."""
    candidate = candidates.checked(kind, draft)
    if items is None:
        if dataset is None:
            raise Refusal("no_questions", "Choose a dataset.", 400)
        items = [item.as_line() for item in dataset.items.order_by("id")]
    if not items:
        raise Refusal("no_questions", "The dataset holds no question yet.", 400)
    name = " ".join(name.split())[:NAME_LENGTH] or (dataset.name if dataset else "experiment")
    with transaction.atomic():
        experiment = Experiment.objects.create(
            name=name, dataset=dataset, kind=kind, candidate=candidate, created_by=user
        )
        ExperimentRun.objects.bulk_create(
            ExperimentRun(
                experiment=experiment,
                position=n,
                arm=arm,
                question=item["question"],
                language=item.get("language") or "",
                expected=list(item.get("expected") or []),
            )
            for n, item in enumerate(items, 1)
            for arm in (Arm.BASELINE, Arm.CANDIDATE)
        )
    return experiment


def request_stop(experiment: Experiment) -> bool:
    """Stop an active experiment: no further question starts and the runs in flight are
    stopped (their flag; the driver also stops them at once when it runs here). Whether
    it was active."""
    with transaction.atomic():
        found = Experiment.objects.filter(pk=experiment.pk)
        changed = found.filter(status=ExperimentStatus.QUEUED).update(
            status=ExperimentStatus.STOPPED, finished_at=timezone.now()
        ) or found.filter(status=ExperimentStatus.RUNNING).update(status=ExperimentStatus.STOPPING)
        Run.objects.filter(
            experiment_run__experiment=experiment, status__in=ACTIVE_STATUSES
        ).update(cancel_requested=True)
    return bool(changed)


def decide(experiment: Experiment, user: Any, *, publish: bool) -> list[str]:
    """Publish the candidate (new override / prompt versions) or discard it, once.
    Returns what publishing changed."""
    if experiment.active:
        raise Refusal("still_running", "The experiment is still running; stop it first.", 409)
    if publish and not candidates.publishable(experiment.kind):
        raise Refusal(
            "not_publishable",
            "A model endpoint is the deployment's setting (AGENTWEB_LLM_BASE_URL and "
            "AGENTWEB_LLM_MODEL); it cannot be published from here.",
            400,
        )
    decision = Decision.PUBLISHED if publish else Decision.DISCARDED
    with transaction.atomic():
        decided = Experiment.objects.filter(
            pk=experiment.pk, decision=Decision.NONE, status__in=_ENDED
        ).update(decision=decision, decided_by=user, decided_at=timezone.now())
        if not decided:
            raise Refusal("decided", "This candidate was already published or discarded.", 409)
        if not publish:
            return []
        note = f"experiment {experiment.pk}: {experiment.name}"
        return candidates.publish(experiment.candidate, user, note)


_ENDED = (ExperimentStatus.FINISHED, ExperimentStatus.STOPPED, ExperimentStatus.FAILED)


def settle_abandoned() -> int:
    """Active experiments whose process stopped beating end as failed (their runs are the
    reaper's, as any run whose lease lapsed). Returns how many."""
    stale = timezone.now() - timedelta(seconds=lease_s() * ABANDONED_LEASES)
    abandoned = Experiment.objects.filter(status__in=ACTIVE).filter(
        Q(beat_at__lt=stale) | Q(beat_at__isnull=True, created_at__lt=stale)
    )
    return abandoned.update(
        status=ExperimentStatus.FAILED,
        message="The process running the experiment stopped; the runs it finished are kept.",
        finished_at=timezone.now(),
    )


def progress(experiment: Experiment) -> dict[str, int]:
    """How many of the experiment's runs have ended, out of all it will make."""
    entries = ExperimentRun.objects.filter(experiment=experiment)
    total = entries.count()
    ended = entries.filter(run__isnull=False).exclude(run__status__in=ACTIVE_STATUSES).count()
    return {"done": ended, "total": total, "percent": round(100 * ended / total) if total else 0}
