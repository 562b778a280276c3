"""Fixtures for the helpers: a channel layer for one process on a clock the test moves."""

from __future__ import annotations

import pytest

from agentweb.lib.inprocess_channel_layer import InProcessChannelLayer


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def layer(clock: Clock) -> InProcessChannelLayer:
    return InProcessChannelLayer(expiry=60, group_expiry=3600, capacity=5, clock=clock)
