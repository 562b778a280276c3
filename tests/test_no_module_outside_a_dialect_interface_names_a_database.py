"""Hand-written SQL asks one small interface per concern what the database can do, and no
other module branches on the database's name: ``lib/dialect.py`` (who orders writers,
whether writes combine, what a statement may bind, how an import tunes its connection,
whether other processes share the database), the search backends' choice
(``game/search/backends.py``), the names' index (``game/search/name_index.py``) and the
PostgreSQL connection hook (``core/postgres_text.py``). Migrations name it freely."""

import re
from pathlib import Path

import agentweb

ROOT = Path(agentweb.__file__).parent
INTERFACES = {
    ROOT / "lib" / "dialect.py",
    ROOT / "game" / "search" / "backends.py",
    ROOT / "game" / "search" / "name_index.py",
    ROOT / "core" / "postgres_text.py",
}
NAMED = re.compile(r"\.vendor\b")


def test_only_the_dialect_interfaces_read_the_database_s_name():
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in sorted(ROOT.rglob("*.py"))
        if path not in INTERFACES and "migrations" not in path.parts
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if NAMED.search(line) and "_converter(connection.vendor" not in line
    ]
    assert not found, f"ask a dialect interface (lib/dialect.py) instead: {found}"
