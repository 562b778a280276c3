"""The language a player writes in, as far as the answers need it: Chinese or English.

Answers speak the language of the message (SPEC §15b): a message with Chinese characters
in it is answered in Chinese, one with other words in English. A message with no words of
its own — a bare command such as ``/checkin`` — says nothing about its language: it is
answered in the player's own (her page's), which the caller passes as ``fallback``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

# CJK unified ideographs (with extension A and the compatibility block).
CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
# A letter of any script but Chinese: a word in a language we answer in English.
LETTER = re.compile(r"[^\W\d_]")
# The command a message starts with ("/checkin", "/item"): a name, not a word of the player's.
COMMAND = re.compile(r"^\s*/\S*")
ZH, EN = "zh", "en"


def language_of(text: str, fallback: str = EN) -> str:
    """``"zh"`` when ``text`` has Chinese characters, ``"en"`` when it has other words
    (a leading ``/command`` is no word), else ``fallback``."""
    text = COMMAND.sub("", text or "", count=1)
    if CJK.search(text):
        return ZH
    return EN if LETTER.search(text) else fallback


def shared_ending(names: Iterable[str]) -> str | None:
    """What several things' names end with, to call them all "any <ending>": the last word
    every name ends with (``Oak Planks``, ``Spruce Planks`` → ``Planks``); for names written
    without spaces (Chinese), the longest ending at least two thirds of them share
    (橡木木板, 云杉木板, 竹板 → 木板). None when they share nothing."""
    names = [name.strip() for name in names if name and name.strip()]
    if len(names) < 2:
        return None
    if any(" " in name or not CJK.search(name) for name in names):
        last = {name.split()[-1] for name in names}
        return last.pop() if len(last) == 1 else None
    need = -(-2 * len(names) // 3)
    best = None
    for size in range(1, min(len(name) for name in names) + 1):
        ending, count = Counter(name[-size:] for name in names).most_common(1)[0]
        if count < need:
            break
        best = ending
    return best
