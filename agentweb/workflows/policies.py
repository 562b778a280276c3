"""Policies in force: module defaults, then ``config/system/system-agent.json``, then the admin.

A complete override replaces the default; a rejected one is reported and the
default stays (R-POL-3). Runs take a snapshot at their start (R-POL-4).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from pathlib import Path

from agentweb.engine.policy import ExecutionPolicy, load_overrides, policy_for

logger = logging.getLogger("agentweb.workflows")


class PolicyBook:
    def __init__(self, config_file: Path | None) -> None:
        self.config_file = config_file
        self._file: dict[str, ExecutionPolicy] = {}
        self._admin: dict[str, ExecutionPolicy] = {}
        self.messages: list[str] = []
        self.reload()

    def reload(self) -> list[str]:
        """Re-read the config file (R-POL-5); returns the problems found, if any."""
        self.messages = []
        if self.config_file is None or not Path(self.config_file).exists():
            self._file = {}
            return self.messages
        try:
            raw = json.loads(Path(self.config_file).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            message = f"{self.config_file}: not valid JSON ({exc}); module defaults stay in force"
            logger.error(message)
            self.messages = [message]
            return self.messages
        self._file, self.messages = load_overrides(raw)
        return self.messages

    def set_admin_overrides(self, overrides: Mapping[str, ExecutionPolicy]) -> None:
        self._admin = dict(overrides)

    def get(self, workflow: str) -> ExecutionPolicy:
        """The policy a new run of ``workflow`` starts with (immutable)."""
        return policy_for(workflow, {**self._file, **self._admin})
