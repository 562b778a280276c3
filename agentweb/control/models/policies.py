"""Admin overrides of execution policies and prompt templates, with their history.

Both are edited in the admin and apply to new runs only (R-POL-4): a run
copies what is in force when it starts (``agentweb.control.config``).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.db.models import Max

from agentweb.engine.policy import MODULE_DEFAULTS, PolicyInvalid, validate_policy

WORKFLOW_ID_LENGTH = 64
PROMPT_NAME_LENGTH = 64
NOTE_LENGTH = 200


def known_workflows() -> list[str]:
    """The workflow ids a policy can be set for: the ones with a module default."""
    return sorted(MODULE_DEFAULTS)


def clean_policy_config(workflow: str, raw: Any) -> dict[str, Any]:
    """Validate a policy for a form or a model with the one validator (R-POL-3).

    Returns the complete camelCase object to store. Raises ``ValidationError``
    with one message per bad field ("field: problem"); nothing is stored then.
    """
    if workflow not in MODULE_DEFAULTS:
        raise ValidationError(
            f"unknown workflow id {workflow!r}; choose one of {', '.join(known_workflows())}",
            code="unknown_workflow",
        )
    try:
        return validate_policy(raw).as_config()
    except PolicyInvalid as exc:
        raise ValidationError(
            [ValidationError(str(error), code="invalid_field") for error in exc.errors]
        ) from None


class PolicyOverride(models.Model):
    """An admin's complete policy for one workflow; wins over the file and the default.

    The admin form validates ``config`` with ``clean_policy_config``; a row
    saved around it (shell, fixtures) is validated again when loaded, and a
    bad one is logged and skipped (``agentweb.control.config``).
    """

    workflow = models.CharField(max_length=WORKFLOW_ID_LENGTH, unique=True)
    config = models.JSONField(
        help_text="The complete policy object (camelCase, every field of R-POL-1)."
    )
    enabled = models.BooleanField(
        default=True, help_text="Off: the file's policy or the module default applies."
    )
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["workflow"]
        verbose_name = "policy override"

    def __str__(self) -> str:
        return self.workflow

    def save(self, *args: Any, **kwargs: Any) -> None:
        # Every save leaves a version row, in the same transaction.
        with transaction.atomic():
            super().save(*args, **kwargs)
            PolicyOverrideVersion.objects.create(
                override=self,
                workflow=self.workflow,
                config=self.config,
                enabled=self.enabled,
                saved_by=self.updated_by,
            )


class PolicyOverrideVersion(models.Model):
    """One saved state of an override; kept when the override is deleted."""

    override = models.ForeignKey(
        PolicyOverride, null=True, on_delete=models.SET_NULL, related_name="versions"
    )
    workflow = models.CharField(max_length=WORKFLOW_ID_LENGTH, db_index=True)
    config = models.JSONField()
    enabled = models.BooleanField()
    saved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    saved_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]

    def __str__(self) -> str:
        return f"{self.workflow} @ {self.saved_at:%Y-%m-%d %H:%M}"


class PromptVersion(models.Model):
    """One version of a prompt template; the latest per name is in force.

    Append-only: editing a prompt or restoring an old text adds a row. An
    empty text means "use the file in prompts/ again".
    """

    name = models.CharField(max_length=PROMPT_NAME_LENGTH)
    text = models.TextField(blank=True, help_text="Empty: use the file in prompts/ again.")
    note = models.CharField(max_length=NOTE_LENGTH, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "-id"]
        indexes = [models.Index(fields=["name", "-id"], name="prompt_latest")]

    def __str__(self) -> str:
        return f"{self.name} #{self.pk}"

    @classmethod
    def latest(cls) -> models.QuerySet[PromptVersion]:
        """The version in force for each name."""
        newest = cls.objects.values("name").annotate(last=Max("id")).values("last")
        return cls.objects.filter(pk__in=newest)

    @property
    def is_active(self) -> bool:
        newest = PromptVersion.objects.filter(name=self.name).aggregate(last=Max("id"))["last"]
        return newest == self.pk
