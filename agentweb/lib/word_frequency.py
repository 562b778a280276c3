"""How much a word of a question tells of its topic, from how common it is in any text.

A question in a player's words carries words every text uses ("get", "really", 一直)
beside the words of what is asked ("crash", "hydrogen", 高炉): of a passage's sentences,
the one that shares the topic's words with the question answers it, not the one that
shares its everyday words (the offline planner's quotes, :mod:`agentweb.llm.offline.passages`).
The frequencies are wordfreq's (Apache-2.0 code, CC BY-SA 4.0 data: many sources of
written and spoken text), on the Zipf scale: log10 of a word's uses per billion words, 7+
for "the" and 的, about 3 for a word seen once in a long book.

A word's weight is 1 up to :data:`RARE`, falling in a straight line to :data:`LEAST` at
:data:`COMMONEST`. A word the lists lack tells all it can: a game's word ("ae2") or a
misspelling, of which nothing is known.
"""

from __future__ import annotations

import math
import re
import threading
from functools import lru_cache

# The Zipf frequency at and below which a word tells all it can ("pickaxe" 2.4).
RARE = 3.0
# The Zipf frequency of the commonest words ("the" 7.7, 的 7.6).
COMMONEST = 7.5
# What the commonest word of a question still weighs: it was asked, if not what about.
LEAST = 0.2

# The Zipf frequency from which a word is an everyday word of any text ("today" 5.5,
# "another" 5.7, "since" 5.8, but "month" 5.3 too; "batch" 3.9 is not).
EVERYDAY = 5.0

# A word with one of these characters is looked up as Chinese.
CHINESE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")

_lock = threading.Lock()
_lists: dict[str, dict[str, float]] = {}


def _frequencies(language: str) -> dict[str, float]:
    """A language's frequency list, read once per process (~0.1 s each)."""
    with _lock:
        if language not in _lists:
            from wordfreq import get_frequency_dict

            _lists[language] = get_frequency_dict(language)
        return _lists[language]


def zipf(word: str) -> float:
    """How common ``word`` is in its language (Chinese if it has a Chinese character,
    else English), on the Zipf scale; 0 for a word the list lacks."""
    language = "zh" if CHINESE.search(word) else "en"
    frequency = _frequencies(language).get(word, 0.0)
    return math.log10(frequency) + 9 if frequency > 0 else 0.0


@lru_cache(maxsize=4096)
def telling(word: str) -> float:
    """How much of a question's topic ``word`` tells: 1 for a word rare in any text, down
    to :data:`LEAST` for the commonest."""
    z = zipf(word.lower())
    if z <= RARE:
        return 1.0
    return max(LEAST, 1.0 - (1.0 - LEAST) * (z - RARE) / (COMMONEST - RARE))


def missing_word_weight(word: str) -> float:
    """What a question's word that no searched document has weighs, as a share of what
    the rarest word weighs: all of it (the question asks about something the documents may
    lack), but an everyday word only as much as it tells (:func:`telling`): "today" or
    "another" missing from an article says nothing of whether it answers."""
    return telling(word) if zipf(word.lower()) >= EVERYDAY else 1.0
