"""Modules and their per-player enablement (R-TOOL-3, R-UI-3).

A module (``game.items``, ``game.ftb``…) owns tools and commands. Admins
switch it on or off for everybody, or for one player, and edit its config;
every save bumps ``version`` so that a running loop notices the change
(the engine compares ``(slug, version)`` instances, R-LOOP-9).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import F

MODULE_SLUG_LENGTH = 100


class Module(models.Model):
    """One module. A module without a row is enabled at version 0 (fresh installs work)."""

    slug = models.CharField(max_length=MODULE_SLUG_LENGTH, unique=True)
    label = models.CharField(max_length=200, blank=True)
    enabled = models.BooleanField(default=True)
    config = models.JSONField(default=dict, blank=True)
    version = models.PositiveIntegerField(default=0, editable=False)

    class Meta:
        ordering = ["slug"]

    def __str__(self) -> str:
        return self.label or self.slug

    def save(self, *args: Any, **kwargs: Any) -> None:
        # Bumped in the database, not in Python: two admins saving at once
        # still give two distinct versions.
        if self.pk is None:
            self.version = 1
            super().save(*args, **kwargs)
            return
        self.version = F("version") + 1
        super().save(*args, **kwargs)
        self.refresh_from_db(fields=["version"])


class PlayerModule(models.Model):
    """A per-player override of ``Module.enabled``, either way (e.g. a beta for one tester)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="module_overrides"
    )
    module = models.ForeignKey(Module, on_delete=models.CASCADE, related_name="player_overrides")
    enabled = models.BooleanField(default=False)

    class Meta:
        ordering = ["module", "user"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "module"], name="core_playermodule_user_module"
            ),
        ]

    def __str__(self) -> str:
        state = "on" if self.enabled else "off"
        return f"{self.module.slug} {state} for {self.user}"
