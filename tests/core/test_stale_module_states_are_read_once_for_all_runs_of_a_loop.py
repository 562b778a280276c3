"""The process's copy of the module states, from an event loop: no database trip
while it is fresh, one read shared by every run of the loop when it is stale, and
a change saved during a read is never hidden behind a fresh-looking copy."""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import async_to_sync
from django.db import connection
from django.test.utils import CaptureQueriesContext

from agentweb.core import modules
from agentweb.core.models import Module, PlayerModule
from agentweb.core.modules import DbModuleStates, clear_module_cache

pytestmark = pytest.mark.django_db(transaction=True)


async def _refresh_all(users: list) -> list[DbModuleStates]:
    return await asyncio.gather(*(DbModuleStates(user).refresh() for user in users))


def test_runs_that_find_the_copy_stale_together_share_one_trip(alice, monkeypatch):
    Module.objects.create(slug="game.shop", enabled=False)
    clear_module_cache()
    trips = []
    load = modules._shared.load
    monkeypatch.setattr(modules._shared, "load", lambda: trips.append(1) or load())
    with CaptureQueriesContext(connection) as queries:
        states = async_to_sync(_refresh_all)([alice] * 20)
    assert len(trips) == 1
    assert len(queries) == 2  # the modules and the overrides
    assert all(s.instance("game.shop") is None for s in states)
    assert len({s.version for s in states}) == 1


def test_a_fresh_copy_is_taken_without_a_trip_to_the_database_thread(alice):
    DbModuleStates(alice).refresh_sync()
    refresh = DbModuleStates(alice).refresh()
    with pytest.raises(StopIteration) as done:  # finished without waiting for anything
        refresh.send(None)
    assert done.value.value.current


def test_a_change_saved_during_a_read_makes_the_next_look_read_again(alice, monkeypatch):
    shop = Module.objects.create(slug="game.shop", enabled=True)
    clear_module_cache()
    real = PlayerModule.objects.values_list

    def values_list_then_a_change(*args, **kwargs):
        Module.objects.filter(pk=shop.pk).update(enabled=False)
        clear_module_cache()  # what a save's signal or another process's relay does
        return real(*args, **kwargs)

    monkeypatch.setattr(PlayerModule.objects, "values_list", values_list_then_a_change)
    first = async_to_sync(DbModuleStates(alice).refresh)()
    monkeypatch.setattr(PlayerModule.objects, "values_list", real)
    assert not first.current
    assert async_to_sync(DbModuleStates(alice).refresh)().instance("game.shop") is None
    assert modules._shared.fresh()
