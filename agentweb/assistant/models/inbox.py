"""Messages that wait for a run (the inbox) and writes that wait for the player (confirmations)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from agentweb.assistant.models.runs import Run


class InboxStatus(models.TextChoices):
    QUEUED = "queued", "queued"
    CLAIMED = "claimed", "claimed by the running loop"
    STARTED = "started", "started as its own run"
    DROPPED = "dropped", "dropped"
    CANCELLED = "cancelled", "cancelled by the player before it ran"


class InboxOrigin(models.TextChoices):
    """Where the message was sent from."""

    WEB = "web", "the chat page"
    API = "api", "the JSON API"
    GAME = "game", "game chat"


class InboxEntry(models.Model):
    """A message sent while a run was active (R-X3-1).

    A next-turn message (``steer`` false, the default) waits until the active run ends
    and then becomes the next run, oldest first. A steering message (``steer`` true) is
    claimed by the running loop at its next step; one the run could no longer take
    becomes a next-turn message when the run ends.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="inbox"
    )
    run = models.ForeignKey(Run, on_delete=models.CASCADE, related_name="inbox_entries")
    text = models.TextField()
    # The player's language when she sent it (``Run.language`` of the run it becomes).
    language = models.CharField(max_length=16, blank=True, default="")
    allow_web = models.BooleanField(default=False)
    client_msg_id = models.CharField(max_length=64, blank=True, default="")
    steer = models.BooleanField(default=False)
    origin = models.CharField(max_length=8, choices=InboxOrigin.choices, default=InboxOrigin.WEB)
    status = models.CharField(
        max_length=16, choices=InboxStatus.choices, default=InboxStatus.QUEUED
    )
    started_run = models.ForeignKey(
        Run, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "client_msg_id"],
                condition=~Q(client_msg_id=""),
                name="inbox_client_msg_once",
            ),
        ]

    def __str__(self) -> str:
        return f"inbox {self.pk} ({self.status})"


class ActionStatus(models.TextChoices):
    PENDING = "pending", "pending"
    APPROVED = "approved", "approved"
    REJECTED = "rejected", "rejected"
    EXPIRED = "expired", "expired"


class PendingAction(models.Model):
    """A write waiting for the player's confirmation (R-FREE-2)."""

    run = models.ForeignKey(Run, on_delete=models.CASCADE, related_name="actions")
    action_id = models.CharField(max_length=64)
    tool = models.CharField(max_length=64)
    input = models.JSONField(default=dict)
    text = models.TextField()
    status = models.CharField(
        max_length=16, choices=ActionStatus.choices, default=ActionStatus.PENDING
    )
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["run", "action_id"], name="action_once")]

    def __str__(self) -> str:
        return f"{self.tool} ({self.status})"
