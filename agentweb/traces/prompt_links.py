"""The prompts a run snapshotted at its start, linked to the admin's version where one matches.

A snapshot stores texts, not version ids: the admin version is the one whose
text is identical. No match means the text came from ``prompts/<name>.txt``
(or from a version since deleted).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse

from agentweb.control.models import PromptVersion


@dataclass(frozen=True, slots=True)
class SnapshotPrompt:
    key: str
    text: str
    used: bool
    version_id: int | None = None

    @property
    def admin_url(self) -> str | None:
        if self.version_id is None:
            return None
        return reverse("admin:control_promptversion_change", args=[self.version_id])


def snapshot_prompts(snapshot: dict[str, str], used: set[str]) -> list[SnapshotPrompt]:
    """Every snapshotted prompt, the ones the run's model calls used first (one query)."""
    versions: dict[tuple[str, str], int] = {}
    rows = (
        PromptVersion.objects.filter(name__in=list(snapshot))
        .order_by("id")
        .values_list("name", "text", "id")
    )
    for name, text, pk in rows:
        # Later rows win: the newest version with this exact text.
        versions[(name, text.strip())] = pk
    prompts = [
        SnapshotPrompt(key, text, key in used, versions.get((key, text.strip())))
        for key, text in snapshot.items()
    ]
    return sorted(prompts, key=lambda p: (not p.used, p.key))
