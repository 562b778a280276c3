"""Where FTB Quests text lives when it is not written inline (FORMATS.md §2.4).

* ``{translation.key}`` strings, resolved from the pack's resource-pack lang
  JSON (``kubejs/assets/*/lang/en_us.json``);
* ``lang/en_us.snbt`` next to the quest files (FTB Quests 2101.x, MC 1.21),
  either one file or split under ``lang/en_us/`` (``chapters/*.snbt``,
  ``file.snbt``, ``reward_table.snbt``), keyed ``quest.<ID>.title`` etc.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from agentweb.game.importers.errors import ImportFailed, read_json
from agentweb.game.importers.snbt import load_file

LANG_KEY = re.compile(r"^\{([^}]+)\}$")
LANGUAGE = "en_us"
# How many missing keys the report names; the rest are only counted.
REPORT_EXAMPLES = 5

LangValue = str | list[str]


class PackLang:
    """All language strings of one pack, and the keys that could not be found."""

    def __init__(self, strings: dict[str, str], ftb_strings: dict[str, LangValue]) -> None:
        self.strings = strings
        self.ftb_strings = ftb_strings
        self.missing: Counter[str] = Counter()

    @classmethod
    def load(cls, pack_root: Path, quests_dir: Path) -> PackLang:
        """Read every lang file of the pack; a broken file raises :class:`ImportFailed`."""
        strings: dict[str, str] = {}
        for path in sorted(pack_root.glob(f"kubejs/assets/*/lang/{LANGUAGE}.json")):
            data = read_json(path)
            if not isinstance(data, dict):
                raise ImportFailed(path, "expected a JSON object of translation keys")
            strings.update({str(k): str(v) for k, v in data.items()})
        ftb_strings: dict[str, LangValue] = {}
        single = quests_dir / "lang" / f"{LANGUAGE}.snbt"
        split = sorted((quests_dir / "lang" / LANGUAGE).rglob("*.snbt"))
        for path in ([single] if single.is_file() else []) + split:
            for key, value in load_file(path).items():
                ftb_strings[key] = (
                    [str(v) for v in value] if isinstance(value, list) else str(value)
                )
        return cls(strings, ftb_strings)

    def resolve(self, text: str) -> tuple[str, bool]:
        """Resolve a whole-string ``{key}``; returns ``(text, came_from_lang)``.

        An unknown key gives ``""`` (and is counted) so callers fall back to
        another name instead of showing a raw key. Book markers such as
        ``{@pagebreak}`` are not keys and pass through unchanged.
        """
        match = LANG_KEY.match(text.strip())
        if match is None:
            return text, False
        key = match.group(1)
        if key.startswith(("@", "image:")):
            return text, False
        value = self.strings.get(key, self.ftb_strings.get(key))
        if value is None:
            self.missing[key] += 1
            return "", False
        return (" ".join(value) if isinstance(value, list) else value), True

    def ftb(self, kind: str, ftb_id: str, field: str) -> LangValue | None:
        """A value from ``lang/en_us.snbt``: ``ftb("quest", id, "title")``."""
        return self.ftb_strings.get(f"{kind}.{ftb_id}.{field}")

    def ftb_text(self, kind: str, ftb_id: str, field: str) -> str:
        value = self.ftb(kind, ftb_id, field)
        if isinstance(value, list):
            return " ".join(value)
        return self.resolve(value)[0] if value else ""

    def item_name(self, item_id: str) -> str | None:
        """An item's name from the pack's lang JSON (``item.ns.path`` or ``block.ns.path``)."""
        namespace, _, path = item_id.partition(":")
        path = path.replace("/", ".")
        for prefix in ("item", "block"):
            name = self.strings.get(f"{prefix}.{namespace}.{path}")
            if name:
                return name
        return None

    def missing_examples(self) -> list[str]:
        return [key for key, _ in self.missing.most_common(REPORT_EXAMPLES)]
