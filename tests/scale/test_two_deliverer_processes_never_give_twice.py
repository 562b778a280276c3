"""Two ``run_deliveries`` processes on PostgreSQL hand out each delivery exactly once."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
import uuid

import pytest

from tests.fakes.rcon_server import Game, RconServer
from tests.scale.stack import ROOT, manage

pytestmark = pytest.mark.scale

DELIVERIES = 40
TIMEOUT_S = 60

SETUP = """
from django.contrib.auth import get_user_model
from agentweb.game.models import Delivery, PlayerProfile
from agentweb.gameserver.models import AccountLink
user = get_user_model().objects.create_user("{name}")
profile = PlayerProfile.objects.create(user=user, minecraft_name="{name}")
AccountLink.objects.create(profile=profile, uuid="{uuid}", linked_by="test")
Delivery.objects.bulk_create(
    Delivery(profile=profile, kind="item", item_id="minecraft:bread", label="bread", count=n,
             reason="test:%d" % n)
    for n in range(1, {count} + 1)
)
"""


def test_two_deliverer_processes_never_give_the_same_delivery(stack_env_vars, db, tmp_path):
    name = f"P{uuid.uuid4().hex[:10]}"
    manage(
        stack_env_vars, "shell", "-c", SETUP.format(name=name, uuid=uuid.uuid4(), count=DELIVERIES)
    )
    game = Game(online={name})
    server = RconServer(game).start()
    env = {
        **stack_env_vars,
        "AGENTWEB_RCON_HOST": "127.0.0.1",
        "AGENTWEB_RCON_PORT": str(server.port),
        "AGENTWEB_RCON_PASSWORD": game.password,
    }
    logs = [(tmp_path / f"d{i}.log").open("wb") for i in (1, 2)]
    deliverers = [
        subprocess.Popen(
            [sys.executable, "manage.py", "run_deliveries", "--name", f"d{i}"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        for i, log in zip((1, 2), logs, strict=True)
    ]
    sql = (
        "SELECT count(*) FROM game_delivery d JOIN game_playerprofile p ON p.id = d.profile_id "
        "WHERE p.minecraft_name = %s AND d.state = 'delivered'"
    )
    try:
        deadline = time.monotonic() + TIMEOUT_S
        while db.value(sql, name) < DELIVERIES:
            assert all(p.poll() is None for p in deliverers), _logs(tmp_path)
            assert time.monotonic() < deadline, _logs(tmp_path)
            time.sleep(0.2)
    finally:
        for process in deliverers:
            process.send_signal(signal.SIGTERM)
        for process in deliverers:
            process.wait(20)
        server.stop()
    counts = sorted(count for who, _, count in game.given if who == name)
    assert counts == list(range(1, DELIVERIES + 1))
    owners = {
        row[0]
        for row in db.rows(
            "SELECT DISTINCT claimed_by FROM game_delivery WHERE reason LIKE 'test:%%'"
        )
    }
    assert owners <= {"d1", "d2"}


def _logs(tmp_path) -> str:
    return "\n".join(p.read_text() for p in sorted(tmp_path.glob("d*.log")))
