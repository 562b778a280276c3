"""``AGENTWEB_EVENT_LOOP``: uvloop by default where it is installed, asyncio when asked;
anything else, or uvloop where it is missing, is a configuration error naming the variable."""

from __future__ import annotations

import asyncio
import builtins

import pytest
import uvloop
from django.core.exceptions import ImproperlyConfigured

from agentweb.lib import server_process


def test_uvloop_is_the_default_where_it_is_installed(monkeypatch):
    monkeypatch.delenv("AGENTWEB_EVENT_LOOP", raising=False)
    assert server_process.event_loop_choice() == "uvloop"
    loop = server_process.loop_factory()()
    try:
        assert isinstance(loop, uvloop.Loop)
    finally:
        loop.close()


def test_asyncio_is_used_when_asked(monkeypatch):
    monkeypatch.setenv("AGENTWEB_EVENT_LOOP", "asyncio")
    loop = server_process.loop_factory()()
    try:
        assert isinstance(loop, asyncio.SelectorEventLoop)
    finally:
        loop.close()


@pytest.mark.parametrize("value", ["tokio", "UVLOOP", "uvloop,asyncio"])
def test_any_other_value_is_refused_naming_the_variable(monkeypatch, value):
    monkeypatch.setenv("AGENTWEB_EVENT_LOOP", value)
    with pytest.raises(ImproperlyConfigured, match=r"AGENTWEB_EVENT_LOOP=.* must be one of"):
        server_process.loop_factory()


def _without_uvloop(monkeypatch):
    real_import = builtins.__import__

    def refusing(name, *args, **kwargs):
        if name == "uvloop" or name.startswith("uvloop."):
            raise ImportError("No module named 'uvloop'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", refusing)


def test_without_uvloop_the_default_is_asyncio(monkeypatch):
    monkeypatch.delenv("AGENTWEB_EVENT_LOOP", raising=False)
    _without_uvloop(monkeypatch)
    assert server_process.event_loop_choice() == "asyncio"


def test_asking_for_uvloop_where_it_is_missing_is_refused(monkeypatch):
    monkeypatch.setenv("AGENTWEB_EVENT_LOOP", "uvloop")
    _without_uvloop(monkeypatch)
    with pytest.raises(ImproperlyConfigured, match="AGENTWEB_EVENT_LOOP=uvloop but uvloop"):
        server_process.event_loop_choice()
