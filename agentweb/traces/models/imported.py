"""Where an imported run came from: the viewer marks it, so nobody mistakes it for a live one."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from agentweb.assistant.models import Run

SOURCE_LENGTH = 200


class ImportedRun(models.Model):
    """A run created by ``import_trace`` from an export document."""

    run = models.OneToOneField(Run, on_delete=models.CASCADE, related_name="imported_from")
    source_run_id = models.PositiveBigIntegerField(null=True, blank=True)
    source_player = models.CharField(max_length=150, blank=True, default="")
    format = models.CharField(max_length=40)
    exported_at = models.CharField(max_length=40, blank=True, default="")
    source = models.CharField(max_length=SOURCE_LENGTH, blank=True, default="")
    imported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    imported_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"run {self.run_id} imported from run {self.source_run_id}"
