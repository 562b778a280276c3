"""Every event kind has one model of its data (``engine.events.EVENT_DATA``): its fields
are typed, and data of no known kind or not of its kind's model is refused by name."""

import pytest

from agentweb.engine.events import EVENT_DATA, EventKind, MalformedEvent, event_data
from tests.event_samples import SAMPLES


def test_every_kind_has_a_model_and_a_sample():
    assert set(EVENT_DATA) == set(EventKind) == set(SAMPLES)


@pytest.mark.parametrize("kind", list(EventKind))
def test_an_event_as_its_emitters_write_it_is_its_kind_s_model(kind):
    assert isinstance(event_data(kind.value, SAMPLES[kind]), EVENT_DATA[kind])


@pytest.mark.parametrize("kind", [k for k in EventKind if EVENT_DATA[k].model_fields])
def test_an_event_missing_a_field_its_readers_rely_on_is_refused(kind):
    required = [n for n, f in EVENT_DATA[kind].model_fields.items() if f.is_required()]
    data = {k: v for k, v in SAMPLES[kind].items() if k != required[0]}

    with pytest.raises(MalformedEvent, match=required[0]):
        event_data(kind.value, data)


def test_a_field_of_the_wrong_type_is_refused():
    with pytest.raises(MalformedEvent, match="round"):
        event_data("round.started", {**SAMPLES[EventKind.ROUND_STARTED], "round": "one"})


def test_an_unknown_kind_is_refused_by_name():
    with pytest.raises(MalformedEvent, match="rethink"):
        event_data("rethink", {})
