"""From what a player typed to search terms: words, stop words, typo repair.

A term is a run of letters or digits, lower-cased. Stop words are the
Snowball English list (the list PostgreSQL's ``english`` configuration
drops, so both backends see the same terms) plus words of conversation that
say nothing about a topic ("please", "tell", "thing").

Chinese has no spaces between words: a run of Chinese characters becomes its
overlapping pairs of characters (bigrams, as CJK search engines index it:
"灰烬之冬" → 灰烬 烬之 之冬), in the query and in the indexed text alike
(:func:`index_text`), so both backends' word tokenizers find Chinese words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rapidfuzz import process
from rapidfuzz.distance import OSA

from agentweb.lib.word_frequency import zipf

TERM = re.compile(r"[^\W_]+", re.UNICODE)
CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
# A query longer than this is cut: nobody types a longer search.
MAX_QUERY_CHARS = 500
# Distinct terms used from one query; the rest add nothing but cost.
MAX_TERMS = 12
SNOWBALL_ENGLISH = frozenset(
    """i me my myself we our ours ourselves you your yours yourself yourselves he him his
    himself she her hers herself it its itself they them their theirs themselves what which
    who whom this that these those am is are was were be been being have has had having do
    does did doing a an the and but if or because as until while of at by for with about
    against between into through during before after above below to from up down in out on
    off over under again further then once here there when where why how all any both each
    few more most other some such no nor not only own same so than too very s t can will
    just don should now""".split()  # noqa: SIM905
)
# Pairs of Chinese characters that only ask or point ("为什么", "怎么", "这个"): they say
# nothing about a topic.
CHINESE_STOP_PAIRS = frozenset(
    """为什 什么 怎么 怎样 如何 为啥 可以 能不 没有 一个 这个 那个 这里 那里 哪里 哪个
    哪些 是不 不是 知道 请问 告诉 一下 是什 么样""".split()  # noqa: SIM905
)
CONVERSATION = frozenset(
    """please pls tell hey hi hello thanks thank explain know thing things stuff something
    anything everything someone anyone could would might may must shall also us let want
    like wonder curious question cant dont doesnt didnt isnt arent wasnt wont wouldnt
    couldnt im ive youre whats wheres hows thats theres got gotten""".split()  # noqa: SIM905
)
# What is left of a contraction split at its apostrophe ("doesn't" → doesn, t; "you'll" →
# you, ll): no word of a topic, and never repaired into one ("doesn" is not does).
CONTRACTIONS = frozenset(
    """doesn didn isn aren wasn weren hasn haven hadn wouldn couldn shouldn mustn needn
    won ll ve re""".split()  # noqa: SIM905
)
STOP_WORDS = SNOWBALL_ENGLISH | CONVERSATION | CONTRACTIONS | CHINESE_STOP_PAIRS
# Characters of Chinese question words and particles: a pair with one of them is no word
# of a topic ("么谷" in "为什么谷里…").
ASKING_CHARACTERS = frozenset("么为怎什哪吗呢啥咋吧啊呀谁几")
# Function characters of Chinese (particles, pronouns, auxiliaries, adverbs of degree and
# time, prepositions: the single characters of the usual Chinese stop-word lists). A pair
# with one of them that no document has is no word of a topic: it spans two words
# ("才能" in "怎样才能让旧钟…", "让旧").
FUNCTION_CHARACTERS = frozenset(
    "不没的了着过之其所和与及或而把被让给对向从在到于就才都也还又再很太最更已将会能要可是我你他她它们这那"
)


def bigrams(run: str) -> list[str]:
    """The overlapping character pairs of a run of Chinese characters."""
    return [run[i : i + 2] for i in range(len(run) - 1)] or [run]


def is_cjk(term: str) -> bool:
    return bool(CJK_RUN.fullmatch(term))


def _words(text: str) -> list[str]:
    out: list[str] = []
    for word in TERM.findall(text):
        for part in re.split(f"({CJK_RUN.pattern})", word):
            if not part:
                continue
            out += bigrams(part) if CJK_RUN.fullmatch(part) else [part]
    return out


def terms_of(query: str) -> list[str]:
    """The distinct content words of ``query``, in order (at most ``MAX_TERMS``, Chinese
    bigrams counted apart: a Chinese question has more of them)."""
    terms: list[str] = []
    for word in _words(query[:MAX_QUERY_CHARS].lower()):
        if word in STOP_WORDS or (len(word) < 2 and not word.isdigit()) or word in terms:
            continue
        if is_cjk(word) and set(word) & ASKING_CHARACTERS:
            continue  # part of a question word ("么下" in "为什么下界")
        if is_cjk(word) and set(word) <= FUNCTION_CHARACTERS:
            continue  # two function characters ("才能", "不再"): no topic, wherever written
        terms.append(word)
    latin = [t for t in terms if not is_cjk(t)][:MAX_TERMS]
    return [t for t in terms if t in latin or is_cjk(t)][: MAX_TERMS * 3]


def characters(pairs: Iterable[str]) -> list[str]:
    """The characters of Chinese pairs that may be words of one character (煤, 船): not
    asking or function characters."""
    found = [c for pair in pairs for c in pair if c not in ASKING_CHARACTERS | FUNCTION_CHARACTERS]
    return list(dict.fromkeys(found))


def index_text(text: str) -> str:
    """``text`` with the bigrams of its Chinese runs added, for the word tokenizers."""
    pairs = [pair for run in CJK_RUN.findall(text) if len(run) > 1 for pair in bigrams(run)]
    return f"{text}\n{' '.join(pairs)}" if pairs else text


# The line of pairs :func:`index_text` adds: the last line, pairs of Chinese characters.
PAIRS_LINE = re.compile(rf"\n(?:{CJK_RUN.pattern[:-1]}{{2}}(?: |$))+$")


def plain_text(indexed: str) -> str:
    """The text :func:`index_text` was given: without the line of Chinese pairs it added."""
    return PAIRS_LINE.sub("", indexed)


def allowed_edits(word: str) -> int:
    """Typos tolerated in a word: none below 5 letters (too many short words are
    one edit apart: coin/coil), one up to 8 letters, two beyond."""
    if len(word) < 5:
        return 0
    return 1 if len(word) < 9 else 2


# The shortest query word repaired (names have their own floor: ``names``, ``same_name``).
MIN_REPAIRED_CHARS = 6
# How common (Zipf, :mod:`agentweb.lib.word_frequency`) a word is at least to be a word of
# its own, never repaired: "alloy" 3.6, "launch" 4.7; the misspellings players make are
# rarer ("teh" 3.0, "sheild" 1.6).
OWN_WORD_ZIPF = 3.5


def closest_word(word: str, vocabulary: Iterable[str]) -> str | None:
    """The vocabulary word within :func:`allowed_edits` of ``word`` (an insertion,
    deletion, substitution or swap of neighbours is one edit) that starts with the same
    letter, or ``None``.

    A word that differs in its first letter is most often another real word, not the
    same one mistyped ("batch" and hatch, "walking" and talking, "coal" and goal):
    players' typos fall inside a word (a swap, a missing or doubled letter), so a
    repair keeps the first letter, and a word with no such neighbour stays as typed
    (the search then weighs it as a word no document has). Words shorter than
    :data:`MIN_REPAIRED_CHARS` are never repaired: among five-letter words, one edit
    reaches too many real words ("bunch", bench, lunch, punch). Nor are two words of the
    language one word mistyped ("launch" is no lunch): each at least as common as
    :data:`OWN_WORD_ZIPF` in any text, the player meant the word the documents lack;
    misspellings are rarer ("recieve" 2.8), and a document's own ("decend" for descend)
    is still reached."""
    edits = allowed_edits(word) if len(word) >= MIN_REPAIRED_CHARS else 0
    if not edits:
        return None
    same_start = (w for w in vocabulary if w[:1] == word[:1])
    found = process.extractOne(word, same_start, scorer=OSA.distance, score_cutoff=edits)
    if not found or min(zipf(word), zipf(found[0])) >= OWN_WORD_ZIPF:
        return None
    return found[0]
