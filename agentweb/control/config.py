"""The configuration a run starts with: policies, prompts and switches (R-POL-3…5).

Layers, last wins: module defaults → ``config/system/system-agent.json`` →
enabled ``PolicyOverride`` rows; prompt files in ``prompts/`` → the latest
``PromptVersion`` per name. Each process keeps one ``PolicyBook`` and one
``PromptBook`` and rebuilds them when the versions stored in
``AssistantSettings`` change, so an admin's edit or a reload reaches every
process (R-SCALE). The row itself is read again only after a change
(``settings_cache``): a run start costs no statement while nothing changed.

A run calls ``policy_lookup()`` / ``prompt_snapshot()`` (or
``aruntime_snapshot()``) once when it starts and keeps what it got: later
edits apply to new runs only (R-POL-4).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings

from agentweb.control import settings_cache
from agentweb.control.models import (
    AssistantSettings,
    PolicyOverride,
    PolicyOverrideVersion,
    PromptVersion,
)
from agentweb.engine.policy import (
    MODULE_DEFAULTS,
    ExecutionPolicy,
    PolicyInvalid,
    policy_with_fallbacks,
    validate_policy,
)
from agentweb.workflows.policies import PolicyBook
from agentweb.workflows.prompts import PromptBook, PromptError

logger = logging.getLogger("agentweb.control")

PolicyLookup = Callable[[str], ExecutionPolicy]


@dataclass
class _Cache:
    """This process's books and the database state they were built from."""

    paths: tuple[Path, Path] | None = None
    policies: PolicyBook | None = None
    prompts: PromptBook | None = None
    config_key: tuple[Any, ...] | None = None
    files_version: int | None = None


@dataclass(frozen=True)
class RuntimeConfig:
    """Everything a run reads from the control app at its start, frozen."""

    policy: PolicyLookup
    prompts: dict[str, str]
    web_search_enabled: bool
    purge_on_forget: bool
    config_version: int = 0


_lock = threading.Lock()
_cache = _Cache()


def _paths() -> tuple[Path, Path]:
    return Path(settings.AGENTWEB_SYSTEM_CONFIG), Path(settings.AGENTWEB_PROMPTS_DIR)


def _refresh(
    *,
    force_files: bool = False,
    versions: tuple[int, Any, int] | None = None,
    user: Any = None,
) -> tuple[PolicyBook, PromptBook, list[str]]:
    """Bring this process's books up to the database's versions (read here unless
    the caller just read them: ``versions``). A file policy that changed is added to
    the policy history (as read by ``user``, when one asked for the reload).

    Returns the books and the messages of a file reload made by this call.
    """
    config_version, changed_at, files_version = versions or AssistantSettings.versions()
    messages: list[str] = []
    with _lock:
        paths = _paths()
        if _cache.paths != paths or _cache.policies is None or _cache.prompts is None:
            # First use, or the settings now point elsewhere (tests): start over.
            _cache.policies = PolicyBook(paths[0], last_good=_last_good_file_policies())
            _cache.prompts = PromptBook(paths[1])
            _cache.paths, _cache.config_key = paths, None
            _cache.files_version = files_version
            messages = list(_cache.policies.messages)
            _keep_file_policies(_cache.policies, user, "read")
        elif force_files or files_version != _cache.files_version:
            messages = _reload_files(_cache.policies, _cache.prompts)
            _cache.files_version = files_version
            _keep_file_policies(_cache.policies, user, "reloaded from")
        key = (config_version, changed_at)
        if key != _cache.config_key:
            _apply_admin_overrides(_cache.policies, _cache.prompts)
            _cache.config_key = key
        return _cache.policies, _cache.prompts, messages


def _reload_files(policies: PolicyBook, prompts: PromptBook) -> list[str]:
    messages: list[str] = []
    try:
        prompts.reload()
    except (PromptError, OSError) as exc:
        message = f"prompts: {exc}; the prompts loaded before stay in force"
        logger.error(message)
        messages.append(message)
    messages += policies.reload()
    return messages


def _apply_admin_overrides(policies: PolicyBook, prompts: PromptBook) -> None:
    overrides: dict[str, ExecutionPolicy] = {}
    problems: dict[str, list[str]] = {}
    for workflow, config in PolicyOverride.objects.filter(enabled=True).values_list(
        "workflow", "config"
    ):
        try:
            overrides[workflow], warnings = policy_with_fallbacks(config)
        except PolicyInvalid as exc:
            # Saved around the admin's validation (shell, fixtures): the layer below stays.
            warnings = [f"admin override skipped: {error}" for error in exc.errors]
        else:
            warnings = [f"admin override: {warning}" for warning in warnings]
        for warning in warnings:
            logger.error("%s: %s", workflow, warning)
        if warnings:
            problems[workflow] = warnings
    policies.set_admin_overrides(overrides, problems)
    prompts.set_overrides({v.name: v.text for v in PromptVersion.latest()})


def _last_good_file_policies() -> dict[str, ExecutionPolicy]:
    """The file's policies last kept in the history: what a bad entry falls back to in a
    process that never read the file while it was good."""
    kept: dict[str, ExecutionPolicy] = {}
    for version in PolicyOverrideVersion.latest_file_versions():
        try:
            kept[version.workflow] = validate_policy(version.config)
        except PolicyInvalid:
            continue
    return kept


def _keep_file_policies(book: PolicyBook, user: Any, how: str) -> None:
    """Add each file policy that changed to the policy history."""
    name = Path(book.config_file).name if book.config_file else "the policy file"
    PolicyOverrideVersion.record_file(
        {w: p.as_config() for w, p in book.file_policies().items()}, user, f"{how} {name}"
    )


def policy_book() -> PolicyBook:
    """This process's ``PolicyBook``, current with the files and the admin's overrides."""
    return _refresh()[0]


def policy_lookup() -> PolicyLookup:
    """A snapshot taken now: workflow id → the policy a run of it starts with.

    Later edits do not change the returned function (R-POL-4); an unknown
    workflow id raises ``KeyError``.
    """
    return _frozen_lookup(policy_book())


def _frozen_lookup(book: PolicyBook) -> PolicyLookup:
    frozen = {workflow: book.get(workflow) for workflow in MODULE_DEFAULTS}

    def lookup(workflow: str) -> ExecutionPolicy:
        try:
            return frozen[workflow]
        except KeyError:
            raise KeyError(f"no policy for workflow {workflow!r}") from None

    return lookup


def prompt_snapshot() -> dict[str, str]:
    """Every prompt in force now: the files, overridden by the latest admin versions."""
    return _refresh()[1].snapshot()


def prompt_names() -> list[str]:
    """The prompt templates an admin can edit: the files in ``prompts/``."""
    return sorted(_refresh()[1].files())


def prompt_file_text(name: str) -> str:
    """The text of ``prompts/<name>.txt`` as loaded (empty if there is no such file)."""
    return _refresh()[1].files().get(name, "")


def reload_from_files(user: Any = None) -> list[str]:
    """Re-read ``prompts/`` and ``system-agent.json`` here and in every process (R-POL-5).

    Returns the problems found (each names the file, the workflow and the
    field); a rejected policy keeps the last good one from the file (or the
    seed's fallback), a broken prompt directory leaves the prompts loaded
    before. ``user``: who asked, kept in the policy history.
    """
    AssistantSettings.bump_files_version()
    settings_cache.changed()
    messages = _refresh(force_files=True, user=user)[2]
    logger.info("configuration reloaded from files (%d messages)", len(messages))
    return messages


def web_search_enabled() -> bool:
    """The admin's external search switch (on by default when AGENTWEB_SEARCH_URL is set)."""
    return settings_cache.current().external_search_enabled


def purge_on_forget() -> bool:
    """Whether *forget* deletes stored exchanges rather than only hiding them."""
    return settings_cache.current().purge_on_forget


def runtime_snapshot() -> RuntimeConfig:
    """Policies, prompts and switches in one call, for the start of a run: this process's
    copy of the settings row (its versions say whether the books are current), read
    again only after a change."""
    switches = settings_cache.current()
    policies, prompts, _ = _refresh(
        versions=(switches.config_version, switches.config_changed_at, switches.files_version)
    )
    return RuntimeConfig(
        policy=_frozen_lookup(policies),
        prompts=prompts.snapshot(),
        web_search_enabled=switches.external_search_enabled,
        purge_on_forget=switches.purge_on_forget,
        config_version=switches.config_version,
    )


def clear_cache() -> None:
    """Forget this process's books (tests that swap files under the same paths)."""
    with _lock:
        _cache.paths = _cache.policies = _cache.prompts = None
        _cache.config_key = _cache.files_version = None


async def apolicy_lookup() -> PolicyLookup:
    """``policy_lookup`` from async code (the ORM runs in the sync thread)."""
    return await sync_to_async(policy_lookup)()


async def aprompt_snapshot() -> dict[str, str]:
    return await sync_to_async(prompt_snapshot)()


async def aruntime_snapshot() -> RuntimeConfig:
    return await sync_to_async(runtime_snapshot)()
