"""A policy file reloaded with bad entries keeps the last good policy for them; the admin
is told the file, the workflow and the field (R-POL-3, R-POL-5)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.urls import reverse

from agentweb.control import config
from agentweb.control.config import policy_lookup, reload_from_files
from agentweb.control.models import PolicyOverrideVersion
from agentweb.engine.policy import MODULE_DEFAULTS, QUESTION, REASONING

pytestmark = pytest.mark.django_db

DEFAULT = MODULE_DEFAULTS[QUESTION].as_config()
EFFECTIVE = "admin:control_effectivepolicypage_changelist"


@pytest.fixture
def policy_file(tmp_path, settings) -> Path:
    path = tmp_path / "system-agent.json"
    path.write_text(json.dumps({"policies": {}}))
    settings.AGENTWEB_SYSTEM_CONFIG = path
    return path


def write(path: Path, **policies) -> None:
    path.write_text(json.dumps({"policies": {QUESTION: policies}}))


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"reactIterations": 51}, "reactIterations"),
        ({"reactIterations": "abc"}, "reactIterations"),
        ({"modelCalls": -5}, "modelCalls"),
        ({"toolCalls": 1.5}, "toolCalls"),
        ({"ttlMillis": 10}, "ttlMillis"),
        ({"modelTimeoutMillis": 95_000}, "modelTimeoutMillis"),
        ({"writeSteps": 31}, "writeSteps"),
        ({"autoRethink": 1}, "autoRethink"),
        ({"unknown": 1}, "unknown"),
    ],
)
def test_a_bad_entry_keeps_the_last_good_policy_and_names_file_workflow_and_field(
    policy_file, changes, field
):
    write(policy_file, **{**DEFAULT, "toolCalls": 5})
    assert reload_from_files() == []
    assert policy_lookup()(QUESTION).tool_calls == 5

    write(policy_file, **{**DEFAULT, "toolCalls": 5, "steps": 30, **changes})
    problems = reload_from_files()

    assert len(problems) == 1
    assert problems[0].startswith(f"system-agent.json: {QUESTION}: {field}: ")
    assert problems[0].endswith("the last good policy from the file stays in force")
    assert policy_lookup()(QUESTION).tool_calls == 5
    assert policy_lookup()(QUESTION).steps == DEFAULT["steps"], "the bad entry's steps: not used"


def test_a_missing_field_keeps_the_last_good_policy_not_the_fallback(policy_file):
    write(policy_file, **{**DEFAULT, "reactIterations": 5})
    reload_from_files()
    write(policy_file, **{k: v for k, v in DEFAULT.items() if k != "reactIterations"})

    (problem,) = reload_from_files()

    assert f"{QUESTION}: reactIterations: missing" in problem
    assert policy_lookup()(QUESTION).react_iterations == 5, "not 3: the last good stays"


def test_with_nothing_good_before_the_seed_fallbacks_apply(policy_file):
    write(policy_file, **{**DEFAULT, "reactIterations": -1})
    assert "reactIterations falls back to 3" in reload_from_files()[0]
    assert policy_lookup()(QUESTION).react_iterations == 3

    config.clear_cache()
    PolicyOverrideVersion.objects.all().delete()
    write(policy_file, **{**DEFAULT, "modelCalls": -5})
    assert "the module default stays in force" in reload_from_files()[0]
    assert policy_lookup()(QUESTION) == MODULE_DEFAULTS[QUESTION]


def test_a_process_that_never_read_the_good_file_uses_the_last_good_policy_kept(policy_file):
    write(policy_file, **{**DEFAULT, "toolCalls": 4})
    reload_from_files()
    write(policy_file, **{**DEFAULT, "toolCalls": "four"})

    config.clear_cache()  # a process started after the file went bad

    assert policy_lookup()(QUESTION).tool_calls == 4
    problems = config.policy_book().warnings[QUESTION]
    assert problems[0].startswith(f"system-agent.json: {QUESTION}: toolCalls: ")


def test_a_good_entry_beside_a_bad_one_applies(policy_file):
    policy_file.write_text(
        json.dumps(
            {
                "policies": {
                    QUESTION: {**DEFAULT, "modelCalls": -5},
                    REASONING: {**MODULE_DEFAULTS[REASONING].as_config(), "toolCalls": 2},
                }
            }
        )
    )

    problems = reload_from_files()

    assert [p.split(": ")[1] for p in problems] == [QUESTION]
    assert policy_lookup()(REASONING).tool_calls == 2


def test_the_admin_sees_the_warning_on_the_effective_policies_page(admin_client, policy_file):
    write(policy_file, **DEFAULT)
    reload_from_files()
    write(policy_file, **{**DEFAULT, "modelTimeoutMillis": 95_000})

    response = admin_client.post(
        reverse("admin:control_reload_files"), {"next": reverse(EFFECTIVE)}, follow=True
    )

    page = response.content.decode()
    assert f"system-agent.json: {QUESTION}: modelTimeoutMillis: 95000 is above ttlMillis" in page
    (row,) = [r for r in response.context["rows"] if r["workflow"] == QUESTION]
    assert row["source"] == "file"
    assert "modelTimeoutMillis" in row["warnings"][0]
