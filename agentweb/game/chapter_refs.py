"""Chapters named by a number or a position, in English and Chinese.

Players name a chapter by the number its title carries — "chapter 2", "ch 2",
"chapter two", "the second chapter", "第二章", "第2章" for "Chapter 2: The Forge"
— or, in a book whose titles carry no numbers, by its place in the book ("the
first chapter" of Frostbell Hollow is its first chapter, whatever its title).

* :func:`references` finds such references in a text;
* :func:`title_number` reads the number a chapter title carries ("Chapter 0: From
  Dust", "第三章 冰洞", "1. Basics");
* :func:`chapters_numbered` picks the chapters a number names among books, each
  given as its chapters in book order: the titles that carry the number; else,
  in books whose titles carry none, the chapter at that place — in the books the
  question names, or every book when it names none (several of them are then
  candidates to name, not a choice); "the last chapter" (:data:`LAST`) is the highest
  number a book's titles carry, else its last chapter.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

EN_NUMBERS = {
    word: n
    for n, word in enumerate(
        """zero one two three four five six seven eight nine ten eleven twelve thirteen
        fourteen fifteen sixteen seventeen eighteen nineteen twenty""".split()  # noqa: SIM905
    )
}
EN_ORDINALS = {
    word: n
    for n, word in enumerate(
        """zeroth first second third fourth fifth sixth seventh eighth ninth tenth eleventh
        twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth
        twentieth""".split()  # noqa: SIM905
    )
}
ZH_DIGITS = dict(zip("零〇一二两三四五六七八九", (0, 0, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9), strict=True))
ZH_NUMBER = r"[零〇一二两三四五六七八九十百]+"
EN_NUMBER = "|".join(sorted(EN_NUMBERS, key=len, reverse=True))
EN_ORDINAL = "|".join(sorted(EN_ORDINALS, key=len, reverse=True))

# "chapter 2", "ch. 2", "chap 2", "chapter two", "Chapter 2 里".
_CHAPTER_NUMBER = re.compile(
    rf"\b(?:chapter|chap|ch)\.?\s*(?:no\.?\s*|number\s+|#\s*)?(?P<n>\d+|{EN_NUMBER})\b",
    re.IGNORECASE,
)
# "the second chapter", "the 2nd chapter", "first chapter".
_ORDINAL_CHAPTER = re.compile(
    rf"\b(?P<n>\d+(?:st|nd|rd|th)|{EN_ORDINAL})\s+chapter\b(?!\s+groups?\b)",
    re.IGNORECASE,
)
# "第二章", "第 2 章", "第2章节", "第三个章节".
_ZH_CHAPTER = re.compile(rf"第\s*(?P<n>\d+|{ZH_NUMBER})\s*个?\s*章")
# "the last chapter", "the final chapter", "最后一章", "最后那个章节": the book's last chapter.
LAST = -1
_LAST_CHAPTER = re.compile(
    r"\b(?P<n>last|final)\s+chapter\b(?!\s+groups?\b)|(?P<z>最后)\s*[一那]?\s*个?\s*章",
    re.IGNORECASE,
)
# What a title carries: "Chapter 0: …", "Ch. 2 - …", "第三章 …", "1. Basics", "01 - Start".
_TITLE_NUMBER = (
    re.compile(rf"^\s*(?:chapter|chap|ch)\.?\s*(?P<n>\d+|{EN_NUMBER})\b", re.IGNORECASE),
    re.compile(rf"^\s*第\s*(?P<n>\d+|{ZH_NUMBER})\s*章"),
    re.compile(r"^\s*(?P<n>\d{1,3})\s*(?:[.:：)、]|\s+-\s)"),
)


@dataclass(frozen=True)
class Reference:
    """A chapter named by a number in a text: where, and the number."""

    start: int
    end: int
    text: str
    number: int


def references(text: str) -> list[Reference]:
    """The chapters ``text`` names by a number, in text order (none overlapping)."""
    found: list[Reference] = []
    for pattern in (_CHAPTER_NUMBER, _ORDINAL_CHAPTER, _ZH_CHAPTER, _LAST_CHAPTER):
        for m in pattern.finditer(text):
            number = LAST if pattern is _LAST_CHAPTER else read_number(m["n"])
            if number is None or any(m.start() < r.end and r.start < m.end() for r in found):
                continue
            found.append(Reference(m.start(), m.end(), m.group(0), number))
    return sorted(found, key=lambda r: r.start)


def reference(text: str) -> Reference | None:
    """The reference that is all of ``text`` ("chapter two", "第二章"), if it is one."""
    text = re.sub(r"^(?:the\s+)", "", text.strip(" ?？。.!！"), flags=re.IGNORECASE)
    refs = references(text)
    return refs[0] if len(refs) == 1 and refs[0].text.strip() == text else None


def read_number(text: str) -> int | None:
    """A number written in digits, English words or ordinals, or Chinese numerals."""
    low = text.strip().lower()
    if low.isdigit():
        return int(low)
    if re.fullmatch(r"\d+(?:st|nd|rd|th)", low):
        return int(low[:-2])
    if low in EN_NUMBERS:
        return EN_NUMBERS[low]
    if low in EN_ORDINALS:
        return EN_ORDINALS[low]
    return _zh_number(low) if re.fullmatch(ZH_NUMBER, low) else None


def _zh_number(text: str) -> int | None:
    """一 … 九十九 (and 百 as a hundred): the numbers chapters are counted in."""
    if "百" in text:
        head, _, rest = text.partition("百")
        hundreds = ZH_DIGITS.get(head, 1) if head else 1
        tail = _zh_number(rest.lstrip("零〇")) if rest.lstrip("零〇") else 0
        return None if tail is None else hundreds * 100 + tail
    if "十" in text:
        tens, _, ones = text.partition("十")
        if len(tens) > 1 or len(ones) > 1:
            return None
        return ZH_DIGITS.get(tens, 1) * 10 + (ZH_DIGITS.get(ones, 0) if ones else 0)
    if len(text) == 1:
        return ZH_DIGITS.get(text)
    return None


def title_number(title: str) -> int | None:
    """The number a chapter's title carries at its start, if any."""
    for pattern in _TITLE_NUMBER:
        m = pattern.match(title)
        if m:
            return read_number(m["n"])
    return None


# A book's chapters in book order: each chapter's key and its titles (every language).
Chapters = Sequence[tuple[str, Sequence[str]]]


def numbered(chapters: Chapters) -> bool:
    """Some title of the book carries a number: its chapters are named by those."""
    return any(title_number(t) is not None for _, titles in chapters for t in titles)


def chapters_numbered(
    number: int, books: Mapping[str, Chapters], named: Iterable[str] = ()
) -> tuple[list[tuple[str, str]], bool]:
    """The ``(book, chapter key)`` pairs ``number`` names among ``books`` (see the module
    docstring), in book order, limited to the ``named`` books when there are any; and
    whether they are meant (a title's number, or a place in a book named or the only
    book) rather than candidates (the chapters at that place in books not named)."""
    wanted = [b for b in named if b in books] or list(books)
    if number == LAST:
        return _last(books, wanted), len(wanted) == 1
    by_title = [
        (book, key)
        for book in wanted
        for key, titles in books[book]
        if any(title_number(t) == number for t in titles)
    ]
    if by_title:
        return list(dict.fromkeys(by_title)), True
    placed = [
        (book, books[book][number - 1][0])
        for book in wanted
        if not numbered(books[book]) and 0 < number <= len(books[book])
    ]
    return placed, len(wanted) == 1


def _last(books: Mapping[str, Chapters], wanted: list[str]) -> list[tuple[str, str]]:
    """Each wanted book's last chapter: the highest number its titles carry, else the last
    in book order."""
    last = []
    for book in wanted:
        numbers = [
            (n, key)
            for key, titles in books[book]
            for n in map(title_number, titles)
            if n is not None
        ]
        if numbers:
            last.append((book, max(numbers)[1]))
        elif books[book]:
            last.append((book, books[book][-1][0]))
    return last
