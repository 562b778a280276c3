"""The sentences of a passage that answer a question (articles, web pages)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

import snowballstemmer

from agentweb.lib.sentences import numbers_kept
from agentweb.lib.word_frequency import telling
from agentweb.llm.offline.text import NOT_NAMES

# Sentences quoted: the ones that share the most words with the question.
SENTENCES_QUOTED = 2
ASKED = ("?", "？")
SENTENCE_END = re.compile(r"(?<=[.!?])\s+|(?<=[。！？])\s*")
WORD = re.compile(r"[a-z0-9']+|[\u4e00-\u9fff]+")
# Chinese words are compared by their pairs of characters (there are no spaces).
CJK = re.compile(r"[\u4e00-\u9fff]+")
# Pairs of characters that only ask ("为什么", "怎么", "什么"): they tell nothing.
ASKING_PAIRS = frozenset(
    """为什 什么 怎么 怎样 如何 为啥 可以 能不 没有
    一个 这个 那个 这里 那里 哪里""".split()  # noqa: SIM905
)


def best_sentences(
    text: str, question: str, keep: int = SENTENCES_QUOTED, *, chosen: bool = False
) -> str:
    """The sentences of ``text`` sharing the most with the question, in their order; a
    sentence that asks a question comes with the next one, its answer. Words are compared
    by their stems ("crashed", "crash"), each weighing what it tells of a topic (a word
    every text uses, "get", less than "crash": :mod:`agentweb.lib.word_frequency`).

    The tool already picked the passage; this only trims it to what answers the
    question, so a long article is not quoted from its start. With ``chosen`` (an
    excerpt the search cut to the sentences with the question's words), an excerpt none
    of whose sentences shares a word with the question — written in another language
    than it, found by its words in that language — is kept whole: nothing here tells
    its sentences apart, the search did.
    """
    sentences = _sentences(text)
    if len(sentences) <= keep:
        return " ".join(sentences)
    wanted = _weighed(question)

    def overlap(i: int) -> float:
        return sum(wanted[word] for word in wanted.keys() & _words(sentences[i]))

    if chosen and not any(overlap(i) for i in range(len(sentences))):
        return " ".join(sentences)

    best = set(sorted(range(len(sentences)), key=lambda i: (-overlap(i), i))[:keep])
    # A question the passage asks itself is quoted with the sentence that answers it.
    best |= {i + 1 for i in best if sentences[i].endswith(ASKED) and i + 1 < len(sentences)}
    return " ".join(sentences[i] for i in sorted(best))


def sentences_about(text: str, names: Sequence[str], question: str) -> str:
    """The sentences of ``text`` that mention one of ``names`` (any case), the ones sharing
    the most words with the question first, in their order; ``""`` when none does: a
    passage that never names the thing says nothing about it."""
    sentences = _sentences(text)
    wanted = [name.casefold() for name in names if name]
    about = [s for s in sentences if any(name in s.casefold() for name in wanted)]
    return best_sentences(" ".join(about), question) if about else ""


def _sentences(text: str) -> list[str]:
    """The sentences of ``text``, a numbered list's numbers with their items."""
    return numbers_kept(SENTENCE_END.split(" ".join(text.split())))


_stemmer = snowballstemmer.stemmer("english")


@lru_cache(maxsize=4096)
def _stem(word: str) -> str:
    return _stemmer.stemWord(word)


def _words(text: str) -> set[str]:
    """Content words by their Snowball stems, and the pairs of characters of Chinese runs."""
    return set(_weighed(text))


def _weighed(text: str) -> dict[str, float]:
    """:func:`_words`, each with what it tells of a topic: a word by how common it is in
    any English text, a pair of Chinese characters all it can (a pair may span two words;
    nothing tells them apart)."""
    found: dict[str, float] = {}
    for word in WORD.findall(text.lower()):
        if CJK.fullmatch(word):
            pairs = {word[i : i + 2] for i in range(len(word) - 1)} - ASKING_PAIRS
            found.update(dict.fromkeys(pairs, 1.0))
        elif word not in NOT_NAMES and len(word) > 2:
            word = word.strip("'")
            stemmed = _stem(word)
            found[stemmed] = max(found.get(stemmed, 0.0), telling(word))
    return found
