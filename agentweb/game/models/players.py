"""Player profiles and their quest progress."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class PlayerProfile(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="game_profile"
    )
    minecraft_name = models.CharField(max_length=32, unique=True)
    level = models.PositiveIntegerField(default=1)
    balance = models.IntegerField(default=0, help_text="Coins.")
    signin_streak = models.PositiveIntegerField(default=0)
    last_signin = models.DateField(null=True, blank=True)
    # In game right now, as the game server last said; None: no server has said.
    online = models.BooleanField(null=True, blank=True)

    class Meta:
        ordering = ["minecraft_name"]

    def __str__(self) -> str:
        return self.minecraft_name


class QuestStatus(models.TextChoices):
    NOT_STARTED = "not_started", "Not started"
    IN_PROGRESS = "in_progress", "In progress"
    COMPLETED = "completed", "Completed"


class QuestProgress(models.Model):
    profile = models.ForeignKey(PlayerProfile, on_delete=models.CASCADE, related_name="progress")
    quest = models.ForeignKey("game.Quest", on_delete=models.CASCADE, related_name="progress")
    status = models.CharField(
        max_length=16, choices=QuestStatus.choices, default=QuestStatus.NOT_STARTED
    )
    reward_claimed = models.BooleanField(default=False)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["profile", "-updated"]
        constraints = [
            models.UniqueConstraint(
                fields=["profile", "quest"], name="game_progress_profile_quest"
            ),
        ]
        verbose_name_plural = "quest progress"

    def __str__(self) -> str:
        return f"{self.profile} · {self.quest.title}: {self.status}"
