"""Datasets as JSONL: one ``{"question", "language", "expected", "notes"}`` object a line.

``parse`` reads a whole file or nothing: the first bad line raises ``BadLine``
naming its number and what is wrong with it. ``dumps`` writes the lines back;
a dataset exported and imported again is the same dataset.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from agentweb.lib.inputs.errors import InputError
from agentweb.lib.inputs.fields import Text, matching
from agentweb.lib.inputs.json_text import read_json
from agentweb.lib.inputs.models import validate
from agentweb.lib.language import language_of
from agentweb.traces.models.datasets import LANGUAGE_LENGTH, NOTES_LENGTH, QUESTION_LENGTH

# More lines than this is not a dataset one runs as an experiment.
MAX_LINES = 5000
MAX_EXPECTED = 50
FACT_LENGTH = 500

LANGUAGE_PATTERN = r"[a-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}"
LanguageCode = matching(LANGUAGE_PATTERN, "a language code such as en or zh", "en")


class DatasetLine(BaseModel):
    """One line: the question, its language (from its text when left out), the facts a good
    answer states, and notes."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    question: Annotated[Text, Field(min_length=1, max_length=QUESTION_LENGTH)]
    language: Annotated[LanguageCode, Field(max_length=LANGUAGE_LENGTH)] | None = None
    expected: Annotated[
        list[Annotated[Text, Field(min_length=1, max_length=FACT_LENGTH)]],
        Field(max_length=MAX_EXPECTED),
    ] = []
    notes: Annotated[Text, Field(max_length=NOTES_LENGTH)] = ""

    def item(self) -> dict[str, Any]:
        """The line as a dataset item's fields (the language filled in)."""
        question = self.question.strip()
        return {
            "question": question,
            "language": self.language or language_of(question),
            "expected": [fact.strip() for fact in self.expected if fact.strip()],
            "notes": self.notes,
        }


class BadLine(InputError):
    """A line that is not a dataset line: ``line`` is its number (from 1)."""

    def __init__(self, line: int, problem: str) -> None:
        self.line = line
        super().__init__("bad_line", f"Line {line}: {problem}. Nothing was imported.")


def parse(text: str) -> list[dict[str, Any]]:
    """Every line of ``text`` as an item's fields (blank lines skipped); ``BadLine`` for the
    first line that is not one, and then none of them."""
    items = []
    lines = text.splitlines()
    if len([line for line in lines if line.strip()]) > MAX_LINES:
        raise InputError("too_many_lines", f"At most {MAX_LINES} lines. Nothing was imported.")
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            value = read_json(line, what="line")
            if not isinstance(value, Mapping):
                raise InputError("bad_line", "must be a JSON object")
            parsed = validate(DatasetLine, value, what="line", field_code="bad_line")
        except InputError as exc:
            raise BadLine(number, _problem(exc.message)) from None
        if not parsed.question.strip():
            raise BadLine(number, "question: must not be blank")
        items.append(parsed.item())
    if not items:
        raise InputError("no_lines", "The file holds no dataset line. Nothing was imported.")
    return items


def _problem(message: str) -> str:
    return message.rstrip(".")


def dumps(lines: Iterable[Mapping[str, Any]]) -> str:
    """Dataset lines (``DatasetItem.as_line``) as JSONL text, in order, UTF-8 as it is."""
    return "".join(json.dumps(dict(line), ensure_ascii=False) + "\n" for line in lines)
