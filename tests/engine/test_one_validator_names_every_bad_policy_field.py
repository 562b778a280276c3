"""``validate_policy`` is the one check of a policy: every field has a rule, every
problem names its field (R-POL-1, R-POL-3)."""

import pytest

from agentweb.engine.policy import (
    MODULE_DEFAULTS,
    REASONING,
    FieldError,
    PolicyInvalid,
    validate_policy,
)
from agentweb.engine.policy_rules import RULES, check_fields

GOOD = MODULE_DEFAULTS[REASONING].as_config()


def problems(**changes) -> list[FieldError]:
    with pytest.raises(PolicyInvalid) as caught:
        validate_policy({**GOOD, **changes})
    return caught.value.errors


def test_every_field_of_the_policy_has_a_rule():
    assert set(RULES) == set(GOOD)


def test_a_complete_valid_policy_is_returned_as_the_engine_s_policy():
    assert validate_policy(GOOD) == MODULE_DEFAULTS[REASONING]


@pytest.mark.parametrize("value", [-1, 51, 1000])
def test_react_iterations_out_of_0_to_50_is_refused(value):
    assert problems(reactIterations=value) == [
        FieldError("reactIterations", f"{value} is out of range (0 to 50)")
    ]


@pytest.mark.parametrize("value", [0, 50])
def test_react_iterations_0_and_50_are_accepted(value):
    assert validate_policy({**GOOD, "reactIterations": value}).react_iterations == value


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ("abc", "must be a whole number, not the text 'abc'"),
        (1.5, "must be a whole number, not 1.5 (a fraction)"),
        (None, "must be a whole number, not null"),
        (True, "must be a whole number, not true"),
        ([3], "must be a whole number, not list"),
    ],
)
def test_a_value_of_the_wrong_type_is_refused_with_what_it_was(value, problem):
    assert problems(reactIterations=value) == [FieldError("reactIterations", problem)]


@pytest.mark.parametrize("field", ["modelCalls", "toolCalls", "steps", "writeSteps"])
def test_a_negative_count_is_refused(field):
    assert [e.field for e in problems(**{field: -5})] == [field]


@pytest.mark.parametrize(
    ("field", "low", "high"),
    [
        ("inputBytes", 255, 16 * 1024 * 1024 + 1),
        ("outputTokens", 0, 1_000_001),
        ("totalTokens", 0, 100_000_001),
        ("ttlMillis", 999, 3_600_001),
    ],
)
def test_each_size_and_deadline_has_a_range(field, low, high):
    assert [e.field for e in problems(**{field: low})] == [field]
    assert [e.field for e in problems(**{field: high})] == [field]


def test_a_model_timeout_under_a_second_is_refused():
    assert [e.field for e in problems(modelTimeoutMillis=999)] == ["modelTimeoutMillis"]


@pytest.mark.parametrize(
    ("changes", "field", "upper"),
    [
        ({"modelTimeoutMillis": 61_000, "ttlMillis": 60_000}, "modelTimeoutMillis", "ttlMillis"),
        ({"writeSteps": 15, "steps": 14}, "writeSteps", "steps"),
        ({"toolCalls": 15, "steps": 14}, "toolCalls", "steps"),
        ({"modelCalls": 15, "steps": 14}, "modelCalls", "steps"),
        ({"outputTokens": 2000, "totalTokens": 1999}, "outputTokens", "totalTokens"),
    ],
)
def test_a_budget_above_the_one_that_contains_it_is_refused(changes, field, upper):
    (error,) = problems(**changes)

    assert error.field == field
    assert f"is above {upper}" in error.problem


def test_auto_rethink_is_optional_but_must_be_a_boolean():
    assert validate_policy(GOOD).auto_rethink is False
    assert problems(autoRethink="yes") == [
        FieldError("autoRethink", "must be true or false, not the text 'yes'")
    ]


def test_every_missing_field_is_named():
    partial = {k: v for k, v in GOOD.items() if k not in ("toolCalls", "reactIterations")}

    with pytest.raises(PolicyInvalid) as caught:
        validate_policy(partial)

    assert caught.value.fields() == ["toolCalls", "reactIterations"]
    assert "missing" in caught.value.errors[0].problem


def test_an_unknown_field_is_named():
    assert problems(modelCals=3)[0] == FieldError(
        "modelCals", f"is not a policy field (known: {', '.join(RULES)})"
    )


def test_every_bad_field_is_named_at_once():
    assert {e.field for e in problems(reactIterations=-1, modelCalls=-5, steps="x")} == {
        "reactIterations",
        "modelCalls",
        "steps",
    }


@pytest.mark.parametrize("value", [[1, 2], "policy", None])
def test_something_that_is_not_an_object_is_refused(value):
    with pytest.raises(PolicyInvalid) as caught:
        validate_policy(value)

    assert caught.value.fields() == ["(policy)"]


def test_a_part_of_a_policy_is_checked_by_the_same_rules():
    assert check_fields({"reactIterations": 2}, complete=False) == {"reactIterations": 2}
    with pytest.raises(PolicyInvalid) as caught:
        check_fields({"reactIterations": 60, "modelTimeoutMillis": 10}, complete=False)

    assert caught.value.fields() == ["modelTimeoutMillis", "reactIterations"]
