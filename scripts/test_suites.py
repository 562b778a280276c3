"""The README's test command (``make test``): every suite this machine can run, then a summary.

    python scripts/test_suites.py [pytest arguments…]

Three pytest runs (the browser and scale suites need their own process):

* **main** — everything but the browser and scale tests; always runs, spread over
  the machine's cores by pytest-xdist (``AGENTWEB_TEST_WORKERS`` sets how many
  processes; 1 runs it in this one).
* **browser** — real Chromium through Playwright; runs when Chromium is found
  (``AGENTWEB_CHROMIUM``, else ``chromium`` on the PATH).
* **scale** — real PostgreSQL, Redis and processes; runs against
  ``AGENTWEB_TEST_POSTGRES_URL`` / ``AGENTWEB_TEST_REDIS_URL`` when given,
  else against servers started here (``scripts/services.py``) when the
  PostgreSQL 15 server programs and ``redis-server`` are installed, and
  stopped afterwards.

A suite that runs is required to run whole: its prerequisites are exported
with ``AGENTWEB_REQUIRE_BROWSER=1`` / ``AGENTWEB_REQUIRE_SCALE=1``, so a test
that cannot reach them fails instead of skipping. A suite that cannot run is
named in the summary with the command that enables it; with
``AGENTWEB_REQUIRE_BROWSER=1`` or ``AGENTWEB_REQUIRE_SCALE=1`` already set
(CI), a suite that cannot run is a failure. The exit status is non-zero when
anything failed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
PG_FALLBACK_BIN = Path("/usr/lib/postgresql/15/bin")


@dataclass
class Outcome:
    suite: str
    ran: bool
    passed: bool
    note: str = ""


# pytest's exit status when the arguments (say ``-k``) selected no test of a suite.
NO_TESTS_COLLECTED = 5


def pytest(marker: str, args: list[str], env: dict[str, str]) -> bool:
    command = [PYTHON, "-m", "pytest", "-m", marker, *args]
    print(f"\n=== {' '.join(command[2:])}", flush=True)
    return subprocess.run(command, cwd=ROOT, env=env).returncode in (0, NO_TESTS_COLLECTED)


# More processes than this cost more in start-up (one test database each) than they
# save on the main suite, which takes a few minutes on one core.
MAX_WORKERS = 4


def main_workers() -> int:
    """How many processes run the main suite: the cores, at most ``MAX_WORKERS``."""
    raw = os.environ.get("AGENTWEB_TEST_WORKERS", "")
    if raw:
        if not raw.isascii() or not raw.isdigit() or int(raw) < 1:
            sys.exit(f"AGENTWEB_TEST_WORKERS must be a whole number of at least 1, not {raw!r}")
        return int(raw)
    return max(1, min(os.cpu_count() or 1, MAX_WORKERS))


def chromium() -> str | None:
    wanted = os.environ.get("AGENTWEB_CHROMIUM") or "chromium"
    path = wanted if os.path.isabs(wanted) else shutil.which(wanted)
    return path if path and os.access(path, os.X_OK) else None


def has_service_programs() -> bool:
    pg = all(shutil.which(p) or (PG_FALLBACK_BIN / p).exists() for p in ("initdb", "pg_ctl"))
    return pg and shutil.which("redis-server") is not None


def run_browser(args: list[str]) -> Outcome:
    path = chromium()
    if path is None:
        return Outcome(
            "browser",
            False,
            os.environ.get("AGENTWEB_REQUIRE_BROWSER") != "1",
            "Chromium not found: `apt-get install chromium` (or set AGENTWEB_CHROMIUM)",
        )
    env = {**os.environ, "AGENTWEB_CHROMIUM": path, "AGENTWEB_REQUIRE_BROWSER": "1"}
    return Outcome("browser", True, pytest("browser", args, env))


def run_scale(args: list[str]) -> Outcome:
    given = os.environ.get("AGENTWEB_TEST_POSTGRES_URL") and os.environ.get(
        "AGENTWEB_TEST_REDIS_URL"
    )
    env = {**os.environ, "AGENTWEB_REQUIRE_SCALE": "1"}
    if given:
        return Outcome("scale", True, pytest("scale", args, env))
    if not has_service_programs():
        return Outcome(
            "scale",
            False,
            os.environ.get("AGENTWEB_REQUIRE_SCALE") != "1",
            "PostgreSQL 15 and Redis not found: `apt-get install postgresql-15 redis-server` "
            "(or set AGENTWEB_TEST_POSTGRES_URL and AGENTWEB_TEST_REDIS_URL)",
        )
    services = Path(tempfile.mkdtemp(prefix="agentweb-test-services."))
    services.chmod(0o755)  # PostgreSQL runs as another user when we are root
    manage = [PYTHON, "scripts/services.py"]
    try:
        started = subprocess.run(
            [*manage, "start", "--dir", str(services)],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        if started.returncode != 0:
            print(started.stdout, started.stderr, sep="\n", file=sys.stderr)
            return Outcome("scale", True, False, "PostgreSQL or Redis did not start (see above)")
        for line in started.stdout.splitlines():
            name, _, value = line.removeprefix("export ").partition("=")
            env[name] = value
        return Outcome("scale", True, pytest("scale", args, env), "servers started for the run")
    finally:
        subprocess.run([*manage, "stop", "--dir", str(services)], cwd=ROOT, capture_output=True)
        shutil.rmtree(services, ignore_errors=True)


def summary(outcomes: list[Outcome]) -> None:
    print("\n=== test suites")
    for o in outcomes:
        state = ("passed" if o.passed else "FAILED") if o.ran else "NOT RUN"
        print(f"  {o.suite:<8} {state}{f' — {o.note}' if o.note else ''}")
    skipped = [o for o in outcomes if not o.ran]
    if skipped:
        print("  Suites not run are not tested on this machine; the notes say how to enable them.")


def main(args: list[str]) -> int:
    workers = main_workers()
    spread = ["-n", str(workers)] if workers > 1 else []
    main_suite = pytest("not browser and not scale", [*spread, *args], dict(os.environ))
    outcomes = [Outcome("main", True, main_suite)]
    outcomes.append(run_browser(args))
    outcomes.append(run_scale(args))
    summary(outcomes)
    return 0 if all(o.passed for o in outcomes) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
