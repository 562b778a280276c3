"""Whether a close name is the name the player wrote, or the name of something else.

A search for a name finds close names too ("Andesite Wall" for "andesite
alloy", "Diamond Sword" for "diamnod sword"). Only the second is the same
name: a lookup may answer about it as if the player had spelled it right.
The first is a different thing, which an answer may offer ("Did you mean
Andesite Wall?") but never describe as what was asked.

The confidence floor: two names are the same name when their content words
(:func:`agentweb.game.search.terms.terms_of`: no articles, no "please", no
"of") pair up one to one, in any order, each word equal, its plural, or
within the typos :func:`agentweb.game.search.terms.allowed_edits` tolerates
for a word of its length (none below five letters, one up to eight, two
beyond) — or when they differ only in spaces ("torch light" / "Torchlight").
"iron block" is "Block of Iron"; "andesite alloy" is not "Andesite Wall", and
"gold ingot" is not "Golden Ingot".
"""

from __future__ import annotations

import re

from rapidfuzz.distance import OSA

from agentweb.game.search.terms import allowed_edits, terms_of
from agentweb.game.text import singular

WORD = re.compile(r"[^\W_]+", re.UNICODE)


def _same_word(asked: str, name: str) -> bool:
    if asked == name or singular(asked) == name or singular(name) == asked:
        return True
    return OSA.distance(asked, name) <= allowed_edits(min(asked, name, key=len))


def named_in_part(asked: str, name: str) -> bool:
    """``asked`` is a part of ``name``: two or more words, every one of them in the name
    (a long title abbreviated: "burning device 2" for "Burning Device 2: Blastastic")."""
    a, n = terms_of(asked), terms_of(name)
    return len(a) >= 2 and all(any(_same_word(w, o) for o in n) for w in a)


def same_name(asked: str, name: str) -> bool:
    """``name`` is ``asked`` as the player meant it (see the module docstring)."""
    if "".join(WORD.findall(asked.casefold())) == "".join(WORD.findall(name.casefold())):
        return True
    a, n = terms_of(asked), terms_of(name)
    if not a or len(a) != len(n):
        return False
    left = list(n)
    for word in a:
        match = next((other for other in left if _same_word(word, other)), None)
        if match is None:
            return False
        left.remove(match)
    return True
