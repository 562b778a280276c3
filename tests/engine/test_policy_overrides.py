"""R-POL-1/3: overrides are complete objects; at run time reactIterations falls back to 3."""

import pytest

from agentweb.engine.policy import (
    MODULE_DEFAULTS,
    REASONING,
    PolicyInvalid,
    policy_for,
    policy_with_fallbacks,
)

COMPLETE = {
    "modelCalls": 4,
    "toolCalls": 8,
    "steps": 14,
    "writeSteps": 0,
    "inputBytes": 65536,
    "outputTokens": 1536,
    "totalTokens": 262144,
    "ttlMillis": 60000,
    "modelTimeoutMillis": 12000,
    "reactIterations": 5,
}


def test_a_complete_override_is_accepted():
    policy, warnings = policy_with_fallbacks(COMPLETE)

    assert policy.react_iterations == 5 and warnings == []


def test_a_partial_override_is_rejected_naming_the_missing_field():
    partial = {k: v for k, v in COMPLETE.items() if k != "toolCalls"}

    with pytest.raises(PolicyInvalid) as caught:
        policy_with_fallbacks(partial)

    assert caught.value.fields() == ["toolCalls"]
    assert "complete object" in str(caught.value)


@pytest.mark.parametrize(
    "bad",
    [{"steps": -1}, {"ttlMillis": "60s"}, {"modelCalls": 1.5}, {"extra": 1}, {"writeSteps": True}],
)
def test_a_malformed_field_is_rejected_at_run_time_too(bad):
    with pytest.raises(PolicyInvalid):
        policy_with_fallbacks({**COMPLETE, **bad})


@pytest.mark.parametrize("rounds", [None, -2, "six", 7.5, 51])
def test_at_run_time_a_bad_react_iterations_alone_falls_back_to_3(rounds):
    data = {k: v for k, v in COMPLETE.items() if k != "reactIterations"}
    if rounds is not None:
        data["reactIterations"] = rounds

    policy, warnings = policy_with_fallbacks(data)

    assert policy.react_iterations == 3
    assert warnings[0].startswith("reactIterations: ") and warnings[0].endswith("; using 3")


def test_zero_react_iterations_disables_the_loop():
    policy, _ = policy_with_fallbacks({**COMPLETE, "reactIterations": 0})

    assert not policy.loop_enabled


def test_without_an_override_the_module_default_is_in_force():
    assert policy_for(REASONING, {}) == MODULE_DEFAULTS[REASONING]


def test_the_module_defaults_match_the_specification():
    r, q, f = (
        MODULE_DEFAULTS[w] for w in ("system:reasoning", "system:question", "system:free_chat")
    )
    assert (
        r.react_iterations,
        r.model_calls,
        r.tool_calls,
        r.steps,
        r.ttl_millis,
        r.model_timeout_millis,
    ) == (3, 4, 8, 14, 60_000, 12_000)
    assert (
        q.react_iterations,
        q.model_calls,
        q.tool_calls,
        q.steps,
        q.ttl_millis,
        q.model_timeout_millis,
    ) == (6, 6, 9, 20, 90_000, 20_000)
    assert (
        f.react_iterations,
        f.model_calls,
        f.tool_calls,
        f.steps,
        f.ttl_millis,
        f.model_timeout_millis,
    ) == (6, 6, 16, 32, 90_000, 30_000)
    assert r.write_steps == 0 and q.write_steps == 0
