"""Start the project's settings in a fresh process, as the server does, under a chosen env."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
# A key of its own, so that tests about other settings start with DEBUG off.
TEST_KEY = "startup-test-key-0123456789abcdefghijklmnopqrstuvwxyz"


def start(env: dict[str, str], code: str = "") -> subprocess.CompletedProcess[str]:
    """``django.setup()``, then ``code``, under ``env`` alone (no inherited AGENTWEB_* variable)."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("AGENTWEB_", "DJANGO_"))}
    clean.update({"DJANGO_SETTINGS_MODULE": "agentweb.settings", **env})
    return subprocess.run(
        [sys.executable, "-c", f"import django\ndjango.setup()\n{code}"],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
        timeout=60,
    )


def started(env: dict[str, str], *names: str) -> dict[str, Any]:
    """The named settings, as strings, of a process started with ``env`` (and a test key)."""
    code = (
        "import json; from django.conf import settings; "
        f"print(json.dumps({{n: str(getattr(settings, n)) for n in {list(names)!r}}}))"
    )
    done = start({"AGENTWEB_SECRET_KEY": TEST_KEY, **env}, code)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def refused(env: dict[str, str]) -> str:
    """The message the server stops with (the last line of the traceback)."""
    done = start({"AGENTWEB_SECRET_KEY": TEST_KEY, **env})
    assert done.returncode != 0, done.stdout
    return done.stderr.strip().splitlines()[-1]
