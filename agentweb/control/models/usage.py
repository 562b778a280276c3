"""Per-player quotas, daily counters and the usage ledger (R-QUOTA-1, R-BILL-1)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

# The ledger's outcome of a successful call; failures store the AgentFailure value.
OUTCOME_OK = "ok"
OUTCOME_LENGTH = 32


class PlayerQuota(models.Model):
    """An admin's per-player limits; a player without a row gets the defaults."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="assistant_quota"
    )
    daily_model_calls = models.PositiveIntegerField(
        null=True, blank=True, help_text="Empty: the server default. 0: no assistant calls."
    )
    daily_tokens = models.PositiveIntegerField(
        null=True, blank=True, help_text="Empty: no token limit."
    )

    class Meta:
        verbose_name = "player quota"

    def __str__(self) -> str:
        return f"quota of {self.user}"


class DailyUsage(models.Model):
    """A player's counters for one UTC day; changed only by conditional UPDATEs."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="assistant_usage_days"
    )
    day = models.DateField()
    model_calls = models.PositiveIntegerField(default=0)
    tokens = models.PositiveBigIntegerField(default=0)

    class Meta:
        ordering = ["-day", "user"]
        verbose_name_plural = "daily usage"
        constraints = [
            models.UniqueConstraint(fields=["user", "day"], name="control_usage_once_a_day")
        ]

    def __str__(self) -> str:
        return f"{self.user} on {self.day}"


class UsageEntry(models.Model):
    """One model call that was made: the billing/usage ledger (R-BILL-1)."""

    # No foreign-key constraints in the database: on PostgreSQL each is a check
    # of its own per ledger row, two statements per model call. A row is written
    # when its call ends, by the run that made it, for that run's player; the
    # ledger outlives both: deleting a player or a run empties the reference
    # through the ORM (``SET_NULL``); the admin's ledger shows the run by its id.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
        db_constraint=False,
    )
    run = models.ForeignKey(
        "assistant.Run",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        db_constraint=False,
    )
    workflow = models.CharField(max_length=64, blank=True)
    purpose = models.CharField(max_length=16, blank=True)
    model = models.CharField("model name", max_length=100, blank=True)
    tokens_in = models.PositiveIntegerField(default=0)
    tokens_out = models.PositiveIntegerField(default=0)
    latency_ms = models.PositiveIntegerField(default=0)
    outcome = models.CharField(max_length=OUTCOME_LENGTH, default=OUTCOME_OK)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = "usage entry"
        verbose_name_plural = "usage ledger"
        indexes = [
            models.Index(fields=["user", "-created_at"], name="usage_user_recent"),
            models.Index(fields=["-created_at"], name="usage_recent"),
        ]

    def __str__(self) -> str:
        return f"{self.purpose} call by {self.user} ({self.outcome})"

    @property
    def tokens(self) -> int:
        return self.tokens_in + self.tokens_out
