"""The answer benchmark (``bench/answers.py``) in the suite: every question of every set is
asked the way a player's message goes (command path, router, workflow, loop, tools, the
offline planner) over one database holding the shipped data and the two fixture books, and
each set must keep the score recorded in ``bench/answers/floors.toml``. Facts, not timings."""

from __future__ import annotations

import importlib.util
import sys
import tomllib
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from tests.game_world import clear_game_world

ROOT = Path(__file__).resolve().parents[2]
# The database is set up only for tests marked as using it; the answers are read-only.
pytestmark = pytest.mark.django_db


def _bench():
    spec = importlib.util.spec_from_file_location("bench_answers", ROOT / "bench" / "answers.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


bench = _bench()
FLOORS = tomllib.loads(bench.FLOORS.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def results(django_db_setup, django_db_blocker):
    """Every question answered once, on one database for the whole module."""
    with django_db_blocker.unblock():
        users = bench.load_world()
        names = bench.known_names()
        questions = bench.load_questions(*bench.QUESTION_SETS)
        answered = [bench.ask(q, users, names) for q in questions]
    yield answered
    with django_db_blocker.unblock():
        get_user_model().objects.filter(username__in=list(users)).delete()
        clear_game_world()


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_each_question_set_keeps_its_recorded_score_and_invents_no_more(results, name):
    mine = [r for r in results if r.question.set == name]
    floor = FLOORS[name]
    counted = bench.tally(mine)
    failed = [r.question.id for r in mine if not r.passed]
    assert counted["passed"] >= floor["passed"], f"{name}: failed {failed}"
    inventing = {r.question.id: r.invented for r in mine if r.invented}
    assert counted["invented"] <= floor["invented"], f"{name}: invented {inventing}"


def test_every_question_set_has_a_recorded_floor(results):
    assert {r.question.set for r in results} == set(FLOORS)


def test_every_question_is_asked_and_every_kind_and_language_is_counted(results):
    counted = bench.tally(results)
    assert counted["questions"] == sum(1 for _ in results) > 0
    general = bench.tally([r for r in results if r.question.set == "general"])
    assert set(general["by_kind"]) == set(bench.KINDS)
    assert set(general["by_language"]) == {"en", "zh"}
