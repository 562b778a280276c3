"""Account links, link codes, game-server tokens, in-game chats and the deliverer's health."""

from __future__ import annotations

import datetime
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone

from agentweb.game.models import PlayerProfile

SINGLETON_PK = 1


class AccountLink(models.Model):
    """A web account's Minecraft account: the UUID is the stable key, the name follows renames."""

    profile = models.OneToOneField(
        PlayerProfile, on_delete=models.CASCADE, related_name="minecraft_link"
    )
    uuid = models.UUIDField(unique=True, verbose_name="Minecraft UUID")
    linked_at = models.DateTimeField(auto_now_add=True)
    linked_by = models.CharField(max_length=100, help_text="A link code, or the admin who linked.")
    state_pushed_at = models.DateTimeField(null=True, blank=True)
    seen_at = models.DateTimeField(null=True, blank=True, help_text="Last time seen online.")

    class Meta:
        ordering = ["profile__minecraft_name"]

    def __str__(self) -> str:
        return f"{self.profile.minecraft_name} ({self.uuid})"


class LinkCode(models.Model):
    """A one-time code shown on the chat page; only its hash is stored."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="link_codes"
    )
    code_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"link code of {self.user} ({'used' if self.used_at else 'open'})"


class GameServerToken(models.Model):
    """A game server's key for ``/api/game/…`` only: it is no user and reads no trace."""

    name = models.CharField(max_length=100)
    prefix = models.CharField(max_length=12, db_index=True)
    key_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"


class LinkAttempt(models.Model):
    """A refused ``POST /api/game/link``: counted to rate-limit guessing codes."""

    token = models.ForeignKey(GameServerToken, on_delete=models.CASCADE, related_name="+")
    at = models.DateTimeField(auto_now_add=True, db_index=True)

    def __str__(self) -> str:
        return f"refused link attempt by {self.token_id} at {self.at}"


class GameChat(models.Model):
    """A message typed in game, and the run that answers it: the only runs whose reply a
    game token may read, and only the token that sent the message.

    A message sent while the player has a run going waits in the inbox (``entry``)
    and gets its ``run`` when it starts as one; it never reads the run it waited for.
    """

    run = models.OneToOneField(
        "assistant.Run", null=True, on_delete=models.CASCADE, related_name="game_chat"
    )
    entry = models.OneToOneField(
        "assistant.InboxEntry", null=True, on_delete=models.CASCADE, related_name="game_chat"
    )
    link = models.ForeignKey(AccountLink, on_delete=models.CASCADE, related_name="chats")
    token = models.ForeignKey(GameServerToken, null=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(run__isnull=False) | models.Q(entry__isnull=False),
                name="game_chat_run_or_entry",
            )
        ]

    def __str__(self) -> str:
        return f"game chat {self.pk} of {self.link_id}: run {self.run_id}"


# A deliverer not heard of for this long has stopped: its last error is history.
STATUS_FRESH = datetime.timedelta(minutes=10)


class DelivererStatusQuerySet(models.QuerySet):
    def failing(self) -> DelivererStatusQuerySet:
        return self.filter(ok=False, checked_at__gte=timezone.now() - STATUS_FRESH)


class DelivererStatus(models.Model):
    """What each RCON deliverer last saw: the admin's answer to "why is nothing arriving?"."""

    name = models.CharField(max_length=100, unique=True)
    target = models.CharField(max_length=200, help_text="host:port")
    ok = models.BooleanField(default=False)
    message = models.CharField(max_length=500, blank=True)
    checked_at = models.DateTimeField(null=True, blank=True)
    delivered = models.PositiveIntegerField(default=0)

    objects = DelivererStatusQuerySet.as_manager()

    class Meta:
        verbose_name_plural = "deliverer status"

    def __str__(self) -> str:
        return f"{self.name} → {self.target}"


class DeliveryCommands(models.Model):
    """The admin's RCON command templates; an empty field keeps the one of system-agent.json."""

    item = models.CharField(max_length=300, blank=True, help_text="e.g. give {name} {item} {count}")
    xp = models.CharField(max_length=300, blank=True, help_text="e.g. xp add {name} {count} points")
    xp_levels = models.CharField(
        max_length=300, blank=True, help_text="e.g. xp add {name} {count} levels"
    )
    loot = models.CharField(
        max_length=300, blank=True, help_text="e.g. loot give {name} loot {table}"
    )
    other = models.CharField(max_length=300, blank=True, help_text="Usually empty: plugin only.")
    delivered_reply = models.CharField(
        max_length=300, blank=True, help_text="Regular expression of a successful reply."
    )
    offline_reply = models.CharField(
        max_length=300, blank=True, help_text="Regular expression of 'the player is not online'."
    )
    failed_reply = models.CharField(
        max_length=300, blank=True, help_text="Regular expression of a refused command."
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = "delivery commands"
        verbose_name_plural = "delivery commands"

    def __str__(self) -> str:
        return "RCON delivery commands"

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.pk = SINGLETON_PK
        super().save(*args, **kwargs)
