"""``make run-scaled`` starts one RCON deliverer when AGENTWEB_RCON_DELIVERER=supervisor."""

from __future__ import annotations

import socket

import pytest

from scripts import run_scaled


@pytest.fixture
def spawned(monkeypatch):
    monkeypatch.setattr(run_scaled.Child, "start", lambda self: None)

    def spawn(env: dict[str, str]) -> dict[str, list[str]]:
        supervisor = run_scaled.Supervisor()
        with socket.socket() as sock:
            supervisor.spawn(env, sock)
        return {child.name: child.argv for child in supervisor.children}

    return spawn


def test_the_supervisor_starts_one_deliverer_when_asked(spawned):
    children = spawned({"AGENTWEB_RCON_DELIVERER": "supervisor", "AGENTWEB_RCON_HOST": "mc.local"})
    assert children["deliverer"][-3:] == ["run_deliveries", "--name", socket.gethostname()]


@pytest.mark.parametrize(
    "env", [{}, {"AGENTWEB_RCON_HOST": "mc.local"}, {"AGENTWEB_RCON_DELIVERER": "supervisor"}]
)
def test_without_the_setting_and_a_host_no_deliverer_is_started(spawned, env):
    assert "deliverer" not in spawned(env)
