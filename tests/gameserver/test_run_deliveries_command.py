"""``manage.py run_deliveries`` and its settings from the environment."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from django.core.management import CommandError, call_command

from agentweb.game.models import Delivery, DeliveryState
from tests.gameserver.conftest import purchase

pytestmark = pytest.mark.django_db


def test_one_pass_delivers_through_the_configured_console(settings, alice, shop, rcon, capsys):
    settings.AGENTWEB_RCON_HOST = "127.0.0.1"
    settings.AGENTWEB_RCON_PORT = rcon.port
    settings.AGENTWEB_RCON_PASSWORD = rcon.game.password
    purchase(alice)
    call_command("run_deliveries", "--once")
    assert "1 delivered" in capsys.readouterr().out
    assert Delivery.objects.get().state == DeliveryState.DELIVERED


def test_a_wrong_password_makes_the_command_fail_loudly(settings, alice, shop, rcon):
    settings.AGENTWEB_RCON_HOST = "127.0.0.1"
    settings.AGENTWEB_RCON_PORT = rcon.port
    settings.AGENTWEB_RCON_PASSWORD = "nope"
    purchase(alice)
    with pytest.raises(CommandError, match="refused the password"):
        call_command("run_deliveries", "--once")


def test_without_a_host_the_command_says_what_to_set(settings):
    settings.AGENTWEB_RCON_HOST = None
    with pytest.raises(CommandError, match="AGENTWEB_RCON_HOST"):
        call_command("run_deliveries", "--once")


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("AGENTWEB_RCON_PORT", "rcon"),
        ("AGENTWEB_RCON_PORT", "0"),
        ("AGENTWEB_RCON_DELIVERER", "cron"),
    ],
)
def test_a_malformed_rcon_setting_stops_the_server(name, value):
    env = {**os.environ, name: value}
    done = subprocess.run(
        [sys.executable, "-c", "import agentweb.settings"], env=env, capture_output=True, text=True
    )
    assert done.returncode != 0
    assert name in done.stderr
