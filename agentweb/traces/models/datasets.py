"""Named datasets of questions reviewers collect from runs, for experiments to replay."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from agentweb.assistant.models import Run

NAME_LENGTH = 100
LANGUAGE_LENGTH = 16
NOTES_LENGTH = 2000
# A question, as long as a player may ask one (the chat's own limit is lower).
QUESTION_LENGTH = 4000


class Dataset(models.Model):
    """A named set of questions (with what their answers should state)."""

    name = models.CharField(max_length=NAME_LENGTH, unique=True)
    description = models.CharField(max_length=NOTES_LENGTH, blank=True, default="")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class DatasetItem(models.Model):
    """One question of a dataset: its language, the facts a good answer states, notes.

    A question is in a dataset once (``agentweb.traces.datasets`` skips a repeat; no
    index: a long question is past what a B-tree entry holds). ``source_run``: the run it
    was taken from (kept as a link while that run exists)."""

    dataset = models.ForeignKey(Dataset, on_delete=models.CASCADE, related_name="items")
    question = models.TextField()
    language = models.CharField(max_length=LANGUAGE_LENGTH)
    expected = models.JSONField(default=list, blank=True)
    notes = models.TextField(blank=True, default="")
    source_run = models.ForeignKey(
        Run, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    added_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["dataset", "id"]

    def __str__(self) -> str:
        return f"{self.dataset_id}: {self.question[:60]}"

    def as_line(self) -> dict[str, object]:
        """The item as one JSONL line (``{"question", "language", "expected", "notes"}``)."""
        return {
            "question": self.question,
            "language": self.language,
            "expected": list(self.expected),
            "notes": self.notes,
        }
