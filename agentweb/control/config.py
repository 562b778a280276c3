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

import json
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings

from agentweb.control import settings_cache
from agentweb.control.models import AssistantSettings, PolicyOverride, PromptVersion
from agentweb.engine.policy import MODULE_DEFAULTS, ExecutionPolicy, PolicyError, parse_override
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
    *, force_files: bool = False, versions: tuple[int, Any, int] | None = None
) -> tuple[PolicyBook, PromptBook, list[str]]:
    """Bring this process's books up to the database's versions (read here unless
    the caller just read them: ``versions``).

    Returns the books and the messages of a file reload made by this call.
    """
    config_version, changed_at, files_version = versions or AssistantSettings.versions()
    messages: list[str] = []
    with _lock:
        paths = _paths()
        if _cache.paths != paths or _cache.policies is None or _cache.prompts is None:
            # First use, or the settings now point elsewhere (tests): start over.
            _cache.policies, _cache.prompts = PolicyBook(paths[0]), PromptBook(paths[1])
            _cache.paths, _cache.config_key = paths, None
            _cache.files_version = files_version
            messages = _cache.policies.messages + _unknown_workflows(paths[0])
        elif force_files or files_version != _cache.files_version:
            messages = _reload_files(_cache.policies, _cache.prompts, paths[0])
            _cache.files_version = files_version
        key = (config_version, changed_at)
        if key != _cache.config_key:
            _apply_admin_overrides(_cache.policies, _cache.prompts)
            _cache.config_key = key
        return _cache.policies, _cache.prompts, messages


def _reload_files(policies: PolicyBook, prompts: PromptBook, config_file: Path) -> list[str]:
    messages: list[str] = []
    try:
        prompts.reload()
    except (PromptError, OSError) as exc:
        message = f"prompts: {exc}; the prompts loaded before stay in force"
        logger.error(message)
        messages.append(message)
    messages += policies.reload()
    messages += _unknown_workflows(config_file)
    return messages


def _unknown_workflows(config_file: Path) -> list[str]:
    """Policies in the file for workflows that do not exist (a typo never applies silently)."""
    try:
        raw = json.loads(config_file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []  # missing file: defaults; bad JSON: PolicyBook already said so
    policies = raw.get("policies") if isinstance(raw, dict) else None
    if not isinstance(policies, dict):
        return []
    messages = [
        f"{config_file.name}: unknown workflow id {workflow!r} ignored "
        f"(known: {', '.join(sorted(MODULE_DEFAULTS))})"
        for workflow in policies
        if workflow not in MODULE_DEFAULTS
    ]
    for message in messages:
        logger.error(message)
    return messages


def _apply_admin_overrides(policies: PolicyBook, prompts: PromptBook) -> None:
    overrides: dict[str, ExecutionPolicy] = {}
    for workflow, config in PolicyOverride.objects.filter(enabled=True).values_list(
        "workflow", "config"
    ):
        try:
            overrides[workflow] = parse_override(workflow, config)[0]
        except PolicyError as exc:
            # Saved around the admin's validation (shell, fixtures): the default stays.
            logger.error("admin override skipped: %s", exc)
    policies.set_admin_overrides(overrides)
    prompts.set_overrides({v.name: v.text for v in PromptVersion.latest()})


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


def reload_from_files() -> list[str]:
    """Re-read ``prompts/`` and ``system-agent.json`` here and in every process (R-POL-5).

    Returns the problems found (an error names the workflow and the field);
    a rejected policy leaves the module default in force, a broken prompt
    directory leaves the prompts loaded before.
    """
    AssistantSettings.bump_files_version()
    settings_cache.changed()
    messages = _refresh(force_files=True)[2]
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


async def aruntime_snapshot() -> RuntimeConfig:
    return await sync_to_async(runtime_snapshot)()


def effective_policies() -> list[dict[str, Any]]:
    """Per workflow: the policy in force and where it comes from (admin changelist)."""
    book = policy_book()
    admin = dict(PolicyOverride.objects.filter(enabled=True).values_list("workflow", "config"))
    rows = []
    for workflow, default in sorted(MODULE_DEFAULTS.items()):
        policy = book.get(workflow)
        if workflow in admin and policy.as_config() == admin[workflow]:
            source = "admin"
        elif policy != default:
            source = "file"
        else:
            source = "module default"
        rows.append({"workflow": workflow, "policy": policy.as_config(), "source": source})
    return rows
