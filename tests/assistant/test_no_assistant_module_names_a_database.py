"""The assistant's hand-written SQL asks ``models/dialect.py`` what the database can do
(who orders writers, whether writes combine, what a statement may bind, whether other
processes share it); no other module of the assistant branches on the database's name."""

import re
from pathlib import Path

import agentweb.assistant

ROOT = Path(agentweb.assistant.__file__).parent
ALLOWED = {ROOT / "models" / "dialect.py"}
NAMED = re.compile(r"\.vendor\b")


def test_only_the_dialect_module_reads_the_database_s_name():
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in sorted(ROOT.rglob("*.py"))
        if path not in ALLOWED and "migrations" not in path.parts
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if NAMED.search(line) and "_converter(connection.vendor" not in line
    ]
    assert not found, f"branch through agentweb/assistant/models/dialect.py instead: {found}"
