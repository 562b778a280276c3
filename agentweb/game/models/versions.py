"""The version of the game data: one row whose stamp changes with every write."""

from __future__ import annotations

from django.db import models

# The one row's primary key.
ROW = 1


class DataVersion(models.Model):
    """Items, sources, quest books and articles as of ``stamp``.

    Every write to that data changes ``stamp`` in the same transaction (see
    :mod:`agentweb.game.versions`), so a process that reads it knows whether what it
    keeps in memory is still the data in the database. The stamp is random, never
    counted up: a write that is rolled back leaves no stamp that a later write could
    reuse for other data.
    """

    stamp = models.CharField(max_length=32)

    class Meta:
        verbose_name = "game data version"

    def __str__(self) -> str:
        return self.stamp
