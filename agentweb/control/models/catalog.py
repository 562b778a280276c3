"""A table-less placeholder so the tool catalog gets its own entry on the admin index."""

from __future__ import annotations

from django.db import models


class ToolCatalog(models.Model):
    """Not data: the admin page listing the tool registry (``agentweb.core.tooling``)."""

    class Meta:
        managed = False  # no table: the catalog is read from the registry in memory
        verbose_name = "tool catalog"
        verbose_name_plural = "tool catalog"
        default_permissions = ("view",)

    def __str__(self) -> str:
        return "tool catalog"
