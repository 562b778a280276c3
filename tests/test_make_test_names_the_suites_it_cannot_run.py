"""`make test` on a machine without Chromium, PostgreSQL or Redis says which suites it left out."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Selects no test at all, from one small file: the runner's decisions are what is
# checked, quickly (collecting the whole suite would take most of the time).
NOTHING = ["-q", "-k", "no_test_has_this_name_at_all", "tests/test_import_layers.py"]


def _run(tmp_path: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("AGENTWEB_TEST_", "AGENTWEB_REQUIRE_", "AGENTWEB_CHROMIUM"))
    }
    # An empty PATH: no chromium, no redis-server, no initdb on it.
    # One process: starting test workers would only slow the check down.
    env.update({"PATH": str(tmp_path), "AGENTWEB_TEST_WORKERS": "1", **extra})
    return subprocess.run(
        [sys.executable, "scripts/test_suites.py", *NOTHING],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_the_summary_names_each_suite_not_run_and_how_to_enable_it(tmp_path):
    done = _run(tmp_path)

    assert done.returncode == 0, done.stdout + done.stderr
    summary = done.stdout[done.stdout.index("=== test suites") :]
    assert "main     passed" in summary
    assert "browser  NOT RUN" in summary and "apt-get install chromium" in summary
    assert "scale    NOT RUN" in summary and "AGENTWEB_TEST_POSTGRES_URL" in summary


def test_when_a_suite_is_required_its_absence_fails_the_run(tmp_path):
    done = _run(tmp_path, AGENTWEB_REQUIRE_BROWSER="1")

    assert done.returncode == 1
    assert "browser  NOT RUN" in done.stdout


def test_a_malformed_worker_count_stops_the_run_naming_the_setting(tmp_path):
    done = _run(tmp_path, AGENTWEB_TEST_WORKERS="²")

    assert done.returncode != 0
    assert "AGENTWEB_TEST_WORKERS" in done.stderr
    assert "=== test suites" not in done.stdout
