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
   words the data lacks finds nothing — but an everyday word of any text
   ("today", "another": :func:`agentweb.lib.word_frequency.missing_word_weight`)
   weighs only as much as it tells of a topic. A word of the language is never
   repaired into another ("launch" is no lunch). A Chinese pair of characters that no
   document has is skipped when both its characters occur in the documents,
   or one of them is a function character (it spans two words); a pair of two
   function characters ("才能", "不再") is no term even where a document writes it; a
   character no document has means, again, something the data does not have.
   A Chinese word of such a question that no document has as written is searched
   in English (:mod:`agentweb.game.search.translation`: the game's names, then
   CC-CEDICT): one term, found in a document that has any of its English words,
   weighing as rare as those documents are; a word no document has in either
   language weighs as the rarest word can. A document that has none of the
   translated words is measured as the question reads without them. A Chinese word
   of several characters the documents have is one term however many pairs the index
   keeps of it (服务器), and a word that only says when (每天) is none, so a long common
   word cannot outweigh the word the question asks about (重启 in "服务器每天几点重启？").
3. A document must cover at least half of the query, each term weighing
   its inverse document frequency (bm25's idf: a rare word weighs more than
   "get"); with ``every_term`` it must contain every term. Those are ranked
   by the database's relevance (``bm25()`` / ``ts_rank``) times the share of
   the query they cover, best first; with words searched in English, whose relevance
   and the Chinese words' are on different scales, the document covering more of the
   question first (to a tenth), then by relevance.
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
from dataclasses import dataclass

from agentweb.game.models import DocumentKind, SearchDocument
from agentweb.game.search.backends import backend
from agentweb.game.search.passages import question_words, sentences
from agentweb.game.search.reading import Query, analyse, read_query
from agentweb.game.search.terms import plain_text
from agentweb.lib.word_frequency import missing_word_weight

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
    parsed, found, documents = read_query(query, kinds, book=book, prefix=prefix, partial=partial)
    if (parsed.unknown and not partial) or not parsed.terms:
        return []
    n = _document_count(kinds) if documents is None else documents
    share = _shares(found, parsed.unknown, n)
    if parsed.untranslated is not None:
        share = _translated_shares(parsed, found, share, n)
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
    if parsed.alternatives:
        ranked = _covering_first(ranked, share)
    if partial:
        ranked = _answers_first(query, ranked, share)
    best = [doc_id for doc_id, _ in ranked[:limit]]
    targets = {doc_id: scores[doc_id].target for doc_id in best}
    if None in targets.values():
        docs = SearchDocument.objects.in_bulk(best)
        targets = {d: (docs[d].kind, getattr(docs[d], f"{docs[d].kind}_id")) for d in docs}
    return [Hit(*targets[d], round(share[d], 3)) for d in best if d in targets]


def _covering_first(ranked: list, share: dict[int, float]) -> list:
    """With words searched in English, the database's relevance of an English passage
    (through a dictionary's senses) and of a Chinese one (through the question's own
    characters) are on different scales: the document covering more of the question comes
    first, the relevance ranks documents covering as much (to a tenth)."""
    return sorted(ranked, key=lambda row: -round(share[row[0]], 1))


def _translated_shares(
    parsed: Query, found: dict[str, set[int]], share: dict[int, float], n: int
) -> dict[int, float]:
    """The shares of a query some of whose words were translated. A document with none of
    them is measured as the question reads without them: the translation finds English
    passages, it does not lower what a passage in the question's own language must cover.
    A document with some must have a game's name among them, or two of the question's
    words: one dictionary word alone is a guess among its senses ("door" for 关门, "to
    close for the night"), however rare the sense it matched."""
    assert parsed.untranslated is not None
    plain = _shares(parsed.untranslated.found, parsed.untranslated.unknown, n)
    translated = set().union(*(found[term] for term in parsed.alternatives))
    named = set().union(*(found[term] for term in parsed.names))
    out: dict[int, float] = {}
    for doc_id in share.keys() | plain.keys():
        if doc_id not in translated:
            out[doc_id] = plain.get(doc_id, 0.0)
        elif doc_id in named or sum(doc_id in ids for ids in found.values()) >= 2:
            out[doc_id] = share[doc_id]
    return out


def _ranked_by(parsed: Query) -> list[str]:
    """The words the database ranks the candidates by: the terms (a translated word by its
    English words), and the terms read without translation."""
    words = parsed.searched()
    if parsed.untranslated is not None:
        words += [t for t in parsed.untranslated.found if t not in words]
    return words


def _shares(found: dict[str, set[int]], unknown: Sequence[str], n: int) -> dict[int, float]:
    """The share of the query each document covers, each term weighing its idf; a word no
    document has weighs as much as a word can: it is part of what was asked — unless it is
    an everyday word of any text ("today", "another"), which says little of what about."""
    weight = _idf_weights(found, n)
    missing = sum(missing_word_weight(word) for word in set(unknown))
    total = sum(weight.values()) + missing * _idf(0, n)
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
