"""A dataset exports as JSONL (one {"question", "language", "expected", "notes"} a line) and
imports again as the same dataset; a question already there is skipped, not doubled."""

import json

import pytest

from agentweb.traces.models import Dataset, DatasetItem
from tests.experiments.conftest import client_for

pytestmark = pytest.mark.django_db

LINES = [
    {"question": "how do I craft a torch?", "language": "en", "expected": ["Coal", "Stick"],
     "notes": "the 👎 said it named charcoal only"},
    {"question": "任务 Kenetic Foundation 需要什么？", "language": "zh", "expected": [],
     "notes": ""},
    {"question": "what does the quest Burning Device need?", "language": "en",
     "expected": ["1× Furnace"], "notes": "a \"quoted\" note\nover two lines"},
]  # fmt: skip


def jsonl(lines) -> str:
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)


def test_what_is_imported_exports_line_for_line_and_imports_again_the_same(rita):
    client = client_for(rita)
    first = Dataset.objects.create(name="thumbs down", created_by=rita)

    imported = client.post(f"/traces/datasets/{first.pk}/import", {"jsonl": jsonl(LINES)})
    exported = client.get(f"/traces/datasets/{first.pk}/export")

    assert imported.status_code == 302
    assert exported.status_code == 200
    assert exported["Content-Type"].startswith("application/x-ndjson")
    assert "attachment" in exported["Content-Disposition"]
    text = exported.content.decode()
    assert [json.loads(line) for line in text.splitlines()] == LINES
    second = Dataset.objects.create(name="copy", created_by=rita)
    client.post(f"/traces/datasets/{second.pk}/import", {"jsonl": text})
    assert client.get(f"/traces/datasets/{second.pk}/export").content.decode() == text


def test_a_left_out_language_is_read_from_the_question(rita):
    dataset = Dataset.objects.create(name="mixed")
    lines = '{"question": "how do I get iron?"}\n\n{"question": "铁锭怎么获得？"}\n'

    client_for(rita).post(f"/traces/datasets/{dataset.pk}/import", {"jsonl": lines})

    assert list(dataset.items.values_list("language", "expected", "notes")) == [
        ("en", [], ""),
        ("zh", [], ""),
    ]


def test_importing_the_same_lines_twice_adds_them_once_and_says_so(rita):
    dataset = Dataset.objects.create(name="twice")
    client = client_for(rita)

    client.post(f"/traces/datasets/{dataset.pk}/import", {"jsonl": jsonl(LINES)})
    page = client.post(
        f"/traces/datasets/{dataset.pk}/import", {"jsonl": jsonl(LINES)}, follow=True
    )

    assert DatasetItem.objects.filter(dataset=dataset).count() == len(LINES)
    assert "0 added to twice; 3 already there." in page.content.decode()


def test_the_dataset_page_lists_its_questions_with_their_facts_and_the_export_link(rita):
    dataset = Dataset.objects.create(name="facts")
    client = client_for(rita)
    client.post(f"/traces/datasets/{dataset.pk}/import", {"jsonl": jsonl(LINES)})

    page = client.get(f"/traces/datasets/{dataset.pk}/").content.decode()

    assert "how do I craft a torch?" in page and "1× Furnace" in page
    assert f"/traces/datasets/{dataset.pk}/export" in page
    assert "&quot;quoted&quot;" in page, "notes are escaped"
