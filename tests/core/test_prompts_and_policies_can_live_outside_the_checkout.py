"""AGENTWEB_PROMPTS_DIR and AGENTWEB_SYSTEM_CONFIG: a deployment's own files, from its env."""

import json
import shutil
from pathlib import Path

from tests.core.startup import ROOT, TEST_KEY, refused, start


def _deployment(tmp_path: Path) -> tuple[Path, Path]:
    prompts = shutil.copytree(ROOT / "prompts", tmp_path / "prompts")
    (prompts / "chat.txt").write_text("You are the deployment's own chat prompt.")
    config = tmp_path / "system-agent.json"
    policy = json.loads((ROOT / "config/system/system-agent.json").read_text())
    policy["policies"]["system:reasoning"]["reactIterations"] = 2
    config.write_text(json.dumps(policy))
    return prompts, config


def test_the_files_named_in_the_environment_are_the_ones_runs_read(tmp_path):
    prompts, config = _deployment(tmp_path)
    code = (
        "from django.conf import settings\n"
        "from agentweb.workflows.policies import PolicyBook\n"
        "from agentweb.workflows.prompts import PromptBook\n"
        "print(PromptBook(settings.AGENTWEB_PROMPTS_DIR).snapshot()['chat'])\n"
        "print(PolicyBook(settings.AGENTWEB_SYSTEM_CONFIG).get('system:reasoning').react_iterations)"
    )
    env = {"AGENTWEB_PROMPTS_DIR": str(prompts), "AGENTWEB_SYSTEM_CONFIG": str(config)}

    done = start({**env, "AGENTWEB_SECRET_KEY": TEST_KEY}, code)

    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-2:] == ["You are the deployment's own chat prompt.", "2"]


def test_a_path_that_does_not_exist_stops_the_server(tmp_path):
    missing = tmp_path / "nowhere"

    assert "AGENTWEB_PROMPTS_DIR" in refused({"AGENTWEB_PROMPTS_DIR": str(missing)})
    assert "AGENTWEB_SYSTEM_CONFIG" in refused({"AGENTWEB_SYSTEM_CONFIG": str(missing)})
