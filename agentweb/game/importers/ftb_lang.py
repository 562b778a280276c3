"""Where FTB Quests text lives when it is not written inline (FORMATS.md §2.4), in every language.

* ``{translation.key}`` strings, resolved from resource-pack lang JSON
  (``kubejs/assets/*/lang/<lang>.json``; an instance import adds every mod's and
  resource pack's lang files);
* ``lang/<lang>.snbt`` next to the quest files (FTB Quests 2101.x, MC 1.21),
  either one file or split under ``lang/<lang>/`` (``chapters/*.snbt``,
  ``file.snbt``, ``reward_table.snbt``), keyed ``quest.<ID>.title`` etc.

Every language found is read. The book's *primary* language — the one the quest
rows, their search documents and their knowledge articles are written in — is
``en_us`` when the pack has it, else the language with the most quest text (a book
that ships only ``zh_cn.snbt`` is a Chinese book). A text missing in one language is
taken from the next: the primary language, ``en_us``, then the others, fullest first.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from agentweb.game.importers.errors import ImportFailed, read_json
from agentweb.game.importers.snbt import load_file
from agentweb.game.models.names import DEFAULT_LANGUAGE

LANG_KEY = re.compile(r"^\{([^}]+)\}$")
LANGUAGE = DEFAULT_LANGUAGE
# A language code as files are named: en_us, zh_cn, lol_us, es_419…
LANGUAGE_CODE = re.compile(r"^[a-z]{2,3}_[a-z0-9]{2,4}$")
# How many missing keys the report names; the rest are only counted.
REPORT_EXAMPLES = 5

LangValue = str | list[str]
Strings = dict[str, dict[str, str]]  # language → key → text
# Called with (path, reason) for a file that is skipped instead of failing the import.
Skip = Callable[[Path, str], None]


class PackLang:
    """All language strings of one pack, and the keys that could not be found."""

    def __init__(self, strings: Strings, ftb_strings: dict[str, dict[str, LangValue]]) -> None:
        self.strings = strings
        self.ftb_strings = ftb_strings
        self.missing: Counter[str] = Counter()
        self.order = _language_order(strings, ftb_strings)
        self.primary = self.order[0]

    @classmethod
    def load(
        cls,
        pack_root: Path,
        quests_dir: Path,
        *,
        strings: Strings | None = None,
        skip: Skip | None = None,
    ) -> PackLang:
        """Read every lang file of the pack. ``strings`` (an instance import's names from
        every jar and resource pack) replaces reading ``kubejs/assets``. A broken file
        raises :class:`ImportFailed`, or is handed to ``skip`` when one is given."""
        if strings is None:
            strings = {}
            for path in sorted(pack_root.glob("kubejs/assets/*/lang/*.json")):
                language = path.stem.lower()
                if not LANGUAGE_CODE.match(language):
                    continue
                data = _guarded(lambda p=path: _lang_json(p), path, skip)
                if data:
                    strings.setdefault(language, {}).update(data)
        ftb_strings: dict[str, dict[str, LangValue]] = {}
        lang_dir = quests_dir / "lang"
        for language, path in _ftb_lang_files(lang_dir):
            data = _guarded(lambda p=path: load_file(p), path, skip)
            table = ftb_strings.setdefault(language, {})
            for key, value in (data or {}).items():
                table[key] = [str(v) for v in value] if isinstance(value, list) else str(value)
        ftb_strings = {lang: table for lang, table in ftb_strings.items() if table}
        return cls(strings, ftb_strings)

    @property
    def languages(self) -> list[str]:
        return list(self.order)

    def resolve(self, text: str, language: str | None = None) -> tuple[str, bool]:
        """Resolve a whole-string ``{key}``; returns ``(text, came_from_lang)``.

        With ``language`` only that language is read; without, the first language of
        the fallback order that has the key. An unknown key gives ``""`` (and is
        counted when no language was asked for) so callers fall back to another name
        instead of showing a raw key. Book markers such as ``{@pagebreak}`` are not
        keys and pass through unchanged.
        """
        match = LANG_KEY.match(text.strip())
        if match is None:
            return text, False
        key = match.group(1)
        if key.startswith(("@", "image:")):
            return text, False
        for lang in [language] if language else self.order:
            value = self.strings.get(lang, {}).get(key, self.ftb_strings.get(lang, {}).get(key))
            if value is not None:
                return (" ".join(value) if isinstance(value, list) else value), True
        if language is None:
            self.missing[key] += 1
        return "", False

    def ftb(self, kind: str, ftb_id: str, field: str, language: str | None = None):
        """A value from ``lang/<lang>.snbt``: ``ftb("quest", id, "title")`` — in
        ``language``, or the first language of the fallback order that has it."""
        key = f"{kind}.{ftb_id}.{field}"
        for lang in [language] if language else self.order:
            value = self.ftb_strings.get(lang, {}).get(key)
            if value is not None:
                return value
        return None

    def ftb_text(self, kind: str, ftb_id: str, field: str, language: str | None = None) -> str:
        value = self.ftb(kind, ftb_id, field, language)
        if isinstance(value, list):
            return " ".join(value)
        return self.resolve(value, language)[0] if value else ""

    def item_name(self, item_id: str) -> str | None:
        """An item's name from the pack's lang JSON (``item.ns.path`` or ``block.ns.path``)."""
        namespace, _, path = item_id.partition(":")
        path = path.replace("/", ".")
        for lang in self.order:
            table = self.strings.get(lang, {})
            for prefix in ("item", "block"):
                name = table.get(f"{prefix}.{namespace}.{path}")
                if name:
                    return name
        return None

    def missing_examples(self) -> list[str]:
        return [key for key, _ in self.missing.most_common(REPORT_EXAMPLES)]


def _language_order(strings: Strings, ftb_strings: dict[str, dict[str, LangValue]]) -> list[str]:
    """The primary language first — ``en_us`` unless the quest lang files are all in
    other languages, then the one with the most quest text — then ``en_us``, then the
    other languages of the quest lang files by size, then those of the lang JSON."""
    size = Counter({lang: len(table) for lang, table in ftb_strings.items()})
    if not size or DEFAULT_LANGUAGE in size:
        primary = DEFAULT_LANGUAGE
    else:
        primary = min(size, key=lambda lang: (-size[lang], lang))
    by_size = sorted(size, key=lambda lang: (-size[lang], lang))
    return list(dict.fromkeys([primary, DEFAULT_LANGUAGE, *by_size, *sorted(strings)]))


def _ftb_lang_files(lang_dir: Path) -> list[tuple[str, Path]]:
    """``lang/<lang>.snbt`` and every ``lang/<lang>/**/*.snbt``, by language."""
    if not lang_dir.is_dir():
        return []
    found = []
    for path in sorted(lang_dir.iterdir()):
        language = path.stem.lower() if path.is_file() else path.name.lower()
        if not LANGUAGE_CODE.match(language):
            continue
        if path.is_file() and path.suffix == ".snbt":
            found.append((language, path))
        elif path.is_dir():
            found += [(language, p) for p in sorted(path.rglob("*.snbt"))]
    return found


def _lang_json(path: Path) -> dict[str, str]:
    data = read_json(path)
    if not isinstance(data, dict):
        raise ImportFailed(path, "expected a JSON object of translation keys")
    return {str(k): str(v) for k, v in data.items()}


def _guarded(read: Callable[[], dict], path: Path, skip: Skip | None) -> dict | None:
    if skip is None:
        return read()
    try:
        return read()
    except ImportFailed as exc:
        skip(path, exc.message)
        return None
