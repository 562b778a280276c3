"""What a full-text backend answers: the documents of each term, and the ranked candidates."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple


@dataclass(frozen=True)
class Matches:
    """Per term the ids of the documents containing it; the terms dropped as stop words.

    ``documents`` is the number of documents of the kinds searched when the
    backend counted them in the same statement, ``None`` when it did not.
    """

    ids: dict[str, set[int]]
    dropped: set[str]
    documents: int | None


class Scored(NamedTuple):
    """A candidate's relevance and, when the backend read it, the (kind, id) it stands for."""

    score: float
    target: tuple[str, int] | None
