"""AGENTWEB_MODEL_CALL_GATE: a counter in the process only where one process runs models."""

from tests.core.startup import refused, started

GATE = "AGENTWEB_MODEL_CALL_GATE"


def test_the_in_process_executor_counts_model_calls_in_the_process_by_default():
    assert started({}, GATE) == {GATE: "process"}


def test_workers_share_the_database_gate_by_default():
    assert started({"AGENTWEB_EXECUTOR": "worker"}, GATE) == {GATE: "database"}


def test_the_database_gate_can_be_chosen_for_a_single_process():
    assert started({GATE: "database"}, GATE) == {GATE: "database"}


def test_a_process_gate_with_workers_stops_the_server():
    message = refused({"AGENTWEB_EXECUTOR": "worker", GATE: "process"})

    assert "ImproperlyConfigured" in message
    assert "AGENTWEB_MODEL_CALL_GATE=process" in message


def test_an_unknown_gate_is_refused_by_name():
    message = refused({GATE: "redis"})

    assert "AGENTWEB_MODEL_CALL_GATE='redis' must be one of process, database" in message
