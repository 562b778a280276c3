"""R-UI-2: a run exported as JSON re-imports as a new run with the same trace."""

import io
import json

import pytest
from django.core.management import CommandError, call_command

from agentweb.assistant.models import Run
from agentweb.traces.export import FORMAT, export_run
from agentweb.traces.importer import TraceImportError, import_trace
from agentweb.traces.models import ImportedRun

pytestmark = pytest.mark.django_db

# What legitimately changes on the way: the new run's id and owner, the export time.
CHANGES = ("id", "player")


def _comparable(document):
    document = json.loads(json.dumps(document))
    document.pop("exported_at")
    for key in CHANGES:
        document["run"].pop(key)
    return document


def test_the_export_has_a_versioned_format_and_every_part_of_the_run(alice, record_run):
    run = record_run(alice, sources=[{"n": 1, "title": "Torch"}])

    document = export_run(run)

    assert document["format"] == FORMAT == "agentweb.trace/v1"
    assert set(document) == {
        "format", "exported_at", "run", "policy_snapshot", "prompt_snapshot", "usage", "events"
    }  # fmt: skip
    assert document["run"]["player"] == "alice"
    assert document["run"]["question"] == "how do I craft a torch"
    assert document["run"]["started_at"] == "2026-05-01T12:00:00+00:00"
    assert document["policy_snapshot"]["modelCalls"] == 4
    assert document["prompt_snapshot"]["react"] == "You are the react prompt."
    assert [e["seq"] for e in document["events"]] == list(range(1, 14))
    assert set(document["events"][0]) == {"seq", "kind", "ts", "data"}


def test_an_imported_export_exports_the_same_trace_again(alice, rita, record_run):
    original = record_run(alice)
    document = export_run(original)

    copy = import_trace(json.loads(json.dumps(document)), rita, source="bug-42.json")

    assert copy.pk != original.pk and copy.user == rita
    assert _comparable(export_run(copy)) == _comparable(document)
    imported = ImportedRun.objects.get(run=copy)
    assert (imported.source_run_id, imported.source_player) == (original.pk, "alice")


def test_a_run_exported_while_running_imports_as_interrupted(alice, rita, record_run):
    document = export_run(record_run(alice, status="running"))

    copy = import_trace(document, rita)

    assert copy.status == "interrupted", "an imported run is never picked up by an executor"


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: d.update(format="agentweb.trace/v9"),
        lambda d: d.pop("format"),
        lambda d: d.update(run="nope"),
        lambda d: d.update(events={"seq": 1}),
        lambda d: d["events"].append(dict(d["events"][0])),
        lambda d: d["events"][0].update(ts="yesterday"),
        lambda d: d["events"][0].update(kind="rethink"),
        lambda d: d["events"][0].update(data=["not", "an", "object"]),
        lambda d: d["events"][0].pop("kind"),
    ],
)
def test_a_document_it_cannot_read_is_refused_and_creates_nothing(alice, rita, record_run, mutate):
    document = export_run(record_run(alice))
    mutate(document)
    before = Run.objects.count()

    with pytest.raises(TraceImportError):
        import_trace(document, rita)

    assert Run.objects.count() == before


def test_the_management_commands_export_and_import_a_run(alice, rita, record_run, tmp_path):
    run = record_run(alice)
    out = io.StringIO()
    call_command("export_trace", str(run.pk), stdout=out)
    path = tmp_path / "run.json"
    path.write_text(out.getvalue())

    done = io.StringIO()
    call_command("import_trace", str(path), "--user", "rita", stdout=done)

    copy = Run.objects.exclude(pk=run.pk).get()
    assert f"imported as run {copy.pk} (13 events)" in done.getvalue()
    assert copy.events.count() == 13 and copy.user == rita


def test_the_import_command_explains_a_bad_file(rita, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"format": "something else"}')

    with pytest.raises(CommandError, match="expected format"):
        call_command("import_trace", str(path), "--user", "rita")
