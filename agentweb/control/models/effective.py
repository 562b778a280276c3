"""A table-less placeholder so the effective policies get their own entry on the admin index."""

from __future__ import annotations

from django.db import models


class EffectivePolicyPage(models.Model):
    """Not data: the admin page showing each workflow's policy in force
    (``agentweb.control.effective``)."""

    class Meta:
        managed = False  # no table: the page is computed from the layers in memory
        verbose_name = "effective policy"
        verbose_name_plural = "effective policies"
        default_permissions = ("view",)

    def __str__(self) -> str:
        return "effective policies"
