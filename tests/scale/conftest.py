"""Scale and fault tests: real PostgreSQL, Redis, Daphne and worker processes.

``.ci/run`` starts PostgreSQL and Redis (``scripts/services.py``) and exports
``AGENTWEB_TEST_POSTGRES_URL`` and ``AGENTWEB_TEST_REDIS_URL``. Without them
these tests are skipped on a laptop; with ``AGENTWEB_REQUIRE_SCALE=1`` (CI) a
missing service is a failure, so CI can never pass by skipping.

The session gets a fresh database of its own on that server (migrated, seeded,
dropped at the end), one fake model server, and a stack of two Daphne
processes and two workers shared by the tests; tests that kill or restart
things start processes of their own.
"""

from __future__ import annotations

import json
import os
import shutil
import uuid
from collections.abc import Iterator

import psycopg
import pytest

from scripts.services import Services
from tests.fakes.model_server import FakeModelServer
from tests.scale.responders import Scripted
from tests.scale.stack import Db, Stack, manage, stack_env

POSTGRES_URL = os.environ.get("AGENTWEB_TEST_POSTGRES_URL", "")
REDIS_URL = os.environ.get("AGENTWEB_TEST_REDIS_URL", "")
REQUIRE = os.environ.get("AGENTWEB_REQUIRE_SCALE") == "1"
# The production lease: a worker of a loaded machine that misses a few beats keeps its
# runs (a shorter one had live runs reaped); a killed worker's run is reaped ~20 s later.
TEST_LEASE_S = "15"
# The server-wide limit of model calls in flight in every test stack.
MAX_CONCURRENT = 3
# Players made once per session; each test uses its own so tests stay independent.
PLAYERS = ["cancel", "reconnect", "kill", "quota", "redis", "fuzz", "confirm", "nul"]
GATE_PLAYERS = 30
QUOTA = 10

SETUP_PLAYERS = """
import json
from django.contrib.auth import get_user_model, SESSION_KEY, BACKEND_SESSION_KEY, HASH_SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from agentweb.assistant.api.auth import new_token
from agentweb.control.models import PlayerQuota
out = {}
for name in NAMES:
    user, _ = get_user_model().objects.get_or_create(username=name)
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    out[name] = {"id": user.pk, "session": session.session_key, "token": new_token(user, "t")[1]}
PlayerQuota.objects.update_or_create(
    user_id=out["quota"]["id"], defaults={"daily_model_calls": QUOTA}
)
print("PLAYERS=" + json.dumps(out))
"""


def _missing(reason: str) -> None:
    if REQUIRE:
        pytest.fail(f"{reason} (AGENTWEB_REQUIRE_SCALE=1)", pytrace=False)
    pytest.skip(reason)


def _with_database(url: str, name: str) -> str:
    base, _, _ = url.rpartition("/")
    return f"{base}/{name}"


@pytest.fixture(scope="session")
def scale_urls() -> tuple[str, str]:
    if not POSTGRES_URL or not REDIS_URL:
        _missing("AGENTWEB_TEST_POSTGRES_URL / AGENTWEB_TEST_REDIS_URL are not set")
    try:
        psycopg.connect(POSTGRES_URL.replace("postgres://", "postgresql://", 1)).close()
    except psycopg.OperationalError as exc:
        _missing(f"PostgreSQL at {POSTGRES_URL} is not reachable: {exc}")
    return POSTGRES_URL, REDIS_URL


@pytest.fixture(scope="session")
def model_server() -> Iterator[FakeModelServer]:
    with FakeModelServer(responder=Scripted()) as server:
        yield server


@pytest.fixture(scope="session")
def scale_db(scale_urls, model_server) -> Iterator[tuple[str, dict]]:
    """A fresh, migrated and seeded database for this session; dropped at the end."""
    admin = Db(scale_urls[0])
    name = f"agentweb_scale_{uuid.uuid4().hex[:8]}"
    admin.execute(f"CREATE DATABASE {name}")
    url = _with_database(scale_urls[0], name)
    env = stack_env(url, scale_urls[1], model_server.url)
    try:
        manage(env, "migrate", "--no-input", "-v0")
        manage(env, "seed_demo")
        names = PLAYERS + [f"gate{i}" for i in range(GATE_PLAYERS)]
        script = SETUP_PLAYERS.replace("NAMES", repr(names)).replace("QUOTA", str(QUOTA))
        out = manage(env, "shell", "-c", script)
        players = json.loads(out.split("PLAYERS=", 1)[1].strip())
        # A copy for the test that restarts Redis under a stack of its own: its
        # runs must not be claimed by the session's workers on the other Redis.
        admin.execute(f"CREATE DATABASE {name}_b TEMPLATE {name}")
        yield url, players
    finally:
        admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        admin.execute(f"DROP DATABASE IF EXISTS {name}_b WITH (FORCE)")


@pytest.fixture(scope="session")
def stack_env_vars(scale_db, scale_urls, model_server) -> dict[str, str]:
    return stack_env(
        scale_db[0],
        scale_urls[1],
        model_server.url,
        AGENTWEB_RUN_LEASE_S=TEST_LEASE_S,
        AGENTWEB_MAX_CONCURRENT_MODEL_CALLS=str(MAX_CONCURRENT),
        AGENTWEB_DAILY_MODEL_CALLS="100000",
    )


@pytest.fixture(scope="session")
def stack(stack_env_vars, tmp_path_factory) -> Iterator[Stack]:
    """Two Daphne processes and two workers for the whole session."""
    running = Stack(stack_env_vars, tmp_path_factory.mktemp("stack"))
    try:
        yield running.start(daphnes=2, workers=2)
    finally:
        running.stop()


@pytest.fixture
def own_stack(stack_env_vars, tmp_path) -> Iterator[Stack]:
    """Processes of the test's own (it may kill them); stopped at the end."""
    running = Stack(stack_env_vars, tmp_path)
    yield running
    running.stop()


@pytest.fixture
def db(scale_db) -> Db:
    return Db(scale_db[0])


@pytest.fixture
def players(scale_db) -> dict[str, dict]:
    return scale_db[1]


@pytest.fixture
def model(model_server) -> Iterator[FakeModelServer]:
    """The session's fake model, reset: default script, no latency, counters at zero."""
    model_server.responder = Scripted()
    model_server.latency_s = 0.0
    with model_server._lock:
        model_server.requests.clear()
        model_server.headers.clear()
        model_server.peak_in_flight = model_server.in_flight
    yield model_server
    model_server.latency_s = 0.0


@pytest.fixture(autouse=True)
def _show_logs_on_failure(request) -> Iterator[None]:
    yield
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        for name in ("stack", "own_stack"):
            if name in request.fixturenames:
                print(request.getfixturevalue(name).logs())


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


@pytest.fixture
def second_db_url(scale_db) -> str:
    """The seeded copy of the session's database, for a stack with its own Redis (or a
    test whose queued runs no worker of the session's stack may claim)."""
    return f"{scale_db[0]}_b"


@pytest.fixture
def quiet_db_url(second_db_url) -> Iterator[str]:
    """A copy of the spare database of the test's own: no stack's worker runs its runs."""
    base, _, spare = second_db_url.rpartition("/")
    name = f"{spare}_{uuid.uuid4().hex[:6]}"
    admin = Db(f"{base}/postgres")
    admin.execute(f"CREATE DATABASE {name} TEMPLATE {spare}")
    try:
        yield f"{base}/{name}"
    finally:
        admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture
def own_redis(tmp_path) -> Iterator[Services]:
    """A redis-server of the test's own, which the test may restart."""
    if shutil.which("redis-server") is None:
        _missing("redis-server is not installed (apt-get install redis-server)")
    services = Services(tmp_path / "redis")
    services.dir.mkdir(parents=True)
    services.start_redis()
    yield services
    services.stop_redis()
