"""Fixtures shared by the whole suite."""

from __future__ import annotations

# Python 3.11.7's compiler can fail with "SystemError: AST constructor recursion
# depth mismatch" when a finaliser runs during ast.parse (a coroutine of a
# closed event loop collected mid-compile). pytest compiles hypothesis (with
# assertion rewriting) the first time its plugin imports it, which may be in the
# terminal summary, after every test; importing it here compiles it first.
import hypothesis.internal.observability  # noqa: F401
import pytest


@pytest.fixture
def demo_password(settings) -> str:
    settings.AGENTWEB_DEMO_PASSWORD = "demo-test-pass"
    return settings.AGENTWEB_DEMO_PASSWORD


@pytest.fixture(autouse=True)
def _fresh_limit_caches():
    """Cached quota limits must not outlive a test's rolled-back database."""
    from agentweb.assistant import actions
    from agentweb.control.quotas import clear_limits_cache
    from agentweb.core.modules import clear_module_cache

    clear_limits_cache()
    clear_module_cache()
    actions._message_limit.clear()
    yield
    clear_limits_cache()
    clear_module_cache()
    actions._message_limit.clear()
