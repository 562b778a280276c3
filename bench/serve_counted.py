"""Run the server (``agentweb.serve``) with every SQL statement counted, for the
benchmarks' "statements per run".

    python bench/serve_counted.py COUNTS.json <Daphne's arguments…>

Every database connection the server opens gets an execute wrapper that counts
the statements it runs (``executemany`` counts once, as one round trip), split
by the first word (SELECT, INSERT, UPDATE, DELETE, BEGIN, …) — or by the whole
statement with ``AGENTWEB_COUNT_SQL_TEXT=1``. On SIGUSR1 the
totals so far are written to COUNTS.json, and again when the process exits: a
benchmark reads them before and after its measurement window.
"""

from __future__ import annotations

import atexit
import json
import os
import signal
import sys
import threading
from collections import Counter
from typing import Any

from django.db.backends.signals import connection_created

_counts: Counter[str] = Counter()
_lock = threading.Lock()


# AGENTWEB_COUNT_SQL_TEXT=1: count by the statement's text (its placeholders, not
# its values), to see which statements a run makes, not only how many of each kind.
_BY_TEXT = os.environ.get("AGENTWEB_COUNT_SQL_TEXT") == "1"


def _count(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
    if _BY_TEXT:
        word = " ".join(sql.split())[:400]
    else:
        word = sql.lstrip().split(None, 1)[0].upper() if sql.strip() else "?"
    with _lock:
        _counts[word] += 1
    return execute(sql, params, many, context)


def _on_connection(sender: Any, connection: Any, **kwargs: Any) -> None:
    if _count not in connection.execute_wrappers:
        connection.execute_wrappers.append(_count)


def _dump(path: str) -> None:
    with _lock:
        data = dict(_counts)
    tmp = f"{path}.tmp"
    with open(tmp, "w") as f:
        json.dump(data, f)
    os.replace(tmp, path)


def main() -> None:
    path, args = sys.argv[1], sys.argv[2:]
    connection_created.connect(_on_connection, weak=False)
    signal.signal(signal.SIGUSR1, lambda *_: _dump(path))
    atexit.register(_dump, path)
    from agentweb import serve

    serve.main(args)


if __name__ == "__main__":
    main()
