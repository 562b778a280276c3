"""Whether an answer states a fact: the one matching rule of the answer benchmark and of
experiments (``bench/answers.py``, ``agentweb.traces.experiment_results``).

Facts match case-insensitively with spaces collapsed, and ``16× Torch`` also matches
``16 x Torch``; a fact given as a list is stated when any one of them is.
"""

from __future__ import annotations

import re

_COUNT = re.compile(r"(\d)\s*[×x]\s*(?=\S)")


def normalize(text: str) -> str:
    text = _COUNT.sub(r"\1 ", text.casefold())
    return " ".join(text.split())


def states(answer: str, fact: str | list[str]) -> bool:
    options = fact if isinstance(fact, list) else [fact]
    norm = normalize(answer)
    return any(normalize(option) in norm for option in options)
