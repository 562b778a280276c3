"""A player's 👍 / 👎 and comment on one answer, and the runs filtered by it (``RatedRuns``:
``Run.objects.rated("down")``) — what reviewers and datasets look for."""

from __future__ import annotations

from typing import Any

from django.db import models
from django.utils.translation import gettext_lazy as _

# A comment is a remark on one answer, not an essay.
MAX_COMMENT = 2000


class Rating(models.IntegerChoices):
    UP = 1, _("👍 helpful")
    DOWN = -1, _("👎 not helpful")


class RatedRuns:
    """``Run.objects.rated(…)``: runs by their player's feedback (a part of ``RunQuerySet``)."""

    # What ``rated`` takes: 👍, 👎, rated at all, not rated.
    CHOICES = ("up", "down", "any", "none")

    def rated(self, which: str) -> Any:
        if which == "up":
            return self.filter(feedback__rating=Rating.UP)  # type: ignore[attr-defined]
        if which == "down":
            return self.filter(feedback__rating=Rating.DOWN)  # type: ignore[attr-defined]
        if which in ("any", "none"):
            return self.filter(feedback__isnull=which == "none")  # type: ignore[attr-defined]
        raise ValueError(f"unknown feedback filter {which!r}")


class Feedback(models.Model):
    """At most one per run; its player changes it or clears it (the row goes)."""

    run = models.OneToOneField(
        "assistant.Run", on_delete=models.CASCADE, primary_key=True, related_name="feedback"
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
