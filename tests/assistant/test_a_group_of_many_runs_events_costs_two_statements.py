"""A group of events of many runs is written in two statements, however many runs and events:
one UPDATE reserves every run's numbers, one INSERT stores every row. (On PostgreSQL the two
are one statement: ``tests/scale/test_groups_are_one_statement_each_on_postgresql.py``.)"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from agentweb.assistant.models import Run, event_store
from agentweb.assistant.runs import events
from agentweb.engine.events import Event, EventKind

pytestmark = pytest.mark.django_db


def _runs(user, n: int, **fields) -> list[Run]:
    return [Run.objects.create(user=user, question=f"q{i}", **fields) for i in range(n)]


def _group(runs: list[Run], owner: str | None) -> list[events.Item]:
    # Run i has i + 1 events: groups mix single events and several.
    return [
        (run.pk, owner, [Event(k, EventKind.ROUND_STARTED, {"k": k}) for k in range(i + 1)])
        for i, run in enumerate(runs)
    ]


def _statements(items: list[events.Item]) -> list[str]:
    with CaptureQueriesContext(connection) as captured:
        results = events.persist(items)
    assert not any(isinstance(r, BaseException) for r in results)
    return [q["sql"].split()[0] for q in captured.captured_queries]


def _group_statements() -> list[str]:
    """What a group costs: on PostgreSQL the UPDATE feeds the INSERT in one statement."""
    return ["WITH"] if connection.vendor == "postgresql" else ["WITH", "INSERT"]


@pytest.mark.parametrize("n", [2, 5, 30])
def test_the_events_of_n_runs_take_one_update_and_one_insert(alice, n):
    runs = _runs(alice, n, status="running", lease_owner="w1")
    assert _statements(_group(runs, "w1")) == _group_statements()
    for i, run in enumerate(runs):
        assert list(run.events.order_by("seq").values_list("seq", "data")) == [
            (k + 1, {"k": k}) for k in range(i + 1)
        ]


def test_unfenced_runs_are_written_the_same_way(alice):
    runs = _runs(alice, 4)
    assert _statements(_group(runs, None)) == _group_statements()
    assert [run.events.count() for run in runs] == [1, 2, 3, 4]


def test_a_single_event_alone_is_one_statement(alice):
    (run,) = _runs(alice, 1, status="running", lease_owner="w1")
    assert len(_statements([(run.pk, "w1", [Event(1, EventKind.RUN_STARTED, {})])])) == 1
    assert run.events.get().seq == 1


def test_a_group_past_the_parameter_limit_is_split_and_numbered_all_the_same(alice, monkeypatch):
    # 11 parameters a statement: three runs' numbers per UPDATE, two rows per INSERT.
    monkeypatch.setattr(event_store, "max_params", lambda: 11)
    runs = _runs(alice, 5, status="running", lease_owner="w1")
    assert _statements(_group(runs, "w1")) == ["WITH"] * 2 + ["INSERT"] * 8
    for i, run in enumerate(runs):
        run.refresh_from_db()
        seqs = list(run.events.order_by("seq").values_list("seq", "data"))
        assert seqs == [(k + 1, {"k": k}) for k in range(i + 1)] and run.last_seq == i + 1
