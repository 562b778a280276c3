"""Datasets in the trace viewer: thin views over ``datasets`` (reviewers and admins).

A run goes into a dataset from its page, the runs of a filtered list from the list;
a dataset imports and exports JSONL. Every action answers a refusal with a short
page saying why, and changes nothing then.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from django.contrib import messages
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from pydantic import Field

from agentweb.assistant.models import Run
from agentweb.lib.inputs.errors import Refusal
from agentweb.lib.inputs.fields import Text, matching
from agentweb.lib.inputs.http import reads
from agentweb.lib.inputs.models import Params
from agentweb.traces import dataset_lines, datasets
from agentweb.traces.access import can_curate, can_experiment, readable_run, role_view
from agentweb.traces.filters import MAX_TEXT, RunFilterForm
from agentweb.traces.models import Dataset
from agentweb.traces.models.datasets import NAME_LENGTH, NOTES_LENGTH

REFUSED = "Datasets are for reviewers and admins."
# A pasted JSONL file: as much as a form carries (Django's own limit is 2.5 MB).
MAX_JSONL = 2_000_000
# Expected facts, one per line.
MAX_FACTS_TEXT = 20_000
FILTER_CHOICE = 64

DatasetName = Annotated[Text, Field(min_length=1, max_length=NAME_LENGTH)]
DateText = matching(r"(\d{4}-\d{2}-\d{2})?", "a date (YYYY-MM-DD) or nothing", "2026-05-01")
Choice = Annotated[Text, Field(max_length=FILTER_CHOICE)]
OptionalLanguage = matching(
    dataset_lines.LANGUAGE_PATTERN + "|", "a language code such as en or zh, or nothing", "zh"
)


def curator(*methods: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    return role_view(can_curate, *methods, refused=REFUSED)


@curator("GET")
@reads(errors="page")
def dataset_list(request: HttpRequest) -> HttpResponse:
    found = Dataset.objects.annotate(size=Count("items")).order_by("name")
    rows = [(dataset, dataset.size) for dataset in found]
    context = {
        "rows": rows,
        "max_name": NAME_LENGTH,
        "may_experiment": can_experiment(request.user),
    }
    return render(request, "traces/datasets.html", context)


class NewDataset(Params):
    name: DatasetName
    description: Annotated[Text, Field(max_length=NOTES_LENGTH)] = ""


@curator("POST")
@reads(form=NewDataset, errors="page")
def dataset_new(request: HttpRequest, *, form: NewDataset) -> HttpResponse:
    if Dataset.objects.filter(name=" ".join(form.name.split())).exists():
        raise Refusal("exists", f"There is a dataset named {form.name} already.", 409)
    dataset = datasets.dataset_named(form.name, request.user)
    if form.description:
        Dataset.objects.filter(pk=dataset.pk).update(description=form.description)
    return redirect("traces:dataset", dataset.pk)


@curator("GET")
@reads(errors="page")
def dataset_page(request: HttpRequest, dataset_id: int) -> HttpResponse:
    dataset = datasets.dataset_by_id(dataset_id)
    context = {
        "dataset": dataset,
        "items": dataset.items.select_related("source_run").order_by("id"),
        "may_experiment": can_experiment(request.user),
        "max_lines": dataset_lines.MAX_LINES,
    }
    return render(request, "traces/dataset.html", context)


@curator("GET")
@reads(errors="page")
def dataset_export(request: HttpRequest, dataset_id: int) -> HttpResponse:
    dataset = datasets.dataset_by_id(dataset_id)
    response = HttpResponse(
        datasets.export_lines(dataset), content_type="application/x-ndjson; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="dataset-{dataset.pk}.jsonl"'
    return response


class ImportLines(Params):
    jsonl: Annotated[Text, Field(min_length=1, max_length=MAX_JSONL)]


@curator("POST")
@reads(form=ImportLines, errors="page")
def dataset_import(request: HttpRequest, dataset_id: int, *, form: ImportLines) -> HttpResponse:
    dataset = datasets.dataset_by_id(dataset_id)
    added = datasets.import_lines(dataset, form.jsonl, request.user)
    messages.success(request, _added_message(added))
    return redirect("traces:dataset", dataset.pk)


@curator("POST")
@reads(errors="page")
def dataset_item_delete(request: HttpRequest, dataset_id: int, item_id: int) -> HttpResponse:
    dataset = datasets.dataset_by_id(dataset_id)
    datasets.remove_item(dataset, item_id)
    messages.success(request, _("The question was removed from the dataset."))
    return redirect("traces:dataset", dataset.pk)


class AddRun(Params):
    dataset: DatasetName
    # Empty: read from the question (``language_of``).
    language: OptionalLanguage = ""
    expected: Annotated[Text, Field(max_length=MAX_FACTS_TEXT)] = ""
    notes: Annotated[Text, Field(max_length=NOTES_LENGTH)] = ""


@curator("POST")
@reads(form=AddRun, errors="page")
def add_run(request: HttpRequest, run_id: int, *, form: AddRun) -> HttpResponse:
    """The run's question into a dataset (made when the name is new), from its page."""
    run = _run(request, run_id)
    added = datasets.add_run(
        run,
        form.dataset,
        request.user,
        expected=datasets.facts_of(form.expected),
        notes=form.notes,
        language=form.language,
    )
    messages.success(request, _added_message(added))
    return redirect("traces:run", run.pk)


class AddRuns(Params):
    """A dataset's name and the run list's filters (``RunFilterForm``'s fields)."""

    dataset: DatasetName
    player: Annotated[Text, Field(max_length=150)] = ""
    workflow: Choice = ""
    status: Choice = ""
    stop: Choice = ""
    failure: Choice = ""
    feedback: Choice = ""
    experiment: Choice = ""
    since: DateText = ""
    until: DateText = ""
    q: Annotated[Text, Field(max_length=MAX_TEXT)] = ""


@curator("POST")
@reads(form=AddRuns, errors="page")
def add_runs(request: HttpRequest, *, form: AddRuns) -> HttpResponse:
    """Every run the list's filters match into a dataset ("every 👎 of the week")."""
    filters = RunFilterForm(form.model_dump(exclude={"dataset"}))
    if not filters.is_valid():
        problems = [f"{name}: {' '.join(errors)}" for name, errors in filters.errors.items()]
        raise Refusal("bad_filters", "; ".join(problems), 400)
    added = datasets.add_runs(filters.apply(Run.objects.all()), form.dataset, request.user)
    messages.success(request, _added_message(added))
    return redirect(reverse("traces:dataset", args=[added.dataset.pk]))


def _run(request: HttpRequest, run_id: int) -> Run:
    try:
        return readable_run(request.user, run_id)
    except Refusal:
        raise Refusal("not_found", f"There is no run {run_id}.", 404) from None


def _added_message(added: datasets.Added) -> str:
    return _("%(added)d added to %(name)s; %(skipped)d already there.") % {
        "added": added.added,
        "name": added.dataset.name,
        "skipped": added.skipped,
    }
