"""Without ``agentweb.ftb`` in INSTALLED_APPS none of its code is imported (R-TOOL-3)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json, sys
import django
from django.conf import settings
django.setup()
from agentweb.core.commands import commands
from agentweb.core.tooling import registry
print(json.dumps({
    "apps": settings.INSTALLED_APPS,
    "ftb_modules": sorted(m for m in sys.modules if m.startswith("agentweb.ftb")),
    "tools": registry.types(),
    "commands": [c["name"] for c in commands.snapshot()],
}))
"""


def probe(settings_module: str) -> dict:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": settings_module}
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_without_the_ftb_app_its_tools_and_commands_are_gone():
    out = probe("tests.game.settings_without_ftb")
    assert "agentweb.ftb" not in out["apps"]
    assert out["ftb_modules"] == []
    assert not [t for t in out["tools"] if t.startswith("ftb.")]
    assert {"item.query", "item.source", "player.info", "database.query"} <= set(out["tools"])
    assert "/quest" not in out["commands"]
    assert "/item" in out["commands"]


def test_with_the_ftb_app_its_tools_are_registered():
    out = probe("agentweb.settings")
    assert {"ftb.quest.find", "ftb.quest.detail", "ftb.quest.query", "ftb.quest.claim"} <= set(
        out["tools"]
    )
    assert "/quest" in out["commands"]
