"""Experiments: a dataset's questions run under the settings in force and under a candidate.

Each question runs twice — the ``baseline`` arm (the settings in force when the
experiment started) and the ``candidate`` arm — through the same run machinery
as a player's message, as an account of its own (``experiments``): no player's
quota, memory or history is touched. Every such run has an ``ExperimentRun`` row,
which is how the trace viewer marks it.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from agentweb.assistant.models import Run
from agentweb.traces.models.datasets import LANGUAGE_LENGTH, NAME_LENGTH, Dataset

OWNER_LENGTH = 64


class Candidate(models.TextChoices):
    """What the candidate changes."""

    POLICY = "policy", _("policy override")
    PROMPTS = "prompts", _("prompt versions")
    MODEL = "model", _("model endpoint")


class ExperimentStatus(models.TextChoices):
    QUEUED = "queued", _("queued")
    RUNNING = "running", _("running")
    STOPPING = "stopping", _("stopping")
    STOPPED = "stopped", _("stopped")
    FINISHED = "finished", _("finished")
    FAILED = "failed", _("failed")


class Decision(models.TextChoices):
    """What the admin did with the candidate once the experiment had run."""

    NONE = "", _("undecided")
    PUBLISHED = "published", _("published")
    DISCARDED = "discarded", _("discarded")


ACTIVE = (ExperimentStatus.QUEUED, ExperimentStatus.RUNNING, ExperimentStatus.STOPPING)


class Arm(models.TextChoices):
    BASELINE = "baseline", _("baseline")
    CANDIDATE = "candidate", _("candidate")


class Experiment(models.Model):
    """One comparison: a set of questions, the settings in force, a candidate.

    ``candidate`` holds the draft: ``{"policies": {workflow: policy}}``,
    ``{"prompts": {name: text}}`` or ``{"model": {"base_url", "model"}}``.
    ``owner`` names the process that drives it (its runs' lease owner)."""

    name = models.CharField(max_length=NAME_LENGTH)
    dataset = models.ForeignKey(
        Dataset, null=True, blank=True, on_delete=models.SET_NULL, related_name="experiments"
    )
    kind = models.CharField(max_length=16, choices=Candidate.choices)
    candidate = models.JSONField(default=dict)
    status = models.CharField(
        max_length=16, choices=ExperimentStatus.choices, default=ExperimentStatus.QUEUED
    )
    message = models.TextField(blank=True, default="")
    owner = models.CharField(max_length=OWNER_LENGTH, blank=True, default="")
    decision = models.CharField(
        max_length=16, choices=Decision.choices, blank=True, default=Decision.NONE
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    # The driving process's last heartbeat: an active experiment without one for long
    # lost its process (``experiments.settle_abandoned``).
    beat_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]

    def __str__(self) -> str:
        return f"experiment {self.pk}: {self.name}"

    @property
    def active(self) -> bool:
        return self.status in ACTIVE


class ExperimentRun(models.Model):
    """One question of an experiment under one arm; ``run`` once it has started."""

    experiment = models.ForeignKey(Experiment, on_delete=models.CASCADE, related_name="runs")
    position = models.PositiveIntegerField()
    arm = models.CharField(max_length=16, choices=Arm.choices)
    question = models.TextField()
    language = models.CharField(max_length=LANGUAGE_LENGTH, blank=True, default="")
    expected = models.JSONField(default=list, blank=True)
    run = models.OneToOneField(
        Run, null=True, blank=True, on_delete=models.SET_NULL, related_name="experiment_run"
    )

    class Meta:
        ordering = ["experiment", "position", "arm"]
        constraints = [
            models.UniqueConstraint(
                fields=["experiment", "position", "arm"], name="experiment_question_arm_once"
            )
        ]

    def __str__(self) -> str:
        return f"experiment {self.experiment_id} #{self.position} {self.arm}"

    def as_item(self) -> dict[str, Any]:
        return {"question": self.question, "language": self.language, "expected": self.expected}
