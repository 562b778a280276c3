"""Admin overrides of execution policies and prompt templates, with their history (R-UI-3).

Both are edited in the admin and apply to new runs only (R-POL-4): a run
copies what is in force when it starts (``agentweb.control.config``).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.db.models import Max

from agentweb.control.models.versions import Version, restored_note
from agentweb.engine.policy import MODULE_DEFAULTS, PolicyInvalid, validate_policy

WORKFLOW_ID_LENGTH = 64
PROMPT_NAME_LENGTH = 64


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

    def save(self, *args: Any, source: str = "", note: str = "", **kwargs: Any) -> None:
        """Save and leave a version row in the same transaction (``source``: how it changed)."""
        with transaction.atomic():
            super().save(*args, **kwargs)
            PolicyOverrideVersion.objects.create(
                override=self,
                workflow=self.workflow,
                config=self.config,
                enabled=self.enabled,
                source=source or PolicyOverrideVersion.Source.ADMIN,
                note=note,
                created_by=self.updated_by,
            )

    def delete_by(self, user: Any) -> None:
        """Delete the override; the history keeps a version saying who took it away."""
        with transaction.atomic():
            PolicyOverrideVersion.objects.create(
                override=None,
                workflow=self.workflow,
                config=self.config,
                enabled=False,
                source=PolicyOverrideVersion.Source.ADMIN,
                note="override deleted: the file or the module default applies",
                created_by=user,
            )
            self.delete()


class PolicyOverrideVersion(Version):
    """One saved state of a workflow's policy: an admin's save, a restore, a file reload.

    Kept when the override is deleted. Restoring any version (a file's too)
    makes its policy the admin override, as a new version.
    """

    class Source(models.TextChoices):
        ADMIN = "admin", "admin form"
        RESTORE = "restore", "restore"
        FILE = "file", "policy file"
        EXPERIMENT = "experiment", "published from an experiment"

    override = models.ForeignKey(
        PolicyOverride, null=True, on_delete=models.SET_NULL, related_name="versions"
    )
    workflow = models.CharField(max_length=WORKFLOW_ID_LENGTH, db_index=True)
    config = models.JSONField()
    enabled = models.BooleanField()
    source = models.CharField(max_length=16, choices=Source.choices, default=Source.ADMIN)

    subject_field = "workflow"

    class Meta:
        ordering = ["-id"]
        verbose_name = "policy version"

    def __str__(self) -> str:
        return f"{self.workflow} #{self.pk}"

    def restore(self, user: Any) -> PolicyOverrideVersion:
        """Make this policy the workflow's admin override again, as a new version.

        The policy is checked by today's rules first (``clean_policy_config``):
        a version that no longer keeps them is refused with the fields named.
        """
        return set_override(
            self.workflow,
            self.config,
            user,
            enabled=self.enabled or self.source == self.Source.FILE,
            source=self.Source.RESTORE,
            note=restored_note(self),
        )

    @classmethod
    def latest_file_versions(cls) -> models.QuerySet[PolicyOverrideVersion]:
        """Per workflow, the policy the file gave when last kept."""
        files = cls.objects.filter(source=cls.Source.FILE)
        newest = files.values("workflow").annotate(last=Max("id")).values("last")
        return cls.objects.filter(pk__in=newest)

    @classmethod
    def record_file(cls, policies: dict[str, dict[str, Any]], user: Any, note: str) -> int:
        """Keep each file policy that differs from the last one kept; returns how many."""
        last = {v.workflow: v.config for v in cls.latest_file_versions()}
        changed = [
            cls(
                workflow=workflow,
                config=config,
                enabled=True,
                source=cls.Source.FILE,
                note=note,
                created_by=user,
            )
            for workflow, config in sorted(policies.items())
            if last.get(workflow) != config
        ]
        cls.objects.bulk_create(changed)
        return len(changed)


def set_override(
    workflow: str,
    config: Any,
    user: Any,
    *,
    enabled: bool = True,
    source: str = PolicyOverrideVersion.Source.ADMIN,
    note: str = "",
) -> PolicyOverrideVersion:
    """Make ``config`` the admin override of ``workflow`` (a restore, a published candidate).

    Checked by the one validator first (``ValidationError`` naming every bad
    field, nothing saved); the change is a new version with ``source`` and ``note``.
    """
    config = clean_policy_config(workflow, config)
    with transaction.atomic():
        found = PolicyOverride.objects.select_for_update().filter(workflow=workflow).first()
        override = found or PolicyOverride(workflow=workflow)
        override.config, override.enabled, override.updated_by = config, enabled, user
        override.save(source=source, note=note)
        return override.versions.order_by("-pk").first()  # type: ignore[return-value]


def changed_fields(
    before: PolicyOverrideVersion | None, after: PolicyOverrideVersion
) -> list[tuple[str, Any, Any]]:
    """``(field, before, after)`` for every policy field (and ``enabled``) that differs."""
    old = {**(before.config if before else {}), "enabled": before.enabled if before else None}
    new = {**after.config, "enabled": after.enabled}
    names = [*new, *(name for name in old if name not in new)]
    return [
        (name, old.get(name), new.get(name)) for name in names if old.get(name) != new.get(name)
    ]


class PromptVersion(Version):
    """One version of a prompt template; the latest per name is in force.

    Append-only: editing a prompt or restoring an old text adds a row. An
    empty text means "use the file in prompts/ again".
    """

    name = models.CharField(max_length=PROMPT_NAME_LENGTH)
    text = models.TextField(blank=True, help_text="Empty: use the file in prompts/ again.")

    subject_field = "name"

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

    def restore(self, user: Any) -> PromptVersion:
        return PromptVersion.objects.create(
            name=self.name, text=self.text, note=restored_note(self), created_by=user
        )
