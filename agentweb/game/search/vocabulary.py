"""The words the indexed documents use, for repairing typos in a query.

Read from the documents once and cached per process; the cache is keyed by
how many documents there are and when the last one changed, so an import or
an admin edit in any process is seen by the next search.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Sequence

from django.db.models import Count, Max

from agentweb.game.models import SearchDocument
from agentweb.game.search.terms import CJK_RUN, TERM

_cache: dict[tuple, tuple[str, ...]] = {}
_lock = threading.Lock()
# Kinds-combinations cached at once (tools use two or three).
MAX_CACHED = 8


def chinese_characters(kinds: Sequence[str]) -> frozenset[str]:
    """Every Chinese character the documents of ``kinds`` use."""
    return frozenset(c for word in vocabulary(kinds) if CJK_RUN.match(word) for c in word)


def vocabulary(kinds: Sequence[str]) -> tuple[str, ...]:
    """Every distinct lower-case word of the documents of ``kinds``, the most
    common first (so a typo that is one edit from two words picks the usual one)."""
    docs = SearchDocument.objects.filter(kind__in=list(kinds))
    state = docs.aggregate(n=Count("id"), changed=Max("updated_at"), last=Max("id"))
    key = (tuple(sorted(kinds)), state["n"], state["changed"], state["last"])
    with _lock:
        if key in _cache:
            return _cache[key]
    counts: Counter[str] = Counter()
    for title, names, body in docs.values_list("title", "names", "body").iterator():
        counts.update(set(TERM.findall(f"{title} {names} {body}".lower())))
    found = tuple(sorted((w for w in counts if len(w) > 1), key=lambda w: (-counts[w], w)))
    with _lock:
        if len(_cache) >= MAX_CACHED:
            _cache.clear()
        _cache[key] = found
    return found
