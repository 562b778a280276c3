"""R-MEM-1 in the viewer: undone, forgotten and redacted runs say so, in the list and the page."""

import pytest

from agentweb.assistant import actions
from agentweb.assistant.memory import REDACTED
from agentweb.control.models import AssistantSettings
from agentweb.traces.importer import import_trace
from tests.traces.conftest import client_for

pytestmark = pytest.mark.django_db


def _flags(rita, run_id):
    rows = client_for(rita).get("/traces/").context["page"].rows
    return next(row.flags for row in rows if row.run.pk == run_id)


def test_an_undone_run_is_marked_undone(alice, rita, record_run):
    run = record_run(alice, status="undone")

    html = client_for(rita).get(f"/traces/runs/{run.pk}/").content.decode()

    assert _flags(rita, run.pk) == ["undone"]
    assert "Undone: the player undid this run" in html


def test_a_run_before_a_forget_is_marked_forgotten_but_keeps_its_contents(alice, rita, record_run):
    run = record_run(alice)
    later = record_run(alice, memory_generation=0)

    actions.forget(alice)

    html = client_for(rita).get(f"/traces/runs/{run.pk}/").content.decode()
    assert _flags(rita, run.pk) == _flags(rita, later.pk) == ["forgotten"]
    assert "Forgotten: the player has since cleared his memory" in html
    assert "how do I craft a torch" in html


def test_purge_on_forget_redacts_the_trace_and_the_page_shows_the_redaction(
    alice, rita, record_run
):
    settings_row = AssistantSettings.load()
    settings_row.purge_on_forget = True
    settings_row.save()
    AssistantSettings.bump_config_version()
    run = record_run(alice)

    actions.forget(alice)

    response = client_for(rita).get(f"/traces/runs/{run.pk}/")
    html, detail = response.content.decode(), response.context["d"]
    assert _flags(rita, run.pk) == ["forgotten", "redacted"]
    assert 'Redacted: "purge on forget" removed the messages' in html
    assert "how do I craft a torch" not in html
    model = next(s for s in detail.timeline.steps if s.span == "model")
    assert model.data["request"] == model.data["reply"] == REDACTED
    assert model.data["tokens_in"] == 30, "the shape stays: token counts, timings, tool names"
    assert next(s for s in detail.timeline.steps if s.span == "tool").data["tool"] == "item.source"


def test_an_imported_run_says_where_it_came_from(alice, rita, record_run):
    from agentweb.traces.export import export_run

    copy = import_trace(export_run(record_run(alice)), rita, source="bug-7.json")

    html = client_for(rita).get(f"/traces/runs/{copy.pk}/").content.decode()

    assert "imported" in _flags(rita, copy.pk)
    assert "Imported from bug-7.json" in html and "of alice" in html
