"""A numbered list cut into sentences: its numbers stay with their items (Django-free).

Texts are cut into sentences at full stops, and a list's number is one too: "1. Gather
wood 2. Craft a table 3. Mine" (lines joined, or a list written on one line) cuts into
"1.", "Gather wood 2.", "Craft a table 3.", "Mine". :func:`numbers_kept` puts each number
back at the start of its item — "1. Gather wood", "2. Craft a table", "3. Mine" — so a
quote never ends on the next item's number, nor is a number a sentence of its own. Every
splitter of passages (the tools' and the offline planner's) goes through it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# A list item's number standing alone: "3.", "12)".
LIST_NUMBER = re.compile(r"\d{1,3}[.)]")
# The next item's number at the end of a sentence: "Craft a table 3."
TRAILING_NUMBER = re.compile(r"\s(\d{1,3})\.$")


def numbers_kept(parts: Iterable[str]) -> list[str]:
    """``parts`` (sentences, in order) with a numbered list's numbers at the start of their
    items: a number standing alone joins the sentence after it, and a number ending a
    sentence of the list (after the item numbered one less; the first, before a sentence
    ending on item 2's) starts the next."""
    parts = [p.strip() for p in parts if p and p.strip()]
    out: list[str] = []
    carried = ""
    for i, part in enumerate(parts):
        part = f"{carried}{part}"
        carried = ""
        last = i + 1 == len(parts)
        if not last and LIST_NUMBER.fullmatch(part):
            carried = f"{part} "
            continue
        trailing = TRAILING_NUMBER.search(part)
        if trailing and not last and _opens(part, int(trailing[1]), parts[i + 1]):
            carried = f"{trailing[1]}. "
            part = part[: trailing.start()].rstrip()
        out.append(part)
    return out


def _opens(part: str, number: int, following: str) -> bool:
    """Whether the ``number`` ending ``part`` opens the next item of a list: ``part`` is
    the item before it, or (the first item) the sentence after it ends on item 2's."""
    if number > 1:
        return re.match(rf"{number - 1}[.)]\s", part) is not None
    after = TRAILING_NUMBER.search(following)
    return number == 1 and after is not None and after[1] == "2"
