"""Each process keeps a copy of the assistant settings row: a run start reads no
settings row while nothing changed, and an admin's change applies to the next
run — at once in this process, when told (the control group) in another, and
within the fallback time if the message was lost.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from agentweb.assistant.runs.executor import LocalExecutor
from agentweb.control import config, quotas, settings_cache
from agentweb.control.models import AssistantSettings, PolicyOverride
from agentweb.engine.policy import MODULE_DEFAULTS, REASONING

pytestmark = pytest.mark.django_db

TABLE = AssistantSettings._meta.db_table


def settings_reads(queries: CaptureQueriesContext) -> int:
    return sum(1 for q in queries.captured_queries if TABLE in q["sql"])


@pytest.fixture(autouse=True)
def fresh_copy():
    AssistantSettings.load()  # made before the test: making the row is a change too
    settings_cache.clear()
    yield
    settings_cache.clear()


def changed_elsewhere(**fields) -> None:
    """Another process's change: the row is written, this process is not told."""
    AssistantSettings.objects.update(**fields)


def test_a_second_run_start_reads_no_settings_row():
    config.runtime_snapshot()

    with CaptureQueriesContext(connection) as queries:
        snapshot = config.runtime_snapshot()
        quotas.model_slot_limit()

    assert settings_reads(queries) == 0
    assert snapshot.purge_on_forget is False


def test_an_admins_save_here_applies_to_the_next_run_start():
    assert config.runtime_snapshot().purge_on_forget is False
    row = AssistantSettings.load()
    row.purge_on_forget = True
    row.max_concurrent_model_calls = 3
    row.save()

    assert config.runtime_snapshot().purge_on_forget is True
    assert quotas.model_slot_limit() == 3


def test_a_policy_override_saved_here_reaches_the_next_run_start():
    before = config.runtime_snapshot()
    PolicyOverride.objects.create(
        workflow=REASONING, config={**MODULE_DEFAULTS[REASONING].as_config(), "modelCalls": 2}
    )

    after = config.runtime_snapshot()

    assert after.config_version == before.config_version + 1
    assert after.policy(REASONING).model_calls == 2


def test_a_change_in_another_process_applies_once_the_control_group_tells_this_one():
    assert config.web_search_enabled() is False
    changed_elsewhere(external_search_enabled=True)
    assert config.web_search_enabled() is False  # not told yet: the copy stands

    LocalExecutor().on_control({"type": "settings.changed"})

    assert config.web_search_enabled() is True


def test_without_the_message_a_copy_is_read_again_after_the_fallback_time():
    assert config.purge_on_forget() is False
    changed_elsewhere(purge_on_forget=True)

    settings_cache._copy.read_at -= settings_cache.FALLBACK_REFRESH_S  # time passes

    assert config.purge_on_forget() is True


def test_a_read_that_raced_with_a_change_is_not_kept(monkeypatch):
    real_load = AssistantSettings.load

    def load_then_change():
        row = real_load()
        settings_cache.clear()  # a change told while the row was on its way
        return row

    monkeypatch.setattr(AssistantSettings, "load", load_then_change)
    settings_cache.current()
    monkeypatch.setattr(AssistantSettings, "load", real_load)

    with CaptureQueriesContext(connection) as queries:
        settings_cache.current()

    assert settings_reads(queries) == 1


def test_a_committed_change_is_announced_for_the_other_processes(
    django_capture_on_commit_callbacks,
):
    told = []

    def hear(sender, **_):
        told.append(sender)

    settings_cache.switches_changed.connect(hear)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            row = AssistantSettings.load()
            row.purge_on_forget = True
            row.save()
    finally:
        settings_cache.switches_changed.disconnect(hear)

    assert told and set(told) == {AssistantSettings}
