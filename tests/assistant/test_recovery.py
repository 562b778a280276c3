"""R-REL-1: runs left running by a stopped server become interrupted; traces stay readable."""

from datetime import UTC, datetime

import pytest
from django.core.management import call_command

from agentweb.assistant.models import Run, RunEvent

pytestmark = pytest.mark.django_db


def test_runs_left_running_are_marked_interrupted_and_keep_their_events(alice):
    running = Run.objects.create(user=alice, question="q", status="running", last_seq=2)
    RunEvent.objects.create(run=running, seq=1, kind="run.started", data={}, ts=datetime.now(UTC))
    RunEvent.objects.create(run=running, seq=2, kind="round.started", data={}, ts=datetime.now(UTC))
    done = Run.objects.create(user=alice, question="q2", status="completed")

    call_command("recover_runs", verbosity=0)

    running.refresh_from_db()
    done.refresh_from_db()
    assert running.status == "interrupted"
    assert running.stop_reason["code"] == "interrupted"
    kinds = list(running.events.order_by("seq").values_list("kind", flat=True))
    assert kinds == ["run.started", "round.started", "run.finished"]
    assert running.events.get(seq=3).data["stop_reason"]["code"] == "interrupted"
    assert done.status == "completed"
    assert not done.events.exists()
