"""The config cache starts empty in every control test."""

from __future__ import annotations

import pytest

from agentweb.control import config


@pytest.fixture(autouse=True)
def fresh_config_cache():
    # A rolled-back test leaves this process's cache ahead of the database.
    config.clear_cache()
    yield
    config.clear_cache()
