"""The configuration a run starts with: policies, prompts, search — a snapshot (R-POL-4)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.apps import apps
from django.conf import settings

from agentweb.engine import ExecutionPolicy
from agentweb.engine.options import DEFAULT_CEILING, Ceiling
from agentweb.engine.policy import ROUTABLE
from agentweb.research.search import SearchBackend, SearxngBackend
from agentweb.workflows.effective_policies import effective_policies as workflow_policies
from agentweb.workflows.policies import PolicyBook
from agentweb.workflows.prompts import PromptBook


@dataclass(frozen=True, slots=True)
class ConfigSnapshot:
    policy: Callable[[str], ExecutionPolicy]
    prompts: dict[str, str]
    web_enabled: bool
    purge_on_forget: bool


@cache
def _files() -> tuple[PolicyBook, PromptBook]:
    return PolicyBook(settings.AGENTWEB_SYSTEM_CONFIG), PromptBook(settings.AGENTWEB_PROMPTS_DIR)


def snapshot() -> ConfigSnapshot:
    """What a new run reads once, at its start (sync ORM; call it off the event loop)."""
    if apps.is_installed("agentweb.control"):
        from agentweb.control import config

        found = config.runtime_snapshot()
        return ConfigSnapshot(
            found.policy, found.prompts, found.web_search_enabled, found.purge_on_forget
        )
    policies, prompts = _files()
    frozen = {workflow: policies.get(workflow) for workflow in ROUTABLE}
    return ConfigSnapshot(
        frozen.__getitem__, prompts.snapshot(), bool(settings.AGENTWEB_SEARCH_URL), False
    )


def policy_lookup() -> Callable[[str], ExecutionPolicy]:
    """Just the policies in force (cheaper than a whole snapshot)."""
    if apps.is_installed("agentweb.control"):
        from agentweb.control import config

        return config.policy_lookup()
    policies, _ = _files()
    return policies.get


def effective_policies() -> dict[str, dict[str, Any]]:
    """``GET /api/policies``: per workflow its effective policy, source and warnings."""
    if apps.is_installed("agentweb.control"):
        from agentweb.control import config

        book = config.policy_book()
    else:
        book, _ = _files()
    return {p.workflow: p.as_api() for p in workflow_policies(book)}


def option_ceiling() -> Ceiling:
    """How far staff may raise a request's options (the admin's setting)."""
    if apps.is_installed("agentweb.control"):
        from agentweb.control import settings_cache

        return settings_cache.current().option_ceiling()
    return DEFAULT_CEILING


def is_staff(user: Any) -> bool:
    """Staff may raise a request's options up to the admin's ceiling; players only tighten."""
    return bool(user.is_staff or user.is_superuser)


def reload_files(user: Any = None) -> list[str]:
    """Re-read prompts/ and system-agent.json (R-POL-5); ``user`` asked (kept in the history)."""
    if apps.is_installed("agentweb.control"):
        from agentweb.control import config

        return config.reload_from_files(user)
    policies, prompts = _files()
    return [*policies.reload(), *[f"loaded prompt {n}" for n in prompts.reload()]]


def web_search_offered() -> bool:
    """The page offers "Allow web search" only when a search service is configured and
    the admin's external search switch is on: otherwise the box would do nothing."""
    return search_backend() is not None and snapshot().web_enabled


@cache
def search_backend() -> SearchBackend | None:
    """The search module is available only when an endpoint is configured (R-WEB-2)."""
    url = settings.AGENTWEB_SEARCH_URL
    allowed = frozenset(settings.AGENTWEB_FETCH_ALLOWED_HOSTS)
    return SearxngBackend(url, fetch_allowed=allowed) if url else None
