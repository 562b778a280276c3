"""Reloading prompts/ and system-agent.json without a restart (R-POL-3, R-POL-5)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.core.management import call_command

from agentweb.control.config import policy_lookup, prompt_snapshot, reload_from_files
from agentweb.control.models import AssistantSettings
from agentweb.engine.policy import MODULE_DEFAULTS, QUESTION, REASONING

pytestmark = pytest.mark.django_db


@pytest.fixture
def files(tmp_path, settings) -> Path:
    """A private copy of prompts/ and system-agent.json the test may rewrite."""
    shutil.copytree(django_settings.AGENTWEB_PROMPTS_DIR, tmp_path / "prompts")
    config = tmp_path / "system-agent.json"
    config.write_text(json.dumps({"policies": {}}))
    settings.AGENTWEB_PROMPTS_DIR = tmp_path / "prompts"
    settings.AGENTWEB_SYSTEM_CONFIG = config
    return tmp_path


def write_policies(files: Path, policies: dict) -> None:
    (files / "system-agent.json").write_text(json.dumps({"policies": policies}))


def complete(**changes) -> dict:
    return {**MODULE_DEFAULTS[QUESTION].as_config(), **changes}


def test_a_changed_file_policy_applies_after_a_reload(files):
    assert policy_lookup()(QUESTION).tool_calls == 9
    write_policies(files, {QUESTION: complete(toolCalls=5)})

    assert policy_lookup()(QUESTION).tool_calls == 9  # not before the reload
    assert reload_from_files() == []
    assert policy_lookup()(QUESTION).tool_calls == 5


def test_a_partial_file_policy_keeps_the_module_default_and_names_the_field(files):
    partial = complete()
    del partial["modelTimeoutMillis"]
    write_policies(files, {QUESTION: partial})

    problems = reload_from_files()

    assert len(problems) == 1
    assert QUESTION in problems[0]
    assert "modelTimeoutMillis: missing" in problems[0]
    assert policy_lookup()(QUESTION) == MODULE_DEFAULTS[QUESTION]


def test_a_malformed_file_policy_keeps_the_module_default(files):
    write_policies(files, {QUESTION: complete(totalTokens="lots")})

    problems = reload_from_files()

    assert "totalTokens" in problems[0]
    assert policy_lookup()(QUESTION) == MODULE_DEFAULTS[QUESTION]


def test_a_file_that_is_not_json_keeps_the_defaults(files):
    (files / "system-agent.json").write_text('{"policies": {')

    problems = reload_from_files()

    assert "not valid JSON" in problems[0]
    assert policy_lookup()(QUESTION) == MODULE_DEFAULTS[QUESTION]


def test_an_unknown_workflow_id_in_the_file_is_reported(files):
    write_policies(files, {"system:reasonning": complete()})

    problems = reload_from_files()

    assert any("unknown workflow id 'system:reasonning'" in p for p in problems)


def test_react_iterations_fallback_and_zero_in_the_file(files):
    missing = complete()
    del missing["reactIterations"]
    write_policies(files, {QUESTION: missing, REASONING: complete(reactIterations=0)})

    problems = reload_from_files()

    assert problems == [
        f"system-agent.json: {QUESTION}: reactIterations: missing (a policy is a complete "
        "object); reactIterations falls back to 3"
    ]
    assert policy_lookup()(QUESTION).react_iterations == 3
    assert not policy_lookup()(REASONING).loop_enabled


def test_an_edited_prompt_file_applies_after_a_reload(files):
    before = prompt_snapshot()["router"]
    (files / "prompts" / "router.txt").write_text("Route carefully.\n")
    assert prompt_snapshot()["router"] == before

    reload_from_files()

    assert prompt_snapshot()["router"] == "Route carefully."


def test_a_missing_prompt_file_keeps_the_prompts_loaded_before(files):
    before = prompt_snapshot()
    (files / "prompts" / "react.txt").unlink()

    problems = reload_from_files()

    assert any("react" in p and "stay in force" in p for p in problems)
    assert prompt_snapshot() == before


def test_a_reload_elsewhere_reaches_this_process(files):
    """Another process (the command, another server) bumps the version; we follow."""
    policy_lookup()
    write_policies(files, {QUESTION: complete(toolCalls=4)})

    AssistantSettings.bump_files_version()

    assert policy_lookup()(QUESTION).tool_calls == 4


def test_the_management_command_reports_problems_and_fails(files, capsys):
    write_policies(files, {QUESTION: {"modelCalls": 1}})

    with pytest.raises(SystemExit) as exit_info:
        call_command("reload_config")

    assert exit_info.value.code == 1
    assert "toolCalls: missing" in capsys.readouterr().err


def test_the_management_command_succeeds_on_good_files(files, capsys):
    call_command("reload_config")

    assert "no problems found" in capsys.readouterr().out
