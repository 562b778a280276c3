"""A player's 👍 / 👎 and comment on one answer: what reviewers filter the runs by."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from agentweb.assistant.models.runs import Run

# A comment is a remark on one answer, not an essay.
MAX_COMMENT = 2000


class Rating(models.IntegerChoices):
    UP = 1, _("👍 helpful")
    DOWN = -1, _("👎 not helpful")


class Feedback(models.Model):
    """At most one per run; its player changes it or clears it (the row goes)."""

    run = models.OneToOneField(
        Run, on_delete=models.CASCADE, primary_key=True, related_name="feedback"
    )
    rating = models.SmallIntegerField(choices=Rating.choices)
    comment = models.TextField(blank=True, default="", max_length=MAX_COMMENT)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "feedback"
        # "Every 👎 of the week": by rating, newest first.
        indexes = [models.Index(fields=["rating", "-updated_at"], name="feedback_rating_recent")]

    def __str__(self) -> str:
        return f"{self.get_rating_display()} on run {self.run_id}"

    def as_dict(self) -> dict[str, object]:
        return {
            "rating": self.rating,
            "comment": self.comment,
            "updated_at": self.updated_at.isoformat(),
        }
