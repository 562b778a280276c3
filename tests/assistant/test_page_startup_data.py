"""The page's script reads the server's facts from the startup data instead of copying them."""

import json

import pytest

from agentweb.assistant import message_checks
from agentweb.assistant.page.card_words import card_words
from agentweb.assistant.page.cards import (
    HIDDEN_FIELDS,
    HIDDEN_PREFIXES,
    HIDDEN_SUFFIXES,
    SAFE_SCHEMES,
)
from agentweb.engine.policy import MODULE_DEFAULTS, ROUTABLE

pytestmark = pytest.mark.django_db

BOOT = '<script id="chat-boot" type="application/json">'


def boot_of(client, user) -> dict:
    client.force_login(user)
    html = client.get("/").content.decode()
    start = html.index(BOOT) + len(BOOT)
    return json.loads(html[start : html.index("</script>", start)])


def test_the_message_limit_is_the_server_s_which_fits_the_smallest_input_budget(client, alice):
    boot = boot_of(client, alice)

    assert boot["max_message_bytes"] == message_checks.message_limit()
    assert boot["max_message_bytes"] < min(MODULE_DEFAULTS[w].input_bytes for w in ROUTABLE)


def test_the_finished_statuses_are_every_status_but_queued_and_running(client, alice):
    boot = boot_of(client, alice)

    assert set(boot["finished_statuses"]) == {
        "completed",
        "degraded",
        "cancelled",
        "failed",
        "undone",
        "interrupted",
    }


def test_the_card_rules_are_the_templates_own(client, alice):
    cards = boot_of(client, alice)["cards"]

    assert cards["safe_schemes"] == list(SAFE_SCHEMES)
    assert set(cards["hidden_fields"]) == HIDDEN_FIELDS
    assert cards["hidden_prefixes"] == list(HIDDEN_PREFIXES)
    assert cards["hidden_suffixes"] == list(HIDDEN_SUFFIXES)


def test_the_card_words_of_every_language_are_the_server_s(client, alice):
    words = boot_of(client, alice)["card_words"]

    assert set(words) == {"en", "zh-hans"}
    assert words["en"] == card_words("en")
    assert words["zh-hans"]["words"]["recipe"] == "配方"


def test_the_trace_viewer_gets_the_chat_pages_words(client, rita, alice):
    from agentweb.assistant.models import Run

    run = Run.objects.create(user=alice, question="q")
    client.force_login(rita)
    html = client.get(f"/traces/runs/{run.pk}/").content.decode()
    start = html.index('<script id="trace-boot" type="application/json">')
    boot = json.loads(html[html.index(">", start) + 1 : html.index("</script>", start)])

    finished = boot["labels"]["events"]["run.finished"]
    assert finished == "Run finished: {status|status}[ — {stop_reason.message}]"
    assert boot["ws_path"] == "/ws/assistant/"
