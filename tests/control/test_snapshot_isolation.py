"""A run keeps the policy and prompts it started with (R-POL-4)."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync

from agentweb.control import config
from agentweb.control.models import PolicyOverride, PromptVersion
from agentweb.engine.policy import MODULE_DEFAULTS, REASONING

pytestmark = pytest.mark.django_db


def override(**changes) -> PolicyOverride:
    return PolicyOverride.objects.create(
        workflow=REASONING, config={**MODULE_DEFAULTS[REASONING].as_config(), **changes}
    )


def test_a_policy_edited_after_a_snapshot_does_not_change_that_snapshot():
    running = config.policy_lookup()

    saved = override(modelCalls=2)
    saved.config = {**saved.config, "modelCalls": 1}
    saved.save()

    assert running(REASONING) == MODULE_DEFAULTS[REASONING]
    assert config.policy_lookup()(REASONING).model_calls == 1


def test_a_prompt_edited_after_a_snapshot_does_not_change_that_snapshot():
    running = config.prompt_snapshot()

    PromptVersion.objects.create(name="react", text="A new way to decide.")

    assert running["react"] != "A new way to decide."
    assert config.prompt_snapshot()["react"] == "A new way to decide."


def test_a_deleted_override_brings_back_the_default():
    saved = override(modelCalls=2)
    assert config.policy_lookup()(REASONING).model_calls == 2

    saved.delete()

    assert config.policy_lookup()(REASONING) == MODULE_DEFAULTS[REASONING]


def test_an_override_saved_around_the_form_is_skipped_when_invalid():
    PolicyOverride.objects.create(workflow=REASONING, config={"modelCalls": 2})

    assert config.policy_lookup()(REASONING) == MODULE_DEFAULTS[REASONING]


def test_an_unknown_workflow_has_no_policy():
    with pytest.raises(KeyError, match="system:nope"):
        config.policy_lookup()("system:nope")


def test_the_async_snapshot_has_policies_prompts_and_switches(settings):
    settings.AGENTWEB_SEARCH_URL = "http://search.invalid"
    override(toolCalls=1)

    snapshot = async_to_sync(config.aruntime_snapshot)()

    assert snapshot.policy(REASONING).tool_calls == 1
    assert "react" in snapshot.prompts
    assert snapshot.web_search_enabled is True
    assert snapshot.purge_on_forget is False


def test_external_search_is_off_by_default_without_a_search_url(settings):
    settings.AGENTWEB_SEARCH_URL = None

    assert config.web_search_enabled() is False
