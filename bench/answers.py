"""Answer benchmark: does the assistant state the facts the game data has, and only those?

Every question goes the way a player's message goes: the deterministic
command path, then the router, then the workflow it picks, the engine's loop,
the registered tools over a real database (SQLite in a temporary folder, or
``--database-url``) with the shipped data imported, and the model in force
(``AGENTWEB_LLM``; the offline planner by default).

Each answer is scored against its question's facts: ``bench/answers/questions.toml``
(written alongside the planner), ``bench/answers/general.toml``,
``bench/answers/lore_chains.toml`` and ``bench/answers/lore_unseen.toml`` (the held-out
sets, written from the data by someone who had not read the planner; see
``bench/answers/README.md``):

* ``expect`` — facts the answer must state (a list inside the list: any one of them);
* ``forbid`` — facts it must not state (a wrong count, a wrong item);
* besides, every known name (item, quest, chapter, reward table, article) the answer
  mentions must appear in what the tools returned or in the question: a name from
  nowhere is an invented fact.

Facts match case-insensitively with spaces collapsed, and ``16× Torch`` also
matches ``16 x Torch``. A question passes when it states every expected fact,
uses none of its ``avoid`` words, pastes no raw tool data and invents nothing.

    .venv/bin/python bench/answers.py                 # all questions
    .venv/bin/python bench/answers.py -k prerequisites -v   # ids/categories containing a word
    .venv/bin/python bench/answers.py --json out.json

Prints one line per question, then the pass rate and the invented-fact count, per set,
per language, per kind (lookup, chain, count, reverse, lore, unknown) and per category.
The test suite runs the same questions against the floors in
``bench/answers/floors.toml`` (``tests/answers``).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import sys
import tempfile
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agentweb.lib.facts import normalize, states  # noqa: E402

SETS = ROOT / "bench" / "answers"
FLOORS = SETS / "floors.toml"
# Every question file of the folder is a set (its name the file's stem): a new set is asked,
# and the suite wants a floor for it, the day it is added.
QUESTION_SETS = tuple(sorted(p for p in SETS.glob("*.toml") if p != FLOORS))
# The other quest books the questions ask about, shared with the planner tests.
FIXTURES = ROOT / "tests" / "planner" / "fixtures"
EXTRA_BOOKS = {
    "saltmarsh-reach": FIXTURES / "saltmarsh-reach",
    "frostbell-hollow": FIXTURES / "frostbell-hollow",
}
KINDS = ("lookup", "chain", "count", "reverse", "lore", "unknown")
# Names shorter than this are ordinary words too ("Clay", "Rope"): not checked.
MIN_NAME_CHARS = 5
DEFAULT_PLAYER = "alice"


@dataclass
class Question:
    id: str
    category: str
    ask: str
    expect: list[str | list[str]]
    forbid: list[str] = field(default_factory=list)
    avoid: list[str] = field(default_factory=list)
    player: str = DEFAULT_PLAYER
    note: str = ""
    # What the question needs (``KINDS``; "" in the set written alongside the planner).
    kind: str = ""
    # The player's language: "en" or "zh" (read from the question when not given).
    language: str = ""
    # The fixture book the question needs ("" for the shipped data only).
    book: str = ""
    # The file it came from ("questions", "general", "lore_chains", "lore_unseen").
    set: str = ""

    def __post_init__(self) -> None:
        if not self.language:
            self.language = "zh" if re.search(r"[\u4e00-\u9fff]", self.ask) else "en"


@dataclass
class Scored:
    question: Question
    text: str
    workflow: str
    tools: list[str]
    missing: list[str]
    avoided: list[str]
    stated_forbidden: list[str]
    unobserved: list[str]
    ms: float

    @property
    def invented(self) -> list[str]:
        return self.stated_forbidden + self.unobserved

    @property
    def passed(self) -> bool:
        return not self.missing and not self.avoided and not self.invented


def load_questions(*paths: Path) -> list[Question]:
    questions = []
    for path in paths:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
        questions += [Question(**entry, set=path.stem) for entry in raw["question"]]
    ids = [q.id for q in questions]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise SystemExit(f"{', '.join(map(str, paths))}: duplicate question ids {duplicates}")
    return questions


# --- scoring ------------------------------------------------------------------------


def label(fact: str | list[str]) -> str:
    return " | ".join(fact) if isinstance(fact, list) else fact


def unobserved_names(answer: str, seen: str, names: set[str]) -> list[str]:
    """Known names in the answer that no tool returned and the question did not contain."""
    seen_norm = normalize(seen)
    lowered = answer.casefold()
    return sorted(
        name
        for name in names
        # The substring test first: a regex per known name costs more than the answer.
        if name.casefold() in lowered
        and re.search(rf"(?<!\w){re.escape(name)}(?!\w)", answer, re.I)
        and normalize(name) not in seen_norm
    )


# Signs of a tool's raw data pasted into an answer ("{'chapter': …}"): never a good answer.
RAW_DATA = re.compile(r"\{'|'\}|\[\{|\}\]|\{\\?\"")


def score(q: Question, text: str, seen: str, names: set[str]) -> tuple[list, list, list, list]:
    """Missing facts, words to avoid that appear, forbidden facts stated, unobserved names."""
    missing = [label(f) for f in q.expect if not states(text, f)]
    avoided = [word for word in q.avoid if states(text, word)]
    if RAW_DATA.search(text):
        avoided.append("raw data in the answer")
    forbidden = [label(f) for f in q.forbid if states(text, f)]
    unobserved = unobserved_names(text, seen + "\n" + q.ask, names)
    return missing, avoided, forbidden, unobserved


# --- the world ----------------------------------------------------------------------


def setup_django(database_url: str | None) -> None:
    if database_url is None:
        folder = Path(tempfile.mkdtemp(prefix="agentweb-answers-"))
        database_url = f"sqlite:///{folder / 'answers.sqlite3'}"
    os.environ["DATABASE_URL"] = database_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "agentweb.settings")
    os.environ.setdefault("AGENTWEB_LOG_LEVEL", "WARNING")
    # A throwaway key: the benchmark serves nothing (DEBUG stays off, as in production).
    os.environ.setdefault("AGENTWEB_SECRET_KEY", secrets.token_urlsafe(48))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


def load_world() -> dict[str, Any]:
    """The shipped demo world (minecraft-data, Create: Grand Expanse, articles, players)
    and the benchmark's other quest books."""
    from django.contrib.auth import get_user_model

    from agentweb.game.demo import ensure_demo_players, load_demo_world
    from agentweb.game.importers.ftbquests import import_ftbquests

    load_demo_world()
    for slug, folder in EXTRA_BOOKS.items():
        import_ftbquests(folder, slug=slug)
    users = {}
    for name in ("alice", "bob"):
        users[name], _ = get_user_model().objects.get_or_create(username=name)
    ensure_demo_players(users)
    return users


def known_names() -> set[str]:
    from agentweb.game.models import Chapter, Item, KnowledgeArticle, Quest, RewardTable

    names = set(Item.objects.values_list("display_name", flat=True))
    names |= set(Quest.objects.values_list("title", flat=True))
    names |= set(Chapter.objects.values_list("title", flat=True))
    names |= set(RewardTable.objects.values_list("title", flat=True))
    names |= set(KnowledgeArticle.objects.values_list("title", flat=True))
    return {n for n in names if len(n) >= MIN_NAME_CHARS}


# --- one player message ---------------------------------------------------------------


def make_env(user: Any, sink: Any) -> Any:
    from django.conf import settings

    from agentweb.core.tooling import registry
    from agentweb.engine import AllModules
    from agentweb.game.mentions import QuestionNames
    from agentweb.llm.providers import build_provider
    from agentweb.workflows.env import Environment
    from agentweb.workflows.policies import PolicyBook
    from agentweb.workflows.prompts import PromptBook

    return Environment(
        registry=registry,
        modules=AllModules(),
        prompts=PromptBook(settings.AGENTWEB_PROMPTS_DIR).snapshot(),
        policy=PolicyBook(settings.AGENTWEB_SYSTEM_CONFIG).get,
        model=build_provider(),
        sink=sink,
        principal=user,
        direct=_direct(user),
        names=QuestionNames(),
    )


def _direct(user: Any) -> Any:
    from asgiref.sync import sync_to_async

    from agentweb.core.commands import run_direct
    from agentweb.workflows.env import DirectAnswer

    def answer(text: str) -> DirectAnswer | None:
        result = run_direct(text, user)
        if result is None:
            return None
        return DirectAnswer(result.text, result.command or "direct", list(result.cards))

    return sync_to_async(answer, thread_sensitive=True)


def ask(q: Question, users: dict[str, Any], names: set[str]) -> Scored:
    from asgiref.sync import async_to_sync

    from agentweb.core import languages
    from agentweb.engine import EventKind, ListSink
    from agentweb.workflows.env import Request
    from agentweb.workflows.runner import run_request

    sink = ListSink()
    started = time.perf_counter()
    with languages.speaking(q.ask):  # as a run does (``assistant.runs.lifecycle``)
        outcome = async_to_sync(run_request)(make_env(users[q.player], sink), Request(q.ask))
    ms = (time.perf_counter() - started) * 1000
    finished = sink.of(EventKind.TOOL_FINISHED)
    # What the run observed, and what the model was given besides (the question's
    # entities and the observed names in the player's language, from the data).
    given = [_given(e.data.get("request")) for e in sink.of(EventKind.MODEL_CALLED)]
    seen = json.dumps(
        [e.data.get("observation") for e in finished]
        + [e.data.get("cards") for e in sink.events if e.kind is EventKind.ANSWER]
        + given,
        ensure_ascii=False,
    )
    missing, avoided, forbidden, unobserved = score(q, outcome.text, seen, names)
    return Scored(
        q,
        outcome.text,
        outcome.workflow,
        [str(e.data.get("tool")) for e in finished],
        missing,
        avoided,
        forbidden,
        unobserved,
        ms,
    )


def _given(request: Any) -> Any:
    """The names a model request carried (``entities``, ``names``), from its user JSON."""
    try:
        payload = json.loads(request) if isinstance(request, str) else {}
    except ValueError:
        return None
    if not isinstance(payload, dict):
        return None
    return {"entities": payload.get("entities"), "names": payload.get("names")}


# --- report -----------------------------------------------------------------------------

# How the results are broken down: the question's field for each.
BREAKDOWNS = ("set", "language", "kind", "category")


def tally(results: list[Scored]) -> dict[str, Any]:
    """Passed, asked and invented facts, in all and per set, language, kind and category."""

    def count(rs: list[Scored]) -> dict[str, int]:
        return {
            "passed": sum(r.passed for r in rs),
            "questions": len(rs),
            "invented": sum(len(r.invented) for r in rs),
        }

    summary: dict[str, Any] = count(results)
    for key in BREAKDOWNS:
        groups: dict[str, list[Scored]] = {}
        for r in results:
            groups.setdefault(getattr(r.question, key) or "-", []).append(r)
        summary[f"by_{key}"] = {name: count(rs) for name, rs in sorted(groups.items())}
    return summary


def report(results: list[Scored], verbose: bool) -> dict[str, Any]:
    for r in results:
        mark = "PASS" if r.passed else "FAIL"
        q = r.question
        print(f"{mark} {q.id} [{q.kind or q.category}/{q.language}] {r.workflow} {r.tools}")
        if r.missing:
            print(f"     missing: {r.missing}")
        if r.avoided:
            print(f"     should not say: {r.avoided}")
        if r.invented:
            print(f"     invented: {r.invented}")
        if verbose or not r.passed:
            print(f"     Q: {q.ask}")
            print(f"     A: {r.text}")
    summary = tally(results)
    for key in BREAKDOWNS:
        print()
        print(f"by {key}:")
        for name, c in summary[f"by_{key}"].items():
            print(f"  {name:<32} {c['passed']}/{c['questions']}  invented {c['invented']}")
    rate = summary["passed"] / len(results) if results else 0.0
    print()
    print(f"questions: {len(results)}")
    print(
        f"pass rate: {summary['passed']}/{len(results)} = {rate:.1%} "
        "(every expected fact, nothing invented)"
    )
    print(f"invented facts: {summary['invented']}")
    print(f"mean time per question: {sum(r.ms for r in results) / max(len(results), 1):.0f} ms")
    return {
        **summary,
        "pass_rate": rate,
        "results": [
            {
                "id": r.question.id,
                "set": r.question.set,
                "kind": r.question.kind,
                "language": r.question.language,
                "category": r.question.category,
                "passed": r.passed,
                "workflow": r.workflow,
                "tools": r.tools,
                "missing": r.missing,
                "avoided": r.avoided,
                "invented": r.invented,
                "answer": r.text,
            }
            for r in results
        ],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--questions",
        type=Path,
        action="append",
        help="a question file (repeat for several; default: every set of bench/answers/)",
    )
    parser.add_argument(
        "-k", dest="only", help="only questions whose id, kind or category has this"
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="print every answer")
    parser.add_argument("--json", type=Path, help="write the results to this file")
    parser.add_argument("--database-url", help="an empty database to use (default: SQLite)")
    args = parser.parse_args(argv)

    questions = load_questions(*(args.questions or QUESTION_SETS))
    if args.only:
        questions = [q for q in questions if args.only in f"{q.id} {q.kind} {q.category}"]
    setup_django(args.database_url)
    users = load_world()
    names = known_names()
    results = [ask(q, users, names) for q in questions]
    summary = report(results, args.verbose)
    if args.json:
        args.json.write_text(json.dumps(summary, ensure_ascii=False, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
