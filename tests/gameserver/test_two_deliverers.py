"""Two deliverers at once (threads with their own database connections) never give twice.

The test database is SQLite's shared-cache in-memory database, which reports
"table is locked" at once instead of waiting (as PostgreSQL and the SQLite
file do): a pass that meets it is simply run again, as ``run_forever`` does.
"""

from __future__ import annotations

import threading
import time

import pytest
from django.db import OperationalError, connection

from agentweb.game.models import Delivery, DeliveryState
from agentweb.gameserver.deliverer import Deliverer
from tests.gameserver.conftest import address_of, purchase

PURCHASES = 12


@pytest.mark.django_db(transaction=True)
def test_two_deliverers_never_give_the_same_delivery(alice, shop, game, rcon):
    for quantity in range(1, PURCHASES + 1):
        purchase(alice, "bread", quantity)
    start = threading.Barrier(2)
    errors: list[BaseException] = []

    def deliver(name: str) -> None:
        try:
            deliverer = Deliverer(address_of(rcon), name=name)
            start.wait()
            for _ in range(50):
                try:
                    deliverer.run_once()
                except OperationalError as exc:
                    if "locked" not in str(exc):
                        raise
                    time.sleep(0.001)
                if not Delivery.objects.filter(state=DeliveryState.PENDING).exists():
                    return
        except BaseException as exc:
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=deliver, args=(f"d{i}",)) for i in (1, 2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert errors == []
    # Each purchase has its own quantity: every one was given, none twice.
    assert sorted(count for _, _, count in game.given) == list(range(1, PURCHASES + 1))
    assert all(d.attempts == 1 for d in Delivery.objects.all())


def test_a_claim_lost_to_another_deliverer_is_not_sent(alice, shop, game, deliverer):
    purchase(alice)
    delivery = Delivery.objects.get()
    assert Delivery.objects.claim(delivery.pk, "rcon", "someone-else")
    deliverer.run_once()
    assert game.given == []
    assert Delivery.objects.get().claimed_by == "someone-else"
