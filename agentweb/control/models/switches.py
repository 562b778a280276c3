"""The assistant's server-wide switches and the model-call gate: one row each."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F
from django.utils import timezone

from agentweb.engine.options import DEFAULT_CEILING, ROUNDS, TIMEOUT, Ceiling

# Both tables hold exactly one row, always this primary key.
SINGLETON_PK = 1
# Written only by DB-side increments, never by saving a form.
VERSION_FIELDS = ("config_version", "config_changed_at", "files_version")


def search_enabled_by_default() -> bool:
    """The external search switch starts on when a search service is configured (SPEC §15)."""
    return bool(settings.AGENTWEB_SEARCH_URL)


class AssistantSettings(models.Model):
    """Switches an admin flips without a restart; each process keeps a copy, cleared on
    every change (``settings_cache``)."""

    external_search_enabled = models.BooleanField(
        "external search service",
        default=search_enabled_by_default,
        help_text="Let knowledge questions fall back to the web (needs AGENTWEB_SEARCH_URL).",
    )
    purge_on_forget = models.BooleanField(
        default=False,
        help_text="Forget also deletes the player's stored exchanges, "
        "instead of only hiding them from the model.",
    )
    max_concurrent_model_calls = models.PositiveIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text="Model calls in flight across the server. Empty: "
        "AGENTWEB_MAX_CONCURRENT_MODEL_CALLS.",
    )
    default_daily_model_calls = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text="Daily model calls of a player without a personal quota. Empty: "
        "AGENTWEB_DAILY_MODEL_CALLS.",
    )
    # How far staff may raise a request's options (players may only tighten them).
    staff_max_react_iterations = models.PositiveIntegerField(
        "staff ceiling: reactIterations",
        default=DEFAULT_CEILING.react_iterations,
        validators=[MaxValueValidator(ROUNDS.maximum)],
        help_text="The most rounds a staff member's request may ask for (options.reactIterations).",
    )
    staff_max_model_timeout_millis = models.PositiveIntegerField(
        "staff ceiling: modelTimeoutMillis",
        default=DEFAULT_CEILING.model_timeout_millis,
        validators=[MinValueValidator(TIMEOUT.minimum), MaxValueValidator(TIMEOUT.maximum)],
        help_text="The longest model-call timeout a staff member's request may ask for.",
    )
    staff_may_enable_auto_rethink = models.BooleanField(
        "staff may turn autoRethink on",
        default=DEFAULT_CEILING.auto_rethink,
        help_text="Whether a staff member's request may turn autoRethink on (options.autoRethink).",
    )
    # Bumped whenever policies or prompts change; every process compares it
    # with the version it has cached and rebuilds on a difference (R-SCALE).
    config_version = models.PositiveBigIntegerField(default=0, editable=False)
    # Set with every bump: together with the counter it names one state even if
    # a database is restored to an older counter (or a test rolls back).
    config_changed_at = models.DateTimeField(null=True, editable=False)
    # Bumped by "reload from files": every process re-reads prompts/ and the JSON.
    files_version = models.PositiveBigIntegerField(default=0, editable=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = "assistant settings"
        verbose_name_plural = "assistant settings"

    def __str__(self) -> str:
        return "Assistant settings"

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.pk = SINGLETON_PK
        if not self._state.adding and "update_fields" not in kwargs:
            # Never write back a stale config_version read before someone bumped it.
            kwargs["update_fields"] = [
                f.name
                for f in self._meta.concrete_fields
                if not f.primary_key and f.name not in VERSION_FIELDS
            ]
        super().save(*args, **kwargs)

    @classmethod
    def load(cls) -> AssistantSettings:
        """The one row, created with its defaults on first use."""
        return cls.objects.get_or_create(pk=SINGLETON_PK)[0]

    @classmethod
    def versions(cls) -> tuple[int, Any, int]:
        """``(config_version, config_changed_at, files_version)``: one primary-key read,
        cheap enough for every run start."""
        fields = ("config_version", "config_changed_at", "files_version")
        found = cls.objects.filter(pk=SINGLETON_PK).values_list(*fields).first()
        if found is None:
            row = cls.load()
            return row.config_version, row.config_changed_at, row.files_version
        return found

    @classmethod
    def bump_config_version(cls) -> None:
        """Tell every process that the admin's policies or prompts changed."""
        cls.load()
        cls.objects.filter(pk=SINGLETON_PK).update(
            config_version=F("config_version") + 1, config_changed_at=timezone.now()
        )

    @classmethod
    def bump_files_version(cls) -> None:
        """Tell every process to re-read the prompt files and system-agent.json."""
        cls.load()
        cls.objects.filter(pk=SINGLETON_PK).update(
            files_version=F("files_version") + 1, config_changed_at=timezone.now()
        )

    def option_ceiling(self) -> Ceiling:
        return Ceiling(
            self.staff_max_react_iterations,
            self.staff_max_model_timeout_millis,
            self.staff_may_enable_auto_rethink,
        )

    def max_concurrent(self) -> int:
        return self.max_concurrent_model_calls or settings.AGENTWEB_MAX_CONCURRENT_MODEL_CALLS

    def daily_model_calls(self) -> int:
        if self.default_daily_model_calls is not None:
            return self.default_daily_model_calls
        return settings.AGENTWEB_DAILY_MODEL_CALLS


class ModelCallSlot(models.Model):
    """One of the server's model-call slots (R-QUOTA-1); ``number`` 1…limit.

    Free while ``expires_at`` is empty or past. A call takes a free slot with
    one conditional ``UPDATE`` (two processes can never both take one) and
    holds it until it gives it back or the slot expires: the run's heartbeat
    renews it, so the slot of a holder that died (a killed worker) comes back
    by itself, without a restart.
    """

    number = models.PositiveIntegerField(unique=True)
    holder = models.CharField(max_length=64, blank=True, default="")
    run_id = models.PositiveBigIntegerField(null=True, blank=True)
    # Which taking of the slot this is: a late release of an expired holder
    # cannot free the slot for its next holder.
    ticket = models.CharField(max_length=32, blank=True, default="")
    taken_at = models.DateTimeField(null=True, blank=True)
    expires_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        indexes = [models.Index(fields=["run_id"], name="slot_run")]

    def __str__(self) -> str:
        return f"model-call slot {self.number}"
