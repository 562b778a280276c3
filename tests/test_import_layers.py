"""The import rules hold: no upward import (engine ← workflows ← apps), no import cycle."""

import subprocess
import sys
from pathlib import Path

from agentweb.lib.layers import check

ROOT = Path(__file__).resolve().parents[1]


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    for directory in {p.parent for p in root.rglob("*.py")}:
        (directory / "__init__.py").touch()
    return root


def test_the_project_breaks_no_rule():
    assert check(ROOT) == []


def test_python_m_agentweb_lib_layers_exits_zero_on_the_project():
    done = subprocess.run(
        [sys.executable, "-m", "agentweb.lib.layers"], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout
    assert "no upward import" in done.stdout


def test_an_engine_module_importing_a_workflow_is_reported(tmp_path):
    root = write(
        tmp_path,
        {
            "agentweb/engine/loop.py": "from agentweb.workflows.env import Request\n",
            "agentweb/workflows/env.py": "Request = object\n",
        },
    )
    (problem,) = check(root)
    assert "agentweb.engine.loop (line 1) imports agentweb.workflows.env" in problem


def test_core_importing_an_app_is_reported(tmp_path):
    root = write(
        tmp_path,
        {
            "agentweb/core/commands.py": "def f():\n    from agentweb.game import demo\n",
            "agentweb/game/demo.py": "",
        },
    )
    assert check(root) == [
        "agentweb.core.commands (line 2) imports agentweb.game.demo: game is not below core"
    ]


def test_a_cycle_hidden_inside_a_function_is_reported(tmp_path):
    root = write(
        tmp_path,
        {
            "agentweb/assistant/executor.py": (
                "def start():\n    from agentweb.assistant import services\n"
            ),
            "agentweb/assistant/services.py": "from agentweb.assistant.executor import start\n",
        },
    )
    assert check(root) == [
        "import cycle: agentweb.assistant.executor → agentweb.assistant.services"
    ]


def test_imports_for_type_annotations_only_do_not_count(tmp_path):
    root = write(
        tmp_path,
        {
            "agentweb/engine/tools.py": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n    from agentweb.engine.context import Context\n"
            ),
            "agentweb/engine/context.py": "from agentweb.engine.tools import Tool\n",
        },
    )
    assert check(root) == []


def test_a_package_in_no_layer_is_reported(tmp_path):
    root = write(
        tmp_path,
        {
            "agentweb/newapp/views.py": "from agentweb.engine import loop\n",
            "agentweb/engine/loop.py": "",
        },
    )
    assert check(root) == ["agentweb.newapp.views: its package is in no layer (add it to LAYERS)"]
