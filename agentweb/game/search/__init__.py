"""Full-text search over the game world, on the database's own engine.

One interface, two backends chosen by the database vendor: SQLite FTS5 with
``bm25()`` (the embedded setup) and PostgreSQL full-text search with a GIN
index (the scaled setup). Documents are knowledge articles, quests (title,
subtitle, description, task and reward item names) and items (display name,
id); see :mod:`agentweb.game.search.documents`.

The relevance floor (what makes "nothing found" honest, so a question can
go to the web):

1. The query's terms are its words minus stop words
   (:mod:`agentweb.game.search.terms`). No terms → no results.
2. Every term must occur in the searched documents — as written or stemmed
   (with ``prefix``, also as the start of a word), or within a typo or two
   of a word that does (then the term is replaced by that word). For names
   a term that occurs nowhere means the query is about something the data
   does not have → no results. A question in a player's words (``partial``,
   the knowledge base) has words no article uses ("is there any way to the
   End? I want to fight the dragon"): such a term weighs in the query as the
   rarest word can (bm25's idf of a word in no document), so a document
   must still cover half of a query that has it, and a query made mostly of
   words the data lacks finds nothing. A Chinese pair of characters that no
   document has is skipped when both its characters occur in the documents,
   or one of them is a function character (it spans two words); a character
   no document has means, again, something the data does not have.
3. A document must cover at least half of the query, each term weighing
   its inverse document frequency (bm25's idf: a rare word weighs more than
   "get"); with ``every_term`` it must contain every term. Those are ranked
   by the database's relevance (``bm25()`` / ``ts_rank``) times the share of
   the query they cover, best first.
4. For a question in a player's words (``partial``), documents next to each other
   in that ranking that cover the same share of it — where the database's
   relevance would only weigh their lengths — come in the order of how much of
   the question their best sentence (with the title) says, every word of it:
   a sentence that answers echoes the question, one that only mentions its
   words does not; between those, the one whose title the question says more of
   (an article titled by what is asked is about it).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from types import ModuleType

from django.db import connection

from agentweb.game.models import DocumentKind, SearchDocument
from agentweb.game.search.passages import question_words, sentences
from agentweb.game.search.terms import (
    ASKING_CHARACTERS,
    FUNCTION_CHARACTERS,
    closest_word,
    is_cjk,
    plain_text,
    terms_of,
)
from agentweb.game.search.translation import Words, searched_words
from agentweb.game.search.vocabulary import chinese_characters, vocabulary
from agentweb.game.text import clean_text

# Upper bound for any caller-supplied limit.
MAX_RESULTS = 50
# The share of the query's weight (idf) a document must cover to be found.
MIN_SHARE = 0.5


@dataclass(frozen=True)
class Hit:
    """One found document: what it stands for and the share of the query it covers."""

    kind: str
    target_id: int
    share: float


def _document_count(kinds: Sequence[str]) -> int:
    return SearchDocument.objects.filter(kind__in=list(kinds)).count()


def _idf(documents_with_it: int, n: int) -> float:
    """bm25's inverse document frequency: rare words weigh more."""
    return math.log(1 + (n - documents_with_it + 0.5) / (documents_with_it + 0.5))


def _idf_weights(found: dict[str, set[int]], n: int) -> dict[str, float]:
    """The inverse document frequency of each term."""
    return {term: _idf(len(ids), n) for term, ids in found.items()}


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
    # The query read without them, when it has any: how a document that has none of the
    # translated words is measured.
    untranslated: Untranslated | None = None

    def searched(self) -> list[str]:
        """What the database ranks by: the terms, a translated word by its English words."""
        return [word for term in self.terms for word in self.alternatives.get(term, (term,))]

    def for_passages(self) -> list[str | tuple[str, ...]]:
        """The terms that choose the sentences quoted: a translated word as its
        alternatives, one of which a sentence must have."""
        return [self.alternatives.get(term, term) for term in self.terms]


def backend() -> ModuleType:
    if connection.vendor == "postgresql":
        from agentweb.game.search import postgres_fts

        return postgres_fts
    if connection.vendor == "sqlite":
        from agentweb.game.search import sqlite_fts

        return sqlite_fts
    raise NotImplementedError(f"No full-text search backend for {connection.vendor}")


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
    parsed, found, _ = _analyse(query, kinds, book=book, prefix=prefix, partial=partial)
    return parsed, found


def _analyse(
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
    read = _Read(words, matches, kinds, book, prefix, partial, chinese)
    alternatives: dict[str, tuple[str, ...]] = {}
    for word in chinese.words if chinese is not None else []:
        if word.ids and word.text not in read.found:
            read.terms.append(word.text)
            read.found[word.text] = set(word.ids)
            alternatives[word.text] = word.alternatives
        elif not word.ids and word.counts:
            read.unknown.append(word.text)  # a word of the question no document has, either way
    plain = None
    if alternatives:
        as_asked = _Read(words, matches, kinds, book, prefix, partial, None)
        plain = Untranslated(as_asked.found, tuple(as_asked.unknown))
    query_read = Query(
        read.terms,
        read.corrected,
        read.unknown,
        read.across,
        frozenset(read.prefixed),
        alternatives,
        plain,
    )
    return query_read, read.found, matches.documents


class _Read:
    """The terms of a query's words, as the documents have them (typos repaired, short
    forms, Chinese pairs across words skipped); with ``chinese``, the pairs of characters
    of the words searched in English left out (their words are terms of their own)."""

    def __init__(self, words, matches, kinds, book, prefix, partial, chinese) -> None:
        self.terms: list[str] = []
        self.corrected: dict[str, str] = {}
        self.unknown: list[str] = []
        self.across: list[str] = []
        self.prefixed: set[str] = set()
        self.found: dict[str, set[int]] = {}
        for term in words:
            self._read(term, matches, kinds, book, prefix, partial, chinese)

    def _read(self, term, matches, kinds, book, prefix, partial, chinese) -> None:
        ids = matches.ids[term]
        if not ids and term in matches.dropped:
            return  # a stop word to the database, though not to our list
        if chinese is not None and term in chinese.inside:
            self.across.append(term)  # a pair of a word searched in English: for passages
            return
        if not ids and chinese is not None and term in chinese.between:
            self.across.append(term)  # a pair across two words
            return
        if not ids and is_cjk(term) and _across_words(term, kinds):
            self.across.append(term)  # a pair of characters across two Chinese words
            return
        if not ids:
            engine = backend()
            repaired = closest_word(term, vocabulary(kinds))
            ids = engine.matching(repaired, kinds, book, prefix=prefix) if repaired else set()
            if not ids and partial and not prefix and _short_form(term):
                ids = engine.matching(term, kinds, book, prefix=True)
                if ids:
                    self.prefixed.add(term)
                    repaired = term
            if not ids:
                self.unknown.append(term)
                return
            if repaired != term:
                self.corrected[term] = repaired
            term = repaired
        if term not in self.found:
            self.terms.append(term)
            self.found[term] = ids


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


def _across_words(pair: str, kinds: Sequence[str]) -> bool:
    """A Chinese pair no document has spans two words (or a question word), unless one of
    its characters is in no document at all: then the question names something else."""
    return bool(set(pair) & (ASKING_CHARACTERS | FUNCTION_CHARACTERS)) or set(pair) <= (
        chinese_characters(kinds)
    )


def search(
    query: str,
    kinds: Sequence[str | DocumentKind],
    *,
    limit: int = 10,
    book: int | None = None,
    prefix: bool = False,
    every_term: bool = False,
    partial: bool = False,
) -> list[Hit]:
    """Documents of ``kinds`` that match ``query`` above the relevance floor, best first.

    ``prefix`` also matches words that start with a term (for names being typed);
    ``every_term`` keeps only documents with all the terms (for names); ``partial``
    lets words no document has weigh in the query instead of ending the search (for
    questions in a player's words).
    """
    kinds = [str(kind) for kind in kinds]
    parsed, found, documents = _analyse(query, kinds, book=book, prefix=prefix, partial=partial)
    if (parsed.unknown and not partial) or not parsed.terms:
        return []
    n = _document_count(kinds) if documents is None else documents
    share = _shares(found, parsed.unknown, n)
    if parsed.untranslated is not None:
        # A document with none of the words translated is measured as the question reads
        # without them: the translation finds English passages, it does not lower what a
        # passage in the question's own language must cover.
        plain = _shares(parsed.untranslated.found, parsed.untranslated.unknown, n)
        translated = set().union(*(found[term] for term in parsed.alternatives))
        share = {
            d: share.get(d, 0.0) if d in translated else plain.get(d, 0.0)
            for d in share.keys() | plain.keys()
        }
    needed = 1.0 if every_term else MIN_SHARE
    candidates = [doc_id for doc_id, part in share.items() if part >= needed - 1e-9]
    if not candidates:
        return []
    limit = max(1, min(limit, MAX_RESULTS))
    # The database's relevance times the share of the query a document covers
    # (the coordination factor of Lucene's classic scoring, weighted by idf):
    # a document with the question's telling words beats one that repeats a
    # single common word.
    scores = backend().scores(
        _ranked_by(parsed), candidates, kinds, prefix=prefix, prefixed=parsed.prefixed
    )
    ranked = sorted(scores.items(), key=lambda row: (-row[1].score * share[row[0]], row[0]))
    if partial:
        ranked = _answers_first(query, ranked, share)
    best = [doc_id for doc_id, _ in ranked[:limit]]
    targets = {doc_id: scores[doc_id].target for doc_id in best}
    if None in targets.values():
        docs = SearchDocument.objects.in_bulk(best)
        targets = {d: (docs[d].kind, getattr(docs[d], f"{docs[d].kind}_id")) for d in docs}
    return [Hit(*targets[d], round(share[d], 3)) for d in best if d in targets]


def _ranked_by(parsed: Query) -> list[str]:
    """The words the database ranks the candidates by: the terms (a translated word by its
    English words), and the terms read without translation."""
    words = parsed.searched()
    if parsed.untranslated is not None:
        words += [t for t in parsed.untranslated.found if t not in words]
    return words


def _shares(found: dict[str, set[int]], unknown: Sequence[str], n: int) -> dict[int, float]:
    """The share of the query each document covers, each term weighing its idf; a word no
    document has weighs as much as a word can: it is part of what was asked."""
    weight = _idf_weights(found, n)
    total = sum(weight.values()) + len(set(unknown)) * _idf(0, n)
    share: dict[int, float] = {}
    for term, ids in found.items():
        for doc_id in ids:
            share[doc_id] = share.get(doc_id, 0.0) + weight[term] / total
    return share


def _answers_first(query: str, ranked: list, share: dict[int, float]) -> list:
    """Of documents next to each other in the ranking that cover the same share of a
    question, the one whose best sentence says more of the question comes first — every
    word of it, the small ones too ("can only spin", "旧钟就不会再…响"): a sentence that
    answers a question echoes it, one that only mentions its words does not. Between
    them the database's relevance would only weigh the documents' lengths."""
    runs: list[list] = []
    for row in ranked:
        if runs and _same_share(share, runs[-1][0][0], row[0]):
            runs[-1].append(row)
        else:
            runs.append([row])
    tied = [doc_id for run in runs if len(run) > 1 for doc_id, _ in run]
    if not tied:
        return ranked
    docs = SearchDocument.objects.in_bulk(tied)
    asked = question_words(query)
    said = {doc_id: (_echo(asked, doc), _title_said(asked, doc)) for doc_id, doc in docs.items()}
    return [
        row
        for run in runs
        for row in sorted(run, key=lambda row: tuple(-x for x in said.get(row[0], (0, 0.0))))
    ]


def _same_share(share: dict[int, float], one: int, other: int) -> bool:
    return round(share[one], SHARE_DIGITS) == round(share[other], SHARE_DIGITS)


def _echo(asked: set[str], doc: SearchDocument) -> int:
    """How many of the question's words the document's best sentence says, its title
    (what every sentence of it is about) with it."""
    title = question_words(plain_text(doc.title))
    said = [asked & (title | question_words(s)) for s in sentences(plain_text(doc.body))]
    return max((len(words) for words in said), default=len(asked & title))


def _title_said(asked: set[str], doc: SearchDocument) -> float:
    """The share of the document's title the question says: of two documents whose
    sentences say as much of it, the one titled by what it asks ("Andesite") is about
    it, one whose title names more ("More Andesite Alloy") is about something else."""
    title = question_words(plain_text(doc.title))
    return len(asked & title) / len(title) if title else 0.0


# Shares equal to this many digits are a tie.
SHARE_DIGITS = 3


__all__ = ["Hit", "Query", "analyse", "backend", "search"]
