"""A Chinese question's words in English: dictionary-based query translation.

The knowledge base is mostly English (the server's articles, the quest descriptions of
books with no Chinese text). A Chinese question about such a passage shares no word with
it, so the search (:func:`agentweb.game.search.search`, ``partial``) also looks for the
question's words in English — the standard dictionary way of cross-language retrieval:

1. Each run of Chinese characters is cut into words by the longest dictionary match
   (forward and backward; the cut with fewer words wins, backward on a tie). The words
   known are the game's names in Chinese — the name index
   (:class:`~agentweb.game.models.GameName`: a pack's or a book's zh_cn names) and the
   offline glossary's names of common vanilla things — and CC-CEDICT's.
2. A word is in English by the game's name of the thing (one phrase: "Iron Ingot"), else
   by its CC-CEDICT glosses cleaned: no "to ", no measure words ("CL:…"), no
   parentheses, no references to other entries; a gloss of several words gives its
   content words. Words that only ask (a gloss ending in "?": 几点 "what time?") or are
   made of function characters only (不会) are no topic and stay untranslated.
3. The English words of one Chinese word are *alternatives*: the search counts a word
   once, found when a document has any of them, weighing as rare as the documents having
   any of them are — so a word's many senses do not count as many words.

CC-CEDICT (CC BY-SA 4.0) is read once per process (:mod:`agentweb.game.search.cedict`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from itertools import pairwise

from agentweb.game.models import GameName
from agentweb.game.models.names import DEFAULT_LANGUAGE, fold, origin_rank
from agentweb.game.search.cedict import Dictionary, content_words, load, read_dictionary
from agentweb.game.search.game_names import BATCH, localized_kinds
from agentweb.game.search.terms import (
    ASKING_CHARACTERS,
    CHINESE_STOP_PAIRS,
    CJK_RUN,
    FUNCTION_CHARACTERS,
    MAX_QUERY_CHARS,
    bigrams,
)
from agentweb.llm.offline.glossary import ZH_ITEMS, ZH_OTHER, ZH_PLACES

# A game's name may be longer (a quest title).
MAX_NAME_CHARS = 16
# Words of time and frequency: a Chinese word that says only these (每天 "every day",
# 今天, 经常) says when, not what about — like "today" in an English question, no topic.
TIME_WORDS = frozenset(
    """day days daily everyday today tonight tomorrow yesterday morning evening afternoon
    night nightly week weekly month monthly year yearly now nowadays moment time times hour
    hours minute minutes always often usually sometimes never ever every still already soon
    recently lately later currently present frequently constantly""".split()  # noqa: SIM905
)
# A word ending in a particle is the word before it and the particle: 面的 (a minivan) is
# no word of "里面的液体", 的 follows 里面.
ENDING_PARTICLES = frozenset("的了")
# The game's language codes of Chinese names.
CHINESE_LANGUAGES = ("zh_cn", "zh_tw", "zh_hk")


@dataclass(frozen=True)
class Word:
    """One word of a Chinese run and its English alternatives (none: not translated)."""

    text: str
    alternatives: tuple[str, ...] = ()
    # A game name: its English name is the thing itself, not a sense among several.
    name: bool = False
    # Which run of Chinese characters of the text it is in.
    run: int = 0
    # A word that only says when (每天, 今天): no term of the search, in either language.
    when: bool = False


def _glossary() -> dict[str, str]:
    """The offline glossary's Chinese names of common vanilla things and places → their
    English names."""
    named = {**ZH_ITEMS, **ZH_PLACES}
    for english, chinese in ZH_OTHER.items():
        named.setdefault(chinese, re.sub(r"^(?:a|an|the) ", "", english))
    return named


GLOSSARY = _glossary()


def game_names(runs: Iterable[str]) -> dict[str, str]:
    """The Chinese names of the game's things (the name index) inside ``runs`` → their
    English names: one statement for the pieces of the runs (per :data:`BATCH` of them),
    one for the names."""
    pieces = sorted(
        {
            fold(run[i:j])
            for run in runs
            for i in range(len(run))
            for j in range(i + 2, min(len(run), i + MAX_NAME_CHARS) + 1)
        }
    )
    rows = [
        row
        for start in range(0, len(pieces), BATCH)
        for row in GameName.objects.filter(
            folded__in=pieces[start : start + BATCH], language__in=CHINESE_LANGUAGES
        ).values_list("origin", "kind", "key", "text")
    ]
    best: dict[str, tuple[int, str, str]] = {}
    for origin, kind, key, text in rows:
        rank = origin_rank(origin)
        if text not in best or rank < best[text][0]:
            best[text] = (rank, kind, key)
    wanted: dict[str, list[str]] = {}
    for _, kind, key in best.values():
        wanted.setdefault(kind, []).append(key)
    english = localized_kinds(wanted, DEFAULT_LANGUAGE)
    found = {text: english.get(kind, {}).get(key) for text, (_, kind, key) in best.items()}
    return {text: name for text, name in found.items() if name and not CJK_RUN.search(name)}


def chinese_words(text: str) -> list[Word]:
    """The words of every run of Chinese characters in ``text``, in order, each with its
    English alternatives (see the module's docstring)."""
    runs = CJK_RUN.findall(text[:MAX_QUERY_CHARS])
    if not runs:
        return []
    names = {**GLOSSARY, **game_names(runs)}
    dictionary = read_dictionary()
    return [
        _translated(word, n, names, dictionary)
        for n, run in enumerate(runs)
        for word in _cut(run, names, dictionary.senses)
    ]


def _translated(word: str, run: int, names: dict[str, str], dictionary: Dictionary) -> Word:
    if word in names:
        return Word(word, (names[word].lower(),), name=True, run=run)
    senses = dictionary.senses.get(word, ())
    if senses and set(senses) <= TIME_WORDS:
        return Word(word, run=run, when=True)
    if _asks_nothing(word) or word in dictionary.asking:
        return Word(word, run=run)
    return Word(word, senses, run=run)


def _words_apart(left: Word, right: Word) -> bool:
    """Whether the pair of characters where two words meet spans two words: one of them is
    longer than a character. Two single characters stay a pair (矿透): the dictionary knows
    no word there, and the pair may name what the data lacks."""
    return max(len(left.text), len(right.text)) > 1


@dataclass(frozen=True)
class Searched:
    """A word of a Chinese question searched as one term by its English words: those some
    document has (what the database ranks by, and the sentences quoted must have one
    of), and the documents found."""

    text: str
    alternatives: tuple[str, ...]
    ids: frozenset[int]
    # Whether it is a word of the question when no document has it: a content word.
    counts: bool = True
    # A game's name: its English name is the thing itself, not a dictionary's guess.
    name: bool = False


@dataclass(frozen=True)
class Words:
    """The content words of a Chinese question searched in English, and the index's pairs
    of characters they stand for: the pairs inside such a word, never searched alone, and
    those across two words (炉拆 in 冶炼炉拆了, :func:`_words_apart`), skipped when no
    document has them."""

    words: list[Searched]
    inside: frozenset[str]
    between: frozenset[str]
    # Words of several pairs the documents have as written (服务器: 服务, 务器): each one
    # term, found in the documents that have all its pairs, so a long word does not weigh
    # as several words; a word that says when (每天) with no documents: no term at all.
    written: dict[str, tuple[frozenset[int], tuple[str, ...]]] = field(default_factory=dict)


def searched_words(
    text: str,
    as_written: Mapping[str, set[int]],
    matching: Callable[[list[str]], Mapping[str, set[int]]],
) -> Words:
    """The content words of ``text``'s Chinese runs that no document has as written (not
    every pair of their characters in one document, ``as_written``: pair → documents),
    each searched by its English words with ``matching`` (all of them in one call: word →
    documents). A word of several pairs the documents have as written is one term, found
    in the documents that have all its pairs (``Words.written``: 服务器 weighs as one word,
    not as 服务 and 务器); a word that only says when (每天) is no term."""
    cut = chinese_words(text)
    inside: set[str] = set()
    wanted: dict[str, Word] = {}
    written: dict[str, tuple[frozenset[int], tuple[str, ...]]] = {}
    for k, word in enumerate(cut):
        if word.when and len(word.text) > 1:
            written.setdefault(word.text, (frozenset(), tuple(bigrams(word.text))))
            continue  # says when, not what about: its pairs are no terms
        if not word.alternatives or (len(word.text) == 1 and _joined(cut, k, as_written)):
            continue  # a function word, or one character of a pair the data has (旧钟)
        pairs = bigrams(word.text) if len(word.text) > 1 else []
        having = _together(pairs, as_written)
        if having:
            if len(pairs) > 1:
                written.setdefault(word.text, (having, tuple(pairs)))
            continue  # the data has it in Chinese
        inside.update(pairs)
        wanted.setdefault(word.text, word)
    between = {
        left.text[-1] + right.text[0]
        for left, right in pairwise(cut)
        if left.run == right.run and _words_apart(left, right)
    }
    english = sorted({a for word in wanted.values() for a in word.alternatives})
    found = matching(english) if english else {}
    words = []
    for word in wanted.values():
        having = tuple(a for a in word.alternatives if found.get(a))
        ids = frozenset(i for a in having for i in found[a])
        counts = word.name or len(word.text) > 1
        words.append(Searched(word.text, having, ids, counts, word.name))
    grouped = {pair for _, pairs in written.values() for pair in pairs}
    return Words(words, frozenset(inside), frozenset(between - inside - grouped), written)


def _together(pairs: list[str], as_written: Mapping[str, set[int]]) -> frozenset[int]:
    """The documents that have every pair of a word: those that have the word."""
    if not pairs or not all(as_written.get(pair) for pair in pairs):
        return frozenset()
    return frozenset(set.intersection(*(set(as_written[pair]) for pair in pairs)))


def _joined(cut: list[Word], k: int, as_written: Mapping[str, set[int]]) -> bool:
    """Whether a word of one character makes a pair the documents have with the character
    before or after it (钟 in 旧钟): then it is part of that word, not a word alone."""
    word = cut[k]
    before = cut[k - 1] if k > 0 and cut[k - 1].run == word.run else None
    after = cut[k + 1] if k + 1 < len(cut) and cut[k + 1].run == word.run else None
    pairs = [before.text[-1] + word.text] if before else []
    pairs += [word.text + after.text[0]] if after else []
    return any(as_written.get(pair) for pair in pairs)


def _asks_nothing(word: str) -> bool:
    """Function characters only (不会, 就是), or a word that only asks (什么, 为啥)."""
    return (
        set(word) <= FUNCTION_CHARACTERS | ASKING_CHARACTERS
        or bool(set(word) & ASKING_CHARACTERS)
        or word in CHINESE_STOP_PAIRS
    )


def _cut(run: str, names: dict[str, str], senses: dict[str, tuple[str, ...]]) -> list[str]:
    """``run`` cut into words by the longest match, forward and backward; the cut with
    fewer words (fewer characters alone that are no particle on a tie, then the backward
    one)."""

    def known(piece: str) -> bool:
        return piece in names or (piece in senses and piece[-1] not in ENDING_PARTICLES)

    forward, backward = _forward(run, known), _backward(run, known)

    def cost(cut: list[str]) -> tuple[int, int]:
        # A character left alone is most often a particle (的, 会, 吗); one that is not
        # was likely cut from its word (液 of 液体 in 液体会).
        alone = [w for w in cut if len(w) == 1 and w not in FUNCTION_CHARACTERS | ASKING_CHARACTERS]
        return len(cut), len(alone)

    return forward if cost(forward) < cost(backward) else backward


def _forward(run: str, known) -> list[str]:
    cut, i = [], 0
    while i < len(run):
        j = next(
            (j for j in range(min(len(run), i + MAX_NAME_CHARS), i + 1, -1) if known(run[i:j])),
            i + 1,
        )
        cut.append(run[i:j])
        i = j
    return cut


def _backward(run: str, known) -> list[str]:
    cut, j = [], len(run)
    while j > 0:
        i = next((i for i in range(max(0, j - MAX_NAME_CHARS), j - 1) if known(run[i:j])), j - 1)
        cut.append(run[i:j])
        j = i
    return cut[::-1]


__all__ = ["Searched", "Word", "Words", "chinese_words", "content_words", "load", "searched_words"]
