"""Every module of the project is in docs/architecture.md's map, with one line saying what
it holds; the map names no module that is not there."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "agentweb"
ENTRY = re.compile(r"^- `(?P<path>[^`]+\.py)` — (?P<holds>.+)$")


def _map() -> dict[str, str]:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("\n## Module map\n", 1)[1].split("\n## ", 1)[0]
    entries: dict[str, str] = {}
    for line in section.splitlines():
        found = ENTRY.match(line)
        if found:
            assert found["path"] not in entries, f"{found['path']} is in the map twice"
            entries[found["path"]] = found["holds"].strip()
    return entries


def _modules() -> set[str]:
    return {
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if "migrations" not in path.parts and path.stat().st_size > 0
    }


def test_every_module_is_in_the_map_and_the_map_names_only_modules():
    entries = _map()
    assert sorted(_modules() - set(entries)) == [], "add a line to the map of docs/architecture.md"
    assert sorted(set(entries) - _modules()) == [], "the map names modules that are gone"


def test_every_line_of_the_map_says_what_its_module_holds():
    empty = [path for path, holds in _map().items() if len(holds.split()) < 3]
    assert empty == []
