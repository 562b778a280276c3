"""Latency of the game search (full-text + names) on the shipped data, against a baseline.

    python bench/search.py [--repeat 20]            # a fresh SQLite database in a temp dir
    DATABASE_URL=postgres://… python bench/search.py # an existing, migrated and seeded one

Per group of queries (the ranking cases of ``tests/game/search_cases.py``; ``chinese``:
Chinese questions about English-only passages, searched in English through CC-CEDICT) it
prints the median milliseconds of one call, and the ratio to a baseline measured in the
same process: one ``icontains`` query per word of the query, which is what substring
matching costs at least; and the milliseconds the dictionary takes to load, once per
process (``dictionary_load_ms``). Numbers only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _prepare() -> None:
    if "DATABASE_URL" not in os.environ:
        folder = tempfile.mkdtemp(prefix="agentweb-bench-search-")
        os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
        for args in (["migrate", "--no-input", "-v0"], ["seed_demo"]):
            subprocess.run(
                [sys.executable, "manage.py", *args],
                cwd=ROOT,
                check=True,
                stdout=subprocess.DEVNULL,
            )
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "agentweb.settings")
    import django

    django.setup()


def _median_ms(fn, cases, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        for case in cases:
            start = time.perf_counter()
            fn(case)
            times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    _prepare()

    from django.db import connection

    from agentweb.game import queries
    from agentweb.game.models import KnowledgeArticle
    from agentweb.game.search.cedict import load
    from agentweb.game.search.terms import terms_of
    from tests.game.search_cases import NAMED, NOTHING, RANKED, TRANSLATED, TRANSLATED_NOTHING

    def baseline(query: str) -> None:
        for word in terms_of(query):
            KnowledgeArticle.objects.filter(body__icontains=word).count()

    articles = [q for q, kind, _ in RANKED if kind == "article"]
    quests = [q for q, kind, _ in NAMED if kind == "quest"]
    items = [q for q, kind, _ in NAMED if kind == "item"]
    nothing = [q for q, _ in NOTHING]
    start = time.perf_counter()
    load()
    load_ms = (time.perf_counter() - start) * 1000
    chinese = [q for q, _ in TRANSLATED] + TRANSLATED_NOTHING
    base = _median_ms(baseline, articles, args.repeat)
    groups = {
        "knowledge": _median_ms(queries.search_knowledge, articles, args.repeat),
        "quest_names": _median_ms(queries.match_quests, quests, args.repeat),
        "item_names": _median_ms(queries.find_items, items, args.repeat),
        "nonsense": _median_ms(queries.search_knowledge, nothing, args.repeat),
        "chinese": _median_ms(queries.search_knowledge, chinese, args.repeat),
    }
    result = {
        "database": connection.vendor,
        "baseline_ms": round(base, 3),
        "dictionary_load_ms": round(load_ms),
    }
    for name, ms in groups.items():
        result[f"{name}_ms"] = round(ms, 3)
        result[f"{name}_ratio"] = round(ms / base, 2) if base else None
    print(json.dumps(result))


if __name__ == "__main__":
    main()
