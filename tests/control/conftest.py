"""Alice and bob are players, ``boss`` is the superuser admin; the config cache starts empty."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from agentweb.control import config


@pytest.fixture(autouse=True)
def fresh_config_cache():
    # A rolled-back test leaves this process's cache ahead of the database.
    config.clear_cache()
    yield
    config.clear_cache()


@pytest.fixture
def alice(db):
    return get_user_model().objects.create_user("alice", password="pw-alice-1")


@pytest.fixture
def bob(db):
    return get_user_model().objects.create_user("bob", password="pw-bob-1")


@pytest.fixture
def boss(db):
    return get_user_model().objects.create_superuser("boss", password="pw-boss-1")


@pytest.fixture
def admin_client(client, boss):
    client.force_login(boss)
    return client
