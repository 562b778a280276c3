"""A player's memory: the generation forget increments, and the exchanges of each."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from agentweb.assistant.models.runs import Run


class MemoryState(models.Model):
    """A player's memory generation (R-MEM-1): forget increments it."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memory_state"
    )
    generation = models.PositiveIntegerField(default=0)
    # The player switched the assistant off: running loops end (R-MEM-2).
    assistant_enabled = models.BooleanField(default=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.user} @ generation {self.generation}"


class Exchange(models.Model):
    """One question and its answer in a player's memory (R-MEM-1)."""

    # No foreign-key constraints in the database: on PostgreSQL each is a check
    # of its own per inserted row, at every answered run. The row is inserted
    # (``memory.remember``) in the transaction that stores its run's end, from
    # the player's memory state row, locked: both exist and stay. Deleting a
    # player or a run deletes its exchanges through the ORM's cascade.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="exchanges",
        db_constraint=False,
    )
    run = models.OneToOneField(
        Run, on_delete=models.CASCADE, related_name="exchange", db_constraint=False
    )
    generation = models.PositiveIntegerField()
    question = models.TextField()
    answer = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["user", "generation", "id"], name="exchange_memory")]

    def __str__(self) -> str:
        return f"exchange of run {self.run_id}"
