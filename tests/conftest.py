"""Fixtures shared by the whole suite."""

from __future__ import annotations

import pytest


@pytest.fixture
def demo_password(settings) -> str:
    settings.AGENTWEB_DEMO_PASSWORD = "demo-test-pass"
    return settings.AGENTWEB_DEMO_PASSWORD
