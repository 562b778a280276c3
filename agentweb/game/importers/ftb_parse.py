"""Turn one FTB Quests pack on disk into plain records (no database here).

Handles the variants of FORMATS.md §2.3–2.4: inline text, ``{key}`` strings,
``lang/en_us.snbt`` (single or split), reward tables referenced by a decimal
``table_id``, 1.20 ``{Count,id,tag}`` and 1.21 ``{count,id,components}``
stacks, item filters, and quests with no title at all.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agentweb.game.importers.errors import ImportFailed
from agentweb.game.importers.ftb_lang import PackLang, Skip, Strings
from agentweb.game.importers.ftb_records import (
    Names,
    ParsedQuest,
    parse_quest,
    parse_reward_table,
    title_or,
)
from agentweb.game.importers.ftb_records import ftb_id as normalize_id
from agentweb.game.importers.snbt import load_file
from agentweb.game.text import prettify_id

# Where packs keep the quest book, newest layout first.
QUEST_DIR_CANDIDATES = (
    "config/ftbquests/quests",
    "config/ftbquests/normal",
    "ftbquests/quests",
    ".",
)
# FTB Quests' id for the quest file itself in lang files.
FILE_LANG_ID = "0000000000000001"


@dataclass
class ParsedGroup:
    group_id: str
    title: str
    order: int


@dataclass
class ParsedChapter:
    chapter_id: str
    filename: str
    title: str
    group_id: str | None
    order: int
    icon: str
    quests: list[ParsedQuest]


@dataclass
class ParsedPack:
    name: str
    quests_dir: Path
    language: str = "en_us"
    groups: list[ParsedGroup] = field(default_factory=list)
    chapters: list[ParsedChapter] = field(default_factory=list)
    tables: list[Any] = field(default_factory=list)
    notes: Counter = field(default_factory=Counter)
    missing_lang_keys: list[str] = field(default_factory=list)
    # (kind, 16-hex id, language) → title, for the name index.
    titles: dict[tuple[str, str, str], str] = field(default_factory=dict)
    # Languages read, with how many titles each gave.
    languages: Counter = field(default_factory=Counter)

    @property
    def quests(self) -> list[ParsedQuest]:
        return [quest for chapter in self.chapters for quest in chapter.quests]


def find_quests_dir(pack_root: Path) -> Path:
    """The folder holding ``chapters/`` (or ``data.snbt``) inside a pack."""
    for candidate in QUEST_DIR_CANDIDATES:
        folder = (pack_root / candidate).resolve()
        if (folder / "chapters").is_dir() or (folder / "data.snbt").is_file():
            return folder
    raise ImportFailed(pack_root, "no FTB Quests folder (config/ftbquests/quests) found")


def parse_pack(
    pack_root: Path,
    vanilla_names: dict[str, str],
    *,
    strings: Strings | None = None,
    skip: Skip | None = None,
) -> ParsedPack:
    """Read every file of the pack. ``vanilla_names`` maps item ids to display names;
    ``strings`` and ``skip`` are an instance import's lang JSON and report
    (:meth:`PackLang.load`)."""
    quests_dir = find_quests_dir(pack_root)
    lang = PackLang.load(pack_root, quests_dir, strings=strings, skip=skip)
    names = Names(lang, vanilla_names)
    data_file = quests_dir / "data.snbt"
    data = load_file(data_file) if data_file.is_file() else {}
    pack = ParsedPack(
        name=_book_name(pack_root, data, lang), quests_dir=quests_dir, language=lang.primary
    )
    names.record("file", FILE_LANG_ID, data.get("title"), fallback=pack.name)

    groups_file = quests_dir / "chapter_groups.snbt"
    raw_groups = load_file(groups_file).get("chapter_groups", []) if groups_file.is_file() else []
    for order, raw in enumerate(raw_groups):
        group_id = normalize_id(raw.get("id"))
        title = title_or(lang, raw.get("title"), "chapter_group", group_id) or f"Group {group_id}"
        names.record("chapter_group", group_id, raw.get("title"), fallback=title)
        pack.groups.append(ParsedGroup(group_id, title, order))
    known_groups = {group.group_id for group in pack.groups}

    for path in sorted((quests_dir / "reward_tables").glob("*.snbt")):
        pack.tables.append(parse_reward_table(load_file(path), path.stem, names))

    for position, (path, raw) in enumerate(_chapter_sources(quests_dir)):
        chapter = _parse_chapter(raw, path, position, names, pack.notes)
        if chapter.group_id and chapter.group_id not in known_groups:
            pack.notes["chapters in an unknown group"] += 1
            chapter.group_id = None
        pack.chapters.append(chapter)

    if not pack.quests:
        raise ImportFailed(
            quests_dir / "chapters",
            f"{len(pack.chapters)} chapter(s) but no quest could be read; expected "
            "chapters/<name>.snbt with a quests list, or chapters/<name>/chapter.snbt "
            "with one file per quest (FTB Quests 1.16)",
        )
    pack.notes.update(names.notes)
    pack.titles = names.titles
    pack.languages = Counter(language for _, _, language in names.titles)
    if lang.missing:
        pack.notes["missing lang keys"] = sum(lang.missing.values())
        pack.missing_lang_keys = lang.missing_examples()
    return pack


def _chapter_sources(quests_dir: Path) -> list[tuple[Path, dict]]:
    """Every chapter as ``(path, raw chapter with its quests)``, in file-name order.

    Two layouts exist: one file per chapter holding its ``quests`` list
    (FTB Quests 1.18+), and one folder per chapter, ``chapter.snbt`` plus one
    file per quest named by the quest's id (1.16). Anything else in
    ``chapters/`` is a layout this importer cannot read: an error naming it,
    never a silently smaller quest book.
    """
    chapters_dir = quests_dir / "chapters"
    if not chapters_dir.is_dir():
        raise ImportFailed(chapters_dir, "no chapters folder")
    sources = []
    for path in sorted(chapters_dir.iterdir()):
        if path.is_dir():
            sources.append((path, _folder_chapter(path)))
        elif path.suffix == ".snbt":
            sources.append((path, load_file(path)))
        elif path.name != "index.snbt" and not path.name.startswith("."):
            raise ImportFailed(path, "not a chapter file (chapters/ holds .snbt files or folders)")
    return sources


def _folder_chapter(folder: Path) -> dict:
    """A 1.16 chapter folder as one raw chapter: quests get their id from the file name."""
    chapter_file = folder / "chapter.snbt"
    if not chapter_file.is_file():
        raise ImportFailed(folder, "a chapter folder needs chapter.snbt (FTB Quests 1.16 layout)")
    raw = dict(load_file(chapter_file))
    raw.setdefault("filename", folder.name)
    quests = []
    for path in sorted(folder.iterdir()):
        if path.name == "chapter.snbt" or path.name.startswith("."):
            continue
        if path.suffix != ".snbt" or not path.is_file():
            raise ImportFailed(path, "not a quest file (a 1.16 chapter folder holds .snbt files)")
        quest = dict(load_file(path))
        quest.setdefault("id", path.stem)
        for key in ("tasks", "rewards"):
            # 1.16 names task and reward ids "uid".
            quest[key] = [
                {**entry, "id": entry.get("id", entry.get("uid"))}
                if isinstance(entry, dict)
                else entry
                for entry in quest.get(key, [])
            ]
        quests.append(quest)
    raw["quests"] = quests
    return raw


def _parse_chapter(
    raw: dict, path: Path, position: int, names: Names, notes: Counter
) -> ParsedChapter:
    chapter_id = normalize_id(raw.get("id"))
    filename = str(raw.get("filename") or path.stem)
    title = title_or(names.lang, raw.get("title"), "chapter", chapter_id) or prettify_id(filename)
    names.record("chapter", chapter_id, raw.get("title"), fallback=title)
    quests = []
    for order, raw_quest in enumerate(raw.get("quests", [])):
        if not isinstance(raw_quest, dict) or "id" not in raw_quest:
            notes["quests without an id"] += 1
            continue
        quests.append(parse_quest(raw_quest, order, names))
    group = raw.get("group")
    return ParsedChapter(
        chapter_id=chapter_id,
        filename=filename,
        title=title,
        group_id=normalize_id(group) if group else None,
        order=int(raw.get("order_index", position)),
        icon=_icon(raw.get("icon")),
        quests=quests,
    )


def _icon(value: Any) -> str:
    if isinstance(value, dict):
        return str(value.get("id", ""))
    return str(value or "")


def _book_name(pack_root: Path, data: dict, lang: PackLang) -> str:
    title = title_or(lang, data.get("title"), "file", FILE_LANG_ID)
    if title:
        return title
    pack_toml = pack_root / "pack.toml"
    if pack_toml.is_file():
        try:
            name = tomllib.loads(pack_toml.read_text(encoding="utf-8")).get("name")
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise ImportFailed(pack_toml, str(exc)) from exc
        if name:
            return str(name)
    return prettify_id(pack_root.resolve().name.replace("-", "_"))
