"""An admin's change of the assistant settings reaches the other processes' copies of
the row at once: on commit it goes out on the control group, and a process that
hears it reads the row again for its next run.

The channel layer of the tests reaches this process only; the relay's check for
the one-process setup (``dialect.shared_by_processes``) is set aside so the message goes out.
"""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from agentweb.assistant import bus
from agentweb.assistant.runs import executor
from agentweb.control import config, settings_cache
from agentweb.control.models import AssistantSettings
from agentweb.lib import dialect

pytestmark = pytest.mark.django_db


def test_a_saved_change_goes_out_on_the_control_group_and_clears_a_listeners_copy(
    monkeypatch, django_capture_on_commit_callbacks
):
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(bus.CONTROL_GROUP, channel)
    monkeypatch.setattr(dialect, "shared_by_processes", lambda: True)
    assert config.purge_on_forget() is False

    with django_capture_on_commit_callbacks(execute=True):
        row = AssistantSettings.load()
        row.purge_on_forget = True
        row.save()
    message = async_to_sync(asyncio.wait_for)(layer.receive(channel), 10)

    assert message == {"type": "settings.changed"}
    assert config.purge_on_forget() is True
    # Changed again in another process: the copy here stands until the message arrives.
    AssistantSettings.objects.update(purge_on_forget=False)
    assert config.purge_on_forget() is True
    executor.LocalExecutor().on_control(message)
    assert config.purge_on_forget() is False


def test_in_the_one_process_setup_nothing_is_sent(monkeypatch, django_capture_on_commit_callbacks):
    monkeypatch.setattr(dialect, "shared_by_processes", lambda: False)
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(bus.CONTROL_GROUP, channel)
    sent = []
    real_send = bus.send

    async def counting_send(group, message):
        sent.append(message)
        return await real_send(group, message)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(bus, "send", counting_send)
        with django_capture_on_commit_callbacks(execute=True):
            row = AssistantSettings.load()
            row.purge_on_forget = True
            row.save()

    assert sent == []
    settings_cache.clear()
