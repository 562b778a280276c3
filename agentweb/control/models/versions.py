"""Append-only histories: every change is a new row that says who, when and why.

Prompt templates and policies keep their history the same way: a saved
version is never edited, and restoring an old one adds it again as the
newest version (``restore``). The admin pages of both share
``agentweb.control.admin.history``.
"""

from __future__ import annotations

from typing import Any, Self

from django.conf import settings
from django.db import models

NOTE_LENGTH = 200


class Version(models.Model):
    """One saved state in a history; ``subject`` names what it is a version of."""

    note = models.CharField(max_length=NOTE_LENGTH, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    # The field naming the thing versioned (a prompt's name, a policy's workflow).
    subject_field = ""

    class Meta:
        abstract = True

    @property
    def subject(self) -> str:
        return str(getattr(self, self.subject_field))

    def history(self) -> models.QuerySet[Self]:
        """Every version of the same thing, newest first."""
        return type(self).objects.filter(**{self.subject_field: self.subject}).order_by("-pk")

    def previous(self) -> Self | None:
        """The version saved just before this one, if any."""
        return self.history().filter(pk__lt=self.pk).first()

    def restore(self, user: Any) -> Self:
        """Make this version current again by adding it as the newest one."""
        raise NotImplementedError


def restored_note(version: Version) -> str:
    return f"restored from version #{version.pk}"
