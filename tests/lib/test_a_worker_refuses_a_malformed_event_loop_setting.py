"""``manage.py run_worker`` with a malformed ``AGENTWEB_EVENT_LOOP`` stops with a clear
error naming the variable, before it claims or runs anything."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from agentweb.assistant.models import Run


@pytest.mark.django_db
def test_it_stops_naming_the_variable_and_runs_nothing(monkeypatch, settings):
    settings.AGENTWEB_EXECUTOR = "worker"
    monkeypatch.setenv("AGENTWEB_EVENT_LOOP", "tokio")
    with pytest.raises(CommandError, match="AGENTWEB_EVENT_LOOP='tokio' must be one of"):
        call_command("run_worker", "--name", "w-test")
    assert not Run.objects.filter(lease_owner="w-test").exists()
