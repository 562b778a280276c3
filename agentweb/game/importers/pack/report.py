"""What one pack import found, did and skipped: printed by the command, kept for the admin.

Nothing is dropped silently: every file that was not used is in ``skipped`` with its path
and the reason, and the notes say what is never read (KubeJS scripts are not run).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from agentweb.game.importers.sync import SyncCounts

# What the report counts per source.
SOURCE_KINDS = ("recipes", "loot tables", "item tags", "lang files", "items")


@dataclass
class Skip:
    path: str
    reason: str


@dataclass
class Change:
    """What an import changed in one kind of thing (against the world before it)."""

    added: int = 0
    changed: int = 0
    removed: int = 0
    unchanged: int = 0

    @classmethod
    def of(cls, counts: SyncCounts) -> Change:
        return cls(counts.created, counts.updated, counts.deleted, counts.unchanged)

    def text(self) -> str:
        total = self.added + self.changed + self.unchanged
        return f"{total} ({self.added} added, {self.changed} changed, {self.removed} removed)"


@dataclass
class PackReport:
    path: str
    dry_run: bool = False
    kind: str = ""
    sources: list[dict[str, Any]] = field(default_factory=list)
    per_source: dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))
    counts: Counter = field(default_factory=Counter)
    recipe_types: dict[str, dict[str, Any]] = field(default_factory=dict)
    languages: Counter = field(default_factory=Counter)
    changes: dict[str, Change] = field(default_factory=dict)
    skipped: list[Skip] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    bytes_read: int = 0
    seconds: float = 0.0
    # Seconds per step (reading the pack, writing each kind), for the operator.
    timings: dict[str, float] = field(default_factory=dict)
    error: str = ""

    def skip(self, path: str, reason: str) -> None:
        self.skipped.append(Skip(str(path), reason))

    def note(self, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)

    def recipe_type(self, type_id: str, *, rendered: bool, station: str) -> None:
        entry = self.recipe_types.setdefault(
            type_id, {"count": 0, "rendered": rendered, "station": station}
        )
        entry["count"] += 1

    # --- output ----------------------------------------------------------------

    def lines(self) -> list[str]:
        head = "dry run (nothing written): " if self.dry_run else ""
        out = [f"{head}pack import of {self.path} ({self.kind})"]
        if self.error:
            out.append(f"FAILED, nothing imported: {self.error}")
        out += [f"  source {s['layer']}: {s['name']}" for s in self.sources]
        for kind, n in sorted(self.counts.items()):
            out.append(f"{kind}: {n}")
        for kind, change in self.changes.items():
            out.append(f"{kind}: {change.text()}")
        for name, counts in self.per_source.items():
            parts = ", ".join(f"{n} {kind}" for kind, n in sorted(counts.items()) if n)
            if parts:
                out.append(f"from {name}: {parts}")
        types = self.recipe_types
        rendered = sorted(t for t, e in types.items() if e["rendered"])
        generic = sorted(t for t, e in types.items() if not e["rendered"])
        if rendered:
            out.append(
                "recipe types shown as vanilla recipes: "
                + ", ".join(f"{t} ({self.recipe_types[t]['count']})" for t in rendered)
            )
        if generic:
            out.append(
                "recipe types kept generically: "
                + ", ".join(
                    f"{t} ({types[t]['count']}, station {types[t]['station']!r})" for t in generic
                )
            )
        if self.languages:
            out.append(
                "languages: "
                + ", ".join(f"{lang} ({n} names)" for lang, n in sorted(self.languages.items()))
            )
        out += [f"note: {note}" for note in self.notes]
        out.append(f"skipped files: {len(self.skipped)}")
        out += [f"  skipped {s.path}: {s.reason}" for s in self.skipped]
        out.append(f"read {self.bytes_read} bytes in {self.seconds:.1f} s")
        if self.timings:
            out.append("steps: " + ", ".join(f"{k} {v:.1f} s" for k, v in self.timings.items()))
        return out

    def as_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "dry_run": self.dry_run,
            "kind": self.kind,
            "sources": self.sources,
            "per_source": {name: dict(counts) for name, counts in self.per_source.items()},
            "counts": dict(self.counts),
            "recipe_types": self.recipe_types,
            "languages": dict(self.languages),
            "changes": {kind: vars(change) for kind, change in self.changes.items()},
            "skipped": [vars(s) for s in self.skipped],
            "notes": self.notes,
            "bytes_read": self.bytes_read,
            "seconds": round(self.seconds, 2),
            "timings": {k: round(v, 2) for k, v in self.timings.items()},
            "error": self.error,
        }
