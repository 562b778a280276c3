"""A game-data cache that took long to build (a large pack's) is kept out of the garbage
collector's full passes once built; a small one costs no collection."""

import gc

import pytest

from agentweb.game import versions

pytestmark = pytest.mark.django_db


def _cache(built: list) -> versions.Versioned:
    def build() -> list:
        built.append(1)
        # Lists: the collector tracks them always (a dict of numbers only it may stop
        # tracking during the collection, and a frozen count would then miss it).
        return [[n] for n in range(1000)]

    return versions.Versioned(build)


def test_a_cache_slow_to_build_is_frozen_out_of_full_collections(monkeypatch):
    versions.bump()  # a stamp to keep the cache under
    monkeypatch.setattr(versions, "SETTLE_AFTER_S", 0.0)
    built: list = []
    cache = _cache(built)
    before = gc.get_freeze_count()
    value = cache.get()
    assert gc.get_freeze_count() >= before + len(value)
    assert cache.get() is value and built == [1]  # kept: no second build, no second freeze


def test_a_cache_quick_to_build_costs_no_collection(monkeypatch):
    versions.bump()
    monkeypatch.setattr(versions, "SETTLE_AFTER_S", 3600.0)
    settled: list = []
    # Counted at the call, not by the collector's global freeze count, which another
    # thread of the process (a cache of its own) may move meanwhile.
    monkeypatch.setattr(versions, "settle", lambda: settled.append(1))
    _cache([]).get()
    assert settled == []
