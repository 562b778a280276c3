"""A JSONL import with one bad line imports nothing and names the line and what is wrong."""

import pytest

from agentweb.traces.models import Dataset, DatasetItem
from tests.experiments.conftest import client_for

pytestmark = pytest.mark.django_db

GOOD = '{"question": "how do I craft a torch?", "expected": ["Coal"]}'


@pytest.mark.parametrize(
    ("bad", "says"),
    [
        ("not json at all", "Line 2: "),
        ('["a", "list"]', "Line 2: must be a JSON object"),
        ('{"language": "en"}', "Line 2: question"),
        ('{"question": ""}', "Line 2: question"),
        ('{"question": "   "}', "Line 2: question: must not be blank"),
        ('{"question": "q", "expected": "Coal"}', "Line 2: expected"),
        ('{"question": "q", "expected": [1]}', "Line 2: expected.0"),
        ('{"question": "q", "language": "English!"}', "Line 2: language"),
        ('{"question": "q", "notes": 5}', "Line 2: notes"),
        ('{"question": "q", "answer": "typo of a field"}', "Line 2: answer"),
        ('{"question": "a\\u0000b"}', "Line 2: "),
        ('{"question": "q", "expected": [NaN]}', "Line 2: "),
    ],
)
def test_the_bad_line_is_named_and_no_line_is_imported(rita, bad, says):
    dataset = Dataset.objects.create(name="careful")
    text = f"{GOOD}\n{bad}\n" + GOOD.replace("torch", "lantern") + "\n"

    response = client_for(rita).post(f"/traces/datasets/{dataset.pk}/import", {"jsonl": text})

    assert response.status_code == 400
    message = response.content.decode()
    assert message.startswith(says), message
    assert message.endswith("Nothing was imported.")
    assert DatasetItem.objects.count() == 0


def test_a_file_of_only_blank_lines_imports_nothing_and_says_so(rita):
    dataset = Dataset.objects.create(name="empty")

    response = client_for(rita).post(f"/traces/datasets/{dataset.pk}/import", {"jsonl": "\n \n"})

    assert response.status_code == 400
    assert "holds no dataset line" in response.content.decode()
    assert DatasetItem.objects.count() == 0


def test_a_player_cannot_import_into_a_dataset(alice):
    dataset = Dataset.objects.create(name="theirs")

    response = client_for(alice).post(f"/traces/datasets/{dataset.pk}/import", {"jsonl": GOOD})

    assert response.status_code == 403
    assert DatasetItem.objects.count() == 0
