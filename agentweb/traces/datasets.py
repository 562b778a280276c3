"""Collecting questions into datasets: one run, a filtered list of runs, a JSONL file.

A question is in a dataset once: adding it again changes nothing and says so
(bulk adds and imports count what they skipped). Every change is one
transaction; a refused one (``Refusal``) changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ObjectDoesNotExist
from django.db import transaction
from django.db.models import QuerySet

from agentweb.assistant.models import Run
from agentweb.lib.inputs.errors import Refusal
from agentweb.lib.language import language_of
from agentweb.traces import dataset_lines
from agentweb.traces.models import Dataset, DatasetItem

# At most this many runs go into a dataset from one filtered list.
MAX_BULK = 1000
# Names offered for completion where runs are added.
MAX_OFFERED = 200


@dataclass(frozen=True, slots=True)
class Added:
    """What an addition did: questions added, and those already in the dataset."""

    dataset: Dataset
    added: int
    skipped: int


def dataset_named(name: str, user: Any) -> Dataset:
    """The dataset called ``name``, made now if there is none (names are trimmed)."""
    name = " ".join(name.split())
    if not name:
        raise Refusal("bad_name", "Name the dataset.")
    dataset, _ = Dataset.objects.get_or_create(name=name, defaults={"created_by": user})
    return dataset


def dataset_names() -> list[str]:
    """The names to offer where a run is added (the newest datasets first)."""
    return list(Dataset.objects.order_by("-id").values_list("name", flat=True)[:MAX_OFFERED])


def dataset_by_id(dataset_id: int) -> Dataset:
    try:
        return Dataset.objects.get(pk=dataset_id)
    except Dataset.DoesNotExist:
        raise Refusal("not_found", f"There is no dataset {dataset_id}.", 404) from None


def facts_of(text: str) -> list[str]:
    """The expected facts typed one per line (blank lines left out)."""
    return [line.strip() for line in text.splitlines() if line.strip()]


def _notes_of(run: Run) -> str:
    """The player's comment on the run, if she left one (a 👎 says why)."""
    try:
        return run.feedback.comment
    except ObjectDoesNotExist:
        return ""


def add_run(
    run: Run, name: str, user: Any, *, expected: list[str], notes: str, language: str = ""
) -> Added:
    """The run's question into the dataset ``name`` (made if new), with the facts a good
    answer states and notes; its language as given, else read from the question."""
    item = _item(run, expected, notes)
    item["language"] = language or item["language"]
    with transaction.atomic():
        dataset = dataset_named(name, user)
        added = _add(dataset, [item], user)
    return Added(dataset, added, 1 - added)


def add_runs(runs: QuerySet[Run], name: str, user: Any) -> Added:
    """Every run of a filtered list (at most ``MAX_BULK``, newest first) into ``name``."""
    found = list(runs.select_related("feedback").order_by("-id")[: MAX_BULK + 1])
    if len(found) > MAX_BULK:
        raise Refusal(
            "too_many", f"The filters match more than {MAX_BULK} runs; narrow them first.", 400
        )
    if not found:
        raise Refusal("no_runs", "No run matches these filters; nothing was added.", 400)
    items = [_item(run, [], _notes_of(run)) for run in reversed(found)]
    with transaction.atomic():
        dataset = dataset_named(name, user)
        added = _add(dataset, items, user)
    return Added(dataset, added, len(items) - added)


def import_lines(dataset: Dataset, text: str, user: Any) -> Added:
    """A JSONL text's lines into ``dataset``: every line or, at the first bad one, none."""
    items = dataset_lines.parse(text)
    with transaction.atomic():
        added = _add(dataset, items, user)
    return Added(dataset, added, len(items) - added)


def export_lines(dataset: Dataset) -> str:
    """The dataset as JSONL, in the order its questions were added."""
    return dataset_lines.dumps(item.as_line() for item in dataset.items.order_by("id"))


def _item(run: Run, expected: list[str], notes: str) -> dict[str, Any]:
    return {
        "question": run.question,
        "language": language_of(run.question),
        "expected": expected,
        "notes": notes,
        "source_run": run,
    }


def _add(dataset: Dataset, items: Iterable[dict[str, Any]], user: Any) -> int:
    """Items whose question is not in the dataset yet (nor earlier in ``items``); the count."""
    seen = set(dataset.items.values_list("question", flat=True))
    rows = []
    for item in items:
        if item["question"] in seen:
            continue
        seen.add(item["question"])
        rows.append(DatasetItem(dataset=dataset, added_by=user, **item))
    DatasetItem.objects.bulk_create(rows)
    return len(rows)


def remove_item(dataset: Dataset, item_id: int) -> None:
    deleted, _ = DatasetItem.objects.filter(dataset=dataset, pk=item_id).delete()
    if not deleted:
        raise Refusal("not_found", f"Dataset {dataset.name} has no question {item_id}.", 404)
