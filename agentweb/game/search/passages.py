"""The sentences of a text that answer a query best: what a tool quotes to the model.

A sentence counts the query terms it contains, compared by their Snowball
English stems (the stemming PostgreSQL's ``english`` configuration uses), so
"drops" matches "dropped" the way the search did. The best sentences are
kept within a length budget and returned in the text's own order.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

import snowballstemmer

from agentweb.game.search.terms import ASKING_CHARACTERS, CJK_RUN, TERM, is_cjk
from agentweb.lib.sentences import numbers_kept

# A sentence ends at . ! ? followed by a space, at 。！？, or at a line break.
SENTENCE_END = re.compile(r"(?<=[.!?…])\s+|(?<=[。！？])\s*|\n+")
PARAGRAPH_END = re.compile(r"\n\s*\n")
_stemmer = snowballstemmer.stemmer("english")


@lru_cache(maxsize=4096)
def stem(word: str) -> str:
    return _stemmer.stemWord(word.lower())


def question_words(text: str) -> set[str]:
    """Every word of ``text`` by its stem, the small ones too, and every Chinese character
    but those that only ask (为, 么, 吗…): what a sentence echoing a question shares with it."""
    found: set[str] = set()
    for word in TERM.findall(text.lower()):
        for part in CJK_RUN.split(word):
            if part:
                found.add(stem(part))
        found |= {c for run in CJK_RUN.findall(word) for c in run} - ASKING_CHARACTERS
    return found


def sentences(text: str) -> list[str]:
    return [s for s, _ in _sentences(text)]


def _sentences(text: str) -> list[tuple[str, int]]:
    """The sentences of ``text``, each with the number of its paragraph (a blank line
    ends a paragraph); a numbered list's numbers stay with their items."""
    return [
        (s, n)
        for n, paragraph in enumerate(PARAGRAPH_END.split(text))
        for s in numbers_kept(SENTENCE_END.split(paragraph))
    ]


# How a sentence that asks a question ends.
ASKED = ("?", "？")


# A query term: a word, or the alternatives of one (a Chinese word's English words).
Term = str | tuple[str, ...]


def _has(term: Term, part: str, stems: set[str]) -> bool:
    """Whether a sentence (``part``, its words' ``stems``) has the term: a Chinese term as
    written, a word by its stem, alternatives by any of them (all the words of one)."""
    if isinstance(term, tuple):
        return any(_has(one, part, stems) for one in term)
    if is_cjk(term):
        return term in part
    return all(stem(word) in stems for word in TERM.findall(term.lower()))


def _key(term: Term) -> Term:
    return stem(term) if isinstance(term, str) and not is_cjk(term) else term


def best_passage(text: str, terms: Sequence[Term], limit: int) -> str:
    """The sentences of ``text`` with the most query ``terms``, in order, within ``limit``
    characters (a question the text asks with the sentence after it, its answer; the best
    sentence with the one after it in its paragraph, what it leads to); the text's start
    when no sentence has any. A term of alternatives counts once, for any of them."""
    numbered = _sentences(text)
    parts = [part for part, _ in numbered]
    if not parts:
        return ""
    # Words of one stem are one term ("drops", "dropped"), as the search matched them.
    unique = list({_key(term): term for term in terms}.values())
    scores = [
        sum(_has(term, part, {stem(w) for w in TERM.findall(part)}) for term in unique)
        for part in parts
    ]
    order = sorted(range(len(parts)), key=lambda i: (-scores[i], i))
    if not scores[order[0]]:
        order = list(range(len(parts)))
    chosen: list[int] = []
    used = 0
    for i in order:
        if i in chosen:
            continue
        if chosen and (used + len(parts[i]) + 1 > limit or (not scores[i] and scores[chosen[0]])):
            break
        chosen.append(i)
        used += len(parts[i]) + 1
        # A question the text asks itself comes with the sentence that answers it.
        after = i + 1
        answers = parts[i].endswith(ASKED) and after < len(parts) and after not in chosen
        if answers and used + len(parts[after]) + 1 <= limit:
            chosen.append(after)
            used += len(parts[after]) + 1
    # The sentence after the best one, in its paragraph, says what the best one leads to:
    # "There are no villages on this coast anymore." — why is the next sentence.
    after = order[0] + 1
    goes_on = after < len(parts) and numbered[after][1] == numbered[order[0]][1]
    if scores[order[0]] and goes_on and after not in chosen and used + len(parts[after]) < limit:
        chosen.append(after)
    return " ".join(parts[i] for i in sorted(chosen))
