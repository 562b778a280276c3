"""R-UI-2: steps on one time axis, with durations from event times and latency_ms."""

import pytest

from agentweb.assistant.page.describe import describe
from agentweb.traces import timeline
from tests.traces.conftest import REACT_EVENTS, at


def _events(rows=REACT_EVENTS):
    return [timeline.RawEvent(n, kind, at(ms), data) for n, (kind, ms, data) in enumerate(rows, 1)]


def _step(line, seq):
    return next(s for s in line.steps if s.seq == seq)


def test_a_model_call_runs_from_the_event_before_it_until_it_was_written():
    line = timeline.build(_events())

    router = _step(line, 2)
    assert router.span == "model"
    assert router.offset_ms == pytest.approx(0.0)
    assert router.duration_ms == pytest.approx(40.0), "wall clock"
    assert router.latency_ms == pytest.approx(30.0), "the provider's own measure, kept"


def test_a_first_event_model_call_started_its_latency_before_it_was_written():
    line = timeline.build(_events(REACT_EVENTS[1:]))

    router = _step(line, 1)
    assert router.offset_ms == pytest.approx(0.0)
    assert router.duration_ms == pytest.approx(30.0)
    assert _step(line, 2).offset_ms == pytest.approx(35.0)


def test_a_tool_call_spans_from_its_start_to_its_finish():
    line = timeline.build(_events())

    tool = _step(line, 7)
    assert (tool.span, tool.finished) == ("tool", True)
    assert describe(tool.described_as, tool.data) == "Tool call: item.source"
    assert tool.offset_ms == pytest.approx(160.0)
    assert tool.duration_ms == pytest.approx(70.0)
    assert tool.latency_ms == pytest.approx(60.0)
    assert tool.data["observation"] == {"found": True}, "started and finished merged"


def test_steps_are_grouped_by_round_and_decisions_join_their_model_call():
    line = timeline.build(_events())

    assert [r.number for r in line.rounds] == [timeline.START_ROUND, 1, 2, timeline.END_ROUND]
    assert [describe("round.started", r.info) for r in line.rounds[1:-1]] == [
        "Round 1/3",
        "Round 2/3",
    ]
    assert _step(line, 5).decision["type"] == "item.source"
    assert all(s.kind != "decision" for s in line.steps)
    assert [s.kind for s in line.rounds[-1].steps] == ["answer", "run.finished"]


def test_bars_are_placed_in_percent_of_the_whole_run():
    line = timeline.build(_events())

    assert line.total_ms == pytest.approx(410.0)
    tool = _step(line, 7)
    assert tool.left == pytest.approx(160 / 410 * 100)
    assert tool.width == pytest.approx(70 / 410 * 100)
    assert _step(line, 1).width == timeline.MIN_BAR_PERCENT, "an instant still shows"
    assert [t[0] for t in line.ticks] == [0, 25, 50, 75, 100]


def test_a_tool_still_running_is_open_until_now_and_counts_as_a_problem():
    rows = REACT_EVENTS[:7]  # up to tool.started

    line = timeline.build(_events(rows), now=at(500))

    tool = _step(line, 7)
    assert not tool.finished and tool.failed
    assert tool.duration_ms == pytest.approx(340.0)


def test_no_events_make_an_empty_timeline():
    line = timeline.build([])

    assert (line.rounds, line.started, line.total_ms, line.ticks) == ([], None, 0.0, [])
