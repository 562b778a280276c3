"""Names as players type them, matched with rapidfuzz.

Full-text search finds documents about a topic; a *name* (an item, a quest
title) needs another kind of match: any case, plurals, a word left out or
added, a small typo. Exact names are handled by the callers and always win;
this module decides which other names are close enough.

A name is close to the query when either

* the whole strings are close: rapidfuzz ``ratio`` or ``token_sort_ratio``
  (word order ignored) of at least ``WHOLE_NAME_SCORE``; or
* one side's content words are all found in the other's (the player left
  words out, or added some), each word equal or within
  :func:`agentweb.game.search.terms.allowed_edits` typos — and they share at
  least two words, unless the query is a single word. So "Brass Hand" never
  matches "Brass Funnel", and "andesite alloy" never matches a quest
  called just "Andesite".
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable, Sequence
from typing import Generic, TypeVar

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from agentweb.game.search.terms import allowed_edits, terms_of

T = TypeVar("T")
WHOLE_NAME_SCORE = 85
# Names compared word by word after the fast whole-name prefilter.
PREFILTER = 60
PREFILTER_SCORE = 50
# "the Burning Device quest" and "Burning Device" name the same quest.
QUEST_WORDS = re.compile(r"^\s*the\s+|\s+quest\s*$", re.IGNORECASE)


def normalize(text: str) -> str:
    return " ".join(text.lower().split())


def quest_title_key(text: str) -> str:
    """A quest title as players may write it: no leading "the", no trailing "quest"."""
    previous = None
    text = normalize(text).strip(" ?!.,'\"")
    while previous != text:
        previous, text = text, QUEST_WORDS.sub("", text).strip()
    return text


def _same_word(a: str, b: str) -> bool:
    if a == b:
        return True
    # Plurals and typos alike: within the word's allowed edits.
    return OSA.distance(a, b) <= allowed_edits(min(a, b, key=len))


def _covered(words: Sequence[str], others: Sequence[str]) -> int:
    return sum(any(_same_word(w, o) for o in others) for w in words)


def close_enough(query: str, name: str) -> float | None:
    """How close ``name`` is to ``query`` (0–100), or ``None`` when it is not close."""
    q, n = normalize(query), normalize(name)
    # Word order ignored, or words run together ("torch light" / "Torchlight").
    whole = max(fuzz.token_sort_ratio(q, n), fuzz.ratio(q, n))
    if whole >= WHOLE_NAME_SCORE:
        return whole
    q_words, n_words = terms_of(q), terms_of(n)
    if not q_words or not n_words:
        return None
    shared_q = _covered(q_words, n_words)
    shared_n = _covered(n_words, q_words)
    needed = min(2, len(q_words))
    if shared_q == len(q_words) and shared_q >= needed:
        return whole  # the query leaves words of the name out
    if shared_n == len(n_words) and shared_n >= needed:
        return whole  # the query adds words to the name
    return None


# Lookups one index remembers the answers of (players ask after the same names).
REMEMBERED = 512
_remembering = threading.Lock()


class NameIndex(Generic[T]):
    """``(name, value)`` pairs with their names normalised once, for many lookups
    (:func:`closest` over the same names does no work per name that it did before).

    An index never changes (new names make a new index), so it also keeps the
    answers of its last ``REMEMBERED`` lookups: asked again, :func:`closest`
    answers without scoring a name."""

    __slots__ = ("choices", "pairs", "remembered")

    def __init__(self, named: Iterable[tuple[str, T]]) -> None:
        self.pairs = list(named)
        self.choices = [normalize(name) for name, _ in self.pairs]
        self.remembered: dict[tuple[str, int], tuple[tuple[str, T], ...]] = {}

    def __len__(self) -> int:
        return len(self.pairs)


def closest(
    query: str, named: Iterable[tuple[str, T]] | NameIndex[T], *, limit: int
) -> list[tuple[str, T]]:
    """The ``(name, value)`` pairs whose name is close to ``query``, closest first."""
    if not isinstance(named, NameIndex):
        return _closest(query, NameIndex(named), limit)
    key = (query, limit)
    found = named.remembered.get(key)
    if found is None:
        found = tuple(_closest(query, named, limit))
        with _remembering:
            if len(named.remembered) >= REMEMBERED:
                # The oldest goes first (dicts keep their order of insertion).
                del named.remembered[next(iter(named.remembered))]
            named.remembered[key] = found
    return list(found)


def _closest(query: str, index: NameIndex[T], limit: int) -> list[tuple[str, T]]:
    pairs = index.pairs
    if not pairs or not normalize(query):
        return []
    rough = process.extract(
        normalize(query),
        index.choices,
        scorer=fuzz.WRatio,
        limit=PREFILTER,
        score_cutoff=PREFILTER_SCORE,
    )
    scored = []
    for _, _, i in rough:
        score = close_enough(query, pairs[i][0])
        if score is not None:
            scored.append((-score, len(pairs[i][0]), pairs[i][0], i))
    scored.sort()
    return [pairs[i] for *_, i in scored[:limit]]
