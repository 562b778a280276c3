"""The sentences of a passage that answer a question (articles, web pages)."""

from __future__ import annotations

import re

from agentweb.llm.offline.text import NOT_NAMES

# Sentences quoted: the ones that share the most words with the question.
SENTENCES_QUOTED = 2
SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s+")
WORD = re.compile(r"[a-z0-9']+|[\u4e00-\u9fff]")


def best_sentences(text: str, question: str, keep: int = SENTENCES_QUOTED) -> str:
    """The sentences of ``text`` sharing the most words with the question, in their order.

    The tool already picked the passage; this only trims it to what answers the
    question, so a long article is not quoted from its start.
    """
    sentences = [s.strip() for s in SENTENCE_END.split(" ".join(text.split())) if s.strip()]
    if len(sentences) <= keep:
        return " ".join(sentences)
    wanted = {w for w in WORD.findall(question.lower()) if w not in NOT_NAMES and len(w) > 2}
    wanted |= {w.rstrip("s") for w in wanted}

    def overlap(i: int) -> int:
        words = set(WORD.findall(sentences[i].lower()))
        return len(wanted & (words | {w.rstrip("s") for w in words}))

    best = sorted(range(len(sentences)), key=lambda i: (-overlap(i), i))[:keep]
    return " ".join(sentences[i] for i in sorted(best))
