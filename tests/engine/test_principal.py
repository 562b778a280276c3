"""The request's principal (the player) reaches nested contexts unchanged."""

from __future__ import annotations

from agentweb.engine import ExecutionContext, ScriptedModel
from tests.engine.kit import policy


def test_a_child_context_inherits_the_principal():
    ctx = ExecutionContext(policy(), ScriptedModel(), principal="alice")
    assert ctx.child(policy()).child(policy()).principal == "alice"


def test_a_context_without_principal_has_none():
    assert ExecutionContext(policy(), ScriptedModel()).principal is None
