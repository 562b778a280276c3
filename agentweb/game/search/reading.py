"""A query as the documents read it: its terms (typos repaired, a player's short forms,
Chinese pairs across two words skipped, Chinese words no document has as written searched
in English), the documents of each, and the words no document has.

See :mod:`agentweb.game.search` for how a search uses them (the relevance floor).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from agentweb.game.search.backends import backend
from agentweb.game.search.matches import Matches
from agentweb.game.search.terms import (
    ASKING_CHARACTERS,
    FUNCTION_CHARACTERS,
    closest_word,
    is_cjk,
    terms_of,
)
from agentweb.game.search.translation import Words, searched_words
from agentweb.game.search.vocabulary import chinese_characters, vocabulary
from agentweb.game.text import clean_text


@dataclass(frozen=True)
class Untranslated:
    """A query's terms and their documents, and its terms no document has, as read with no
    word translated."""

    found: dict[str, set[int]]
    unknown: tuple[str, ...]


@dataclass(frozen=True)
class Query:
    """The terms searched for after typo repair, and the terms no document has."""

    terms: list[str]
    corrected: dict[str, str]
    unknown: list[str]
    # Chinese pairs skipped as spanning two words ("烧煤" in "为啥不烧煤"): their characters
    # may be words of one character (煤, coal), for choosing the sentences to quote.
    across: list[str] = field(default_factory=list)
    # Terms searched as the start of a word: a player's short form ("min" for minimum).
    prefixed: frozenset[str] = frozenset()
    # Chinese words of a question searched in English (``partial``): each one term, found
    # by any of its English words (:mod:`agentweb.game.search.translation`).
    alternatives: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # The query read with no word translated, when the translation read it otherwise: how
    # a document that has none of the translated words is measured.
    untranslated: Untranslated | None = None
    # The translated words that are the game's names (the others are a dictionary's guess).
    names: frozenset[str] = frozenset()
    # Chinese words of several pairs the documents have as written: each one term, ranked
    # by its pairs (what the index has).
    written: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def searched(self) -> list[str]:
        """What the database ranks by: the terms, a translated word by its English words,
        a Chinese word by its pairs of characters."""
        return [
            word
            for term in self.terms
            for word in self.alternatives.get(term, self.written.get(term, (term,)))
        ]

    def for_passages(self) -> list[str | tuple[str, ...]]:
        """The terms that choose the sentences quoted: a translated word as its
        alternatives, one of which a sentence must have."""
        return [self.alternatives.get(term, term) for term in self.terms]


def analyse(
    query: str,
    kinds: Sequence[str],
    *,
    book: int | None = None,
    prefix: bool = False,
    partial: bool = False,
) -> tuple[Query, dict[str, set[int]]]:
    """The query's terms and, per term, the ids of the documents containing it (read as
    :func:`search` reads it with the same ``partial``)."""
    parsed, found, _ = read_query(query, kinds, book=book, prefix=prefix, partial=partial)
    return parsed, found


def read_query(
    query: str, kinds: Sequence[str], *, book: int | None, prefix: bool, partial: bool = False
) -> tuple[Query, dict[str, set[int]], int | None]:
    """:func:`analyse`, and the number of documents of ``kinds`` if the backend counted them.
    With ``partial`` (a question in a player's words), a word no document has and no typo
    explains is tried as the start of a word: a short form ("min" for minimum), and the
    Chinese words no document has as written are searched in English."""
    engine = backend()
    text = clean_text(query)
    words = terms_of(text)
    matches = engine.matching_each(words, kinds, book, prefix=prefix)
    chinese = _chinese_words(text, matches.ids, kinds, book) if partial else None
    scope = _Scope(kinds, book, prefix, partial, matches, _Characters(kinds))
    read = _Read(words, scope, chinese)
    alternatives: dict[str, tuple[str, ...]] = {}
    names: set[str] = set()
    written: dict[str, tuple[str, ...]] = {}
    for text_, (ids, pairs) in (chinese.written if chinese is not None else {}).items():
        if ids:  # (a word that says when has none: it is no term)
            read.add(text_, set(ids))
            written[text_] = pairs
    for word in chinese.words if chinese is not None else []:
        if word.ids and word.text not in read.found:
            read.terms.append(word.text)
            read.found[word.text] = set(word.ids)
            alternatives[word.text] = word.alternatives
            if word.name:
                names.add(word.text)
        elif not word.ids and word.counts:
            read.unknown.append(word.text)  # a word of the question no document has, either way
    plain = None
    if chinese is not None and (chinese.words or chinese.inside or chinese.between):
        # Read as it was without translation too: the documents that have none of the
        # translated words are measured that way — its words of several pairs one term
        # each, and its words no document has in either language still asked (重启 in
        # "服务器几点重启", whose characters other words have, is a word of the
        # dictionary, not a pair across two words).
        as_asked = _Read(words, scope, written=chinese.written)
        for text_, (ids, _pairs) in chinese.written.items():
            if ids:
                as_asked.add(text_, set(ids))
        missing = [w.text for w in chinese.words if not w.ids and w.counts]
        plain = Untranslated(as_asked.found, tuple(dict.fromkeys(as_asked.unknown + missing)))
    query_read = Query(
        read.terms,
        read.corrected,
        read.unknown,
        read.across,
        frozenset(read.prefixed),
        alternatives,
        plain,
        frozenset(names),
        written,
    )
    return query_read, read.found, matches.documents


@dataclass(frozen=True)
class _Scope:
    """Where and how a query's words are looked up: the documents' kinds and book, as the
    start of words or whole, for a question in a player's words (``partial``) or a name;
    what the database found of each word as written, and the characters the documents use."""

    kinds: Sequence[str]
    book: int | None
    prefix: bool
    partial: bool
    matches: Matches
    known: _Characters


class _Read:
    """The terms of a query's words, as the documents have them (typos repaired, short
    forms, Chinese pairs across words skipped); with ``chinese``, the pairs of characters
    of the words searched in English left out (their words are terms of their own), and
    with ``written`` (or ``chinese``'s), the pairs of the words read whole."""

    def __init__(
        self,
        words: Sequence[str],
        scope: _Scope,
        chinese: Words | None = None,
        written: dict[str, tuple[frozenset[int], tuple[str, ...]]] | None = None,
    ) -> None:
        self.scope = scope
        self.chinese = chinese
        # The pairs of the words read whole (``Words.written``): not terms of their own.
        written = chinese.written if chinese is not None else written or {}
        self.grouped = {pair for _, pairs in written.values() for pair in pairs}
        self.terms: list[str] = []
        self.corrected: dict[str, str] = {}
        self.unknown: list[str] = []
        self.across: list[str] = []
        self.prefixed: set[str] = set()
        self.found: dict[str, set[int]] = {}
        for term in words:
            self._read(term)

    def add(self, term: str, ids: set[int]) -> None:
        if term not in self.found:
            self.terms.append(term)
            self.found[term] = ids

    def _read(self, term: str) -> None:
        scope, chinese = self.scope, self.chinese
        ids = scope.matches.ids[term]
        if not ids and term in scope.matches.dropped:
            return  # a stop word to the database, though not to our list
        if term in self.grouped:
            return  # a pair of a word read whole
        if chinese is not None and term in chinese.inside:
            self.across.append(term)  # a pair of a word searched in English: for passages
            return
        if not ids and chinese is not None and term in chinese.between:
            self.across.append(term)  # a pair across two words
            return
        if not ids and is_cjk(term) and _across_words(term, scope.known):
            self.across.append(term)  # a pair of characters across two Chinese words
            return
        if not ids:
            ids, term = self._repaired(term)
            if not ids:
                return
        self.add(term, ids)

    def _repaired(self, term: str) -> tuple[set[int], str]:
        """The documents of the word a term no document has stands for: a typo's repair,
        or a player's short form (``partial``); none, and the term is unknown."""
        scope, engine = self.scope, backend()
        repaired = closest_word(term, vocabulary(scope.kinds))
        ids = (
            engine.matching(repaired, scope.kinds, scope.book, prefix=scope.prefix)
            if repaired
            else set()
        )
        if not ids and scope.partial and not scope.prefix and _short_form(term):
            ids = engine.matching(term, scope.kinds, scope.book, prefix=True)
            if ids:
                self.prefixed.add(term)
                repaired = term
        if not ids:
            self.unknown.append(term)
            return set(), term
        if repaired != term:
            self.corrected[term] = repaired
        return ids, repaired


def _chinese_words(
    text: str, ids: dict[str, set[int]], kinds: Sequence[str], book: int | None
) -> Words:
    """The content words of ``text``'s Chinese runs, each one term, found as written or in
    English (:func:`agentweb.game.search.translation.searched_words`)."""

    def matching(words: list[str]) -> dict[str, set[int]]:
        return backend().matching_each(words, kinds, book, prefix=False).ids

    return searched_words(text, ids, matching)


# A short form is at least this long ("min", "max", "info"): shorter starts match anything.
SHORT_FORM_CHARS = 3


def _short_form(term: str) -> bool:
    return len(term) >= SHORT_FORM_CHARS and term.isalpha() and not is_cjk(term)


class _Characters:
    """The Chinese characters the documents of some kinds use, read once for a query when
    it needs them."""

    def __init__(self, kinds: Sequence[str]) -> None:
        self.kinds = kinds
        self._read: frozenset[str] | None = None

    def all(self) -> frozenset[str]:
        if self._read is None:
            self._read = chinese_characters(self.kinds)
        return self._read


def _across_words(pair: str, known: _Characters) -> bool:
    """A Chinese pair no document has spans two words (or a question word), unless one of
    its characters is in no document at all: then the question names something else."""
    asking = bool(set(pair) & (ASKING_CHARACTERS | FUNCTION_CHARACTERS))
    return asking or set(pair) <= known.all()


__all__ = ["Query", "Untranslated", "analyse", "read_query"]
