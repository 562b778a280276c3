"""Prompt templates: files in ``prompts/``, overridable (by the admin's database rows).

A run takes a snapshot at its start (R-POL-4); reloading changes later runs only.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType

logger = logging.getLogger("agentweb.workflows")

# The templates every deployment must have; a missing one is an error at load time.
REQUIRED = ("react", "web_search", "router", "finalize", "rethink", "continue", "chat", "free_chat")


class PromptError(ValueError):
    pass


class PromptBook:
    """The prompts in force: files, with overrides on top."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)
        self._files: dict[str, str] = {}
        self._overrides: dict[str, str] = {}
        self.reload()

    def reload(self) -> list[str]:
        """Re-read the files (R-POL-5); returns the names loaded."""
        files = {}
        for path in sorted(self.directory.glob("*.txt")):
            files[path.stem] = path.read_text(encoding="utf-8").strip()
        missing = [name for name in REQUIRED if not files.get(name)]
        if missing:
            raise PromptError(f"missing or empty prompt files in {self.directory}: {missing}")
        self._files = files
        logger.info("loaded %d prompts from %s", len(files), self.directory)
        return sorted(files)

    def set_overrides(self, overrides: Mapping[str, str]) -> None:
        self._overrides = {k: v for k, v in overrides.items() if v.strip()}

    def files(self) -> Mapping[str, str]:
        return MappingProxyType(self._files)

    def snapshot(self) -> dict[str, str]:
        """A copy of every prompt as of now, for one run."""
        return {**self._files, **self._overrides}
