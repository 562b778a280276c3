"""Policies in force: module defaults, then ``config/system/system-agent.json``, then the admin.

Every file entry is checked by the one validator (``validate_policy``). A bad
entry keeps the last good policy the file gave for that workflow, and the
problem is reported naming the file, the workflow and the field; with no
good policy before it, the seed's fallbacks apply (R-POL-3: a bad
``reactIterations`` alone becomes 3, anything else leaves the module
default). Runs take a snapshot at their start (R-POL-4).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from agentweb.engine.policy import (
    MODULE_DEFAULTS,
    ExecutionPolicy,
    PolicyInvalid,
    policy_for,
    policy_with_fallbacks,
    validate_policy,
)

logger = logging.getLogger("agentweb.workflows")


class PolicyBook:
    def __init__(
        self, config_file: Path | None, last_good: Mapping[str, ExecutionPolicy] | None = None
    ) -> None:
        self.config_file = config_file
        # What the file gave last time it was good, per workflow (kept across reloads).
        self._file: dict[str, ExecutionPolicy] = dict(last_good or {})
        self._admin: dict[str, ExecutionPolicy] = {}
        self.admin_warnings: dict[str, list[str]] = {}
        self.messages: list[str] = []
        # Per workflow: the problems of its file entry at the last reload; and the
        # problems of the file as a whole (not JSON, an unknown workflow id).
        self.warnings: dict[str, list[str]] = {}
        self.file_problems: list[str] = []
        self.reload()

    def reload(self) -> list[str]:
        """Re-read the config file (R-POL-5); returns the problems found, if any."""
        self.messages, self.warnings, self.file_problems = [], {}, []
        if self.config_file is None or not Path(self.config_file).exists():
            self._file = {}
            return self.messages
        name = Path(self.config_file).name
        try:
            raw = json.loads(Path(self.config_file).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            self._report(f"{name}: not valid JSON ({exc}); the policies read before stay in force")
            return self.messages
        policies = raw.get("policies", {}) if isinstance(raw, Mapping) else None
        if not isinstance(policies, Mapping):
            self._report(f"{name}: 'policies' must be an object mapping workflow ids to policies")
            return self.messages
        for workflow in list(self._file):
            if workflow not in policies:
                del self._file[workflow]  # taken out of the file: the default again
        for workflow, entry in policies.items():
            if workflow in MODULE_DEFAULTS:
                self._read_entry(name, workflow, entry)
            else:  # a typo never applies silently
                known = ", ".join(sorted(MODULE_DEFAULTS))
                self._report(f"{name}: unknown workflow id {workflow!r} ignored (known: {known})")
        return self.messages

    def _read_entry(self, name: str, workflow: str, entry: Any) -> None:
        try:
            self._file[workflow] = validate_policy(entry)
            return
        except PolicyInvalid as exc:
            errors = exc.errors
        if workflow in self._file:
            kept = "the last good policy from the file stays in force"
        else:
            try:
                self._file[workflow], _ = policy_with_fallbacks(entry)
                kept = "reactIterations falls back to 3"
            except PolicyInvalid:
                kept = "the module default stays in force"
        for error in errors:
            self._report(f"{name}: {workflow}: {error}; {kept}", workflow)

    def _report(self, message: str, workflow: str | None = None) -> None:
        logger.error(message)
        self.messages.append(message)
        if workflow is None:
            self.file_problems.append(message)
        else:
            self.warnings.setdefault(workflow, []).append(message)

    def set_admin_overrides(
        self,
        overrides: Mapping[str, ExecutionPolicy],
        warnings: Mapping[str, list[str]] | None = None,
    ) -> None:
        """The admin's overrides in force, and per workflow what was wrong with a stored one."""
        self._admin = dict(overrides)
        self.admin_warnings = {w: list(m) for w, m in (warnings or {}).items()}

    def file_policies(self) -> dict[str, ExecutionPolicy]:
        """What the file gives now, per workflow (good entries and kept last-good ones)."""
        return dict(self._file)

    def admin_policies(self) -> dict[str, ExecutionPolicy]:
        """The admin's overrides in force (enabled and valid)."""
        return dict(self._admin)

    def get(self, workflow: str) -> ExecutionPolicy:
        """The policy a new run of ``workflow`` starts with (immutable)."""
        return policy_for(workflow, {**self._file, **self._admin})
