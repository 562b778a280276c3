"""Small text helpers shared by the importers and the queries."""

from __future__ import annotations

import re
import unicodedata

# Minecraft formatting codes as FTB Quests writes them: &6 colour, &l bold, &r reset…
FORMATTING_CODE = re.compile(r"&[0-9a-fk-or]", re.IGNORECASE)
# FTB Quests description markers that only make sense inside the quest book GUI.
BOOK_MARKER = re.compile(r"\{@pagebreak\}|\{image:[^}]*\}", re.IGNORECASE)
# More than one empty line in a row is layout, not content.
BLANK_RUN = re.compile(r"\n{3,}")


def strip_formatting(text: str) -> str:
    """Remove ``&`` formatting codes (``&6Gold&r`` → ``Gold``)."""
    return FORMATTING_CODE.sub("", text)


def clean_description(lines: list[str]) -> str:
    """Join description lines into plain text: no codes, no book markers."""
    cleaned = [strip_formatting(BOOK_MARKER.sub("", line)).rstrip() for line in lines]
    return BLANK_RUN.sub("\n\n", "\n".join(cleaned)).strip()


def prettify_id(identifier: str) -> str:
    """A readable name from an id: ``naturesaura:gold_brick`` → ``Gold Brick``."""
    path = identifier.lstrip("#").split(":", 1)[-1]
    last = path.rstrip("/").split("/")[-1]
    words = [word for word in re.split(r"[_\s.]+", last) if word]
    return " ".join(word[:1].upper() + word[1:] for word in words) or identifier


def full_item_id(name: str) -> str:
    """Add the ``minecraft:`` namespace to a bare name."""
    return name if ":" in name else f"minecraft:{name}"


def singular(name: str) -> str | None:
    """The singular of a plural-looking last word ("iron ingots" → "iron ingot"), or ``None``.

    Players write plurals; the data names items in the singular. Used only
    as a second try after the name as written found nothing.
    """
    head, _, last = name.strip().rpartition(" ")
    lowered = last.lower()
    if len(lowered) <= 3 or not lowered.endswith("s") or lowered.endswith("ss"):
        return None
    if lowered.endswith(("ches", "shes", "xes")):
        last = last[:-2]
    elif lowered.endswith("ies"):
        last = last[:-3] + "y"
    else:
        last = last[:-1]
    return f"{head} {last}".strip()


def clean_text(text: str) -> str:
    """``text`` without control characters or lone surrogates (PostgreSQL stores
    neither: a NUL byte in a lookup would be an error), whitespace collapsed."""
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in text
        if ch.isspace() or unicodedata.category(ch) not in ("Cc", "Cs")
    )
    return " ".join(kept.split())
