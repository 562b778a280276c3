"""R-X3-1: a page loaded while messages wait gets them in its startup data, oldest first,
each with its place (steering ones with none), and only the player's own."""

import pytest

from agentweb.assistant.models import InboxEntry, Run, Status
from tests.assistant.test_page_startup_data import boot_of

pytestmark = pytest.mark.django_db


def test_waiting_messages_are_in_the_startup_data_with_their_place(client, alice, bob):
    running = Run.objects.create(user=alice, question="piston?", status=Status.RUNNING)
    first = InboxEntry.objects.create(user=alice, run=running, text="sticky?", client_msg_id="a")
    steer = InboxEntry.objects.create(user=alice, run=running, text="also", steer=True)
    second = InboxEntry.objects.create(user=alice, run=running, text="slime?", client_msg_id="b")
    InboxEntry.objects.create(user=alice, run=running, text="gone", status="cancelled")
    bobs = Run.objects.create(user=bob, question="bob's", status=Status.RUNNING)
    InboxEntry.objects.create(user=bob, run=bobs, text="bob's waiting")

    boot = boot_of(client, alice)

    assert boot["queued"] == 3
    assert boot["waiting"] == [
        {
            "entry_id": first.pk,
            "client_msg_id": "a",
            "text": "sticky?",
            "position": 1,
            "steer": False,
        },
        {
            "entry_id": steer.pk,
            "client_msg_id": "",
            "text": "also",
            "position": None,
            "steer": True,
        },
        {
            "entry_id": second.pk,
            "client_msg_id": "b",
            "text": "slime?",
            "position": 2,
            "steer": False,
        },
    ]
