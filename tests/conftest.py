"""Fixtures shared by the whole suite: the people of every test, and fresh caches.

alice and bob are players (each other's "another player"), charlie has an
account and no role at all, rita is a reviewer, sam is staff and admin the superuser.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import channels.db

# Python 3.11.7's compiler can fail with "SystemError: AST constructor recursion
# depth mismatch" when a finaliser runs during ast.parse (a coroutine of a
# closed event loop collected mid-compile). pytest compiles hypothesis (with
# assertion rewriting) the first time its plugin imports it, which may be in the
# terminal summary, after every test; importing it here compiles it first.
import hypothesis.internal.observability  # noqa: F401
import pytest
from django.contrib.auth import get_user_model
from django.db import connections

from agentweb.core.roles import Role, ensure_groups

BUSY_TIMEOUT_SECONDS = 3


@pytest.fixture(scope="session")
def django_db_modify_db_settings(
    django_db_modify_db_settings_parallel_suffix: None, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """The test database is a SQLite file, as in production, not Django's in-memory default.

    An in-memory database shares one cache between connections, and SQLite refuses a
    second writer there at once ("database table is locked") instead of waiting its
    turn as a file database in WAL mode does (the settings' busy timeout): two
    requests of a test that write at the same moment would fail by timing. The wait
    is shorter than in production, so the tests of a database another connection
    keeps locked see the refusal in seconds.
    """
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        folder = tmp_path_factory.mktemp("database")
        database.setdefault("TEST", {})["NAME"] = str(folder / "test.sqlite3")
        database["OPTIONS"]["timeout"] = BUSY_TIMEOUT_SECONDS


def _close_old_connections_outside_a_test_transaction() -> None:
    for connection in connections.all(initialized_only=True):
        if not connection.in_atomic_block:
            connection.close_if_unusable_or_obsolete()


@pytest.fixture(autouse=True, scope="session")
def _a_test_s_transaction_keeps_its_connection() -> Iterator[None]:
    """channels closes stale connections around every ``database_sync_to_async`` call, as
    Django does around a request; a connection inside a test's transaction looks stale
    (autocommit off) and would be closed under the test. Django's test client leaves
    such connections alone; this does the same for channels."""
    original = channels.db.close_old_connections
    channels.db.close_old_connections = _close_old_connections_outside_a_test_transaction
    yield
    channels.db.close_old_connections = original


@pytest.fixture
def make_user(db) -> Callable[..., Any]:
    """A user named ``name`` (password ``pw-<name>-123``), in the groups of ``roles``."""

    def make(name: str, *roles: Role) -> Any:
        user = get_user_model().objects.create_user(name, password=f"pw-{name}-123")
        if roles:
            groups = ensure_groups()
            user.groups.add(*(groups[role] for role in roles))
        return user

    return make


@pytest.fixture
def alice(make_user):
    return make_user("alice", Role.PLAYER)


@pytest.fixture
def bob(make_user):
    return make_user("bob", Role.PLAYER)


@pytest.fixture
def charlie(make_user):
    return make_user("charlie")


@pytest.fixture
def rita(make_user):
    return make_user("rita", Role.REVIEWER)


@pytest.fixture
def staff(make_user):
    """sam: a staff member who is not a superuser and has no permission of his own."""
    user = make_user("sam")
    user.is_staff = True
    user.save()
    return user


@pytest.fixture
def admin(db):
    return get_user_model().objects.create_superuser("admin", password="pw-admin-123")


@pytest.fixture
def admin_client(client, admin):
    client.force_login(admin)
    return client


@pytest.fixture
def demo_password(settings) -> str:
    settings.AGENTWEB_DEMO_PASSWORD = "demo-test-pass"
    return settings.AGENTWEB_DEMO_PASSWORD


@pytest.fixture(autouse=True)
def _fresh_limit_caches():
    """Cached quota limits must not outlive a test's rolled-back database."""
    from agentweb.assistant import message_checks
    from agentweb.control.gate import process_gate
    from agentweb.control.quotas import clear_limits_cache
    from agentweb.core.modules import clear_module_cache

    clear_limits_cache()
    clear_module_cache()
    message_checks._message_limit.clear()
    process_gate.reset()
    yield
    clear_limits_cache()
    process_gate.reset()
    clear_module_cache()
    message_checks._message_limit.clear()


@pytest.fixture(autouse=True)
def _every_event_is_its_kind_s_model(monkeypatch):
    """Every event the suite emits — the engine's, the inbox's, a status change's
    ``run.finished`` — is built from its kind's model (``engine.events.EVENT_DATA``), which
    refuses unknown or malformed data where it is built; here, what reaches the sink is
    checked to read back strictly as that model too."""
    from agentweb.assistant.models import run_status
    from agentweb.assistant.runs import events as run_events
    from agentweb.engine.events import EventLog, event_data

    emit, append, finished = EventLog.emit, run_events.append, run_status.finished_data

    async def checked_emit(log, data):
        event = await emit(log, data)
        # What the sink got (the model's stored form, redacted) reads back as the model.
        event_data(event.kind, event.data)
        return event

    def checked_append(run_id, data, **kwargs):
        event_data(data.KIND, data.as_data())
        return append(run_id, data, **kwargs)

    def checked_finished(*args):
        data = finished(*args)
        event_data("run.finished", data)
        return data

    monkeypatch.setattr(run_status, "finished_data", checked_finished)
