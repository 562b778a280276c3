"""R-UI-1, R-AUTH-1, R-SEC-1: the history the page renders is the player's own, escaped."""

import json

import pytest

from agentweb.assistant.models import Run, Status
from agentweb.assistant.page.history import HISTORY_RUNS

pytestmark = pytest.mark.django_db

ITEM_CARD = {
    "kind": "item",
    "title": "Iron Ingot",
    "item": {"item_id": "minecraft:iron_ingot", "name": "Iron Ingot", "stack_size": 64},
    "recipes": [
        {
            "kind": "crafting_shaped",
            "label": "Crafting (shaped)",
            "grid": [["Iron Nugget", "Iron Nugget", None], [None, "Iron Nugget", None]],
            "ingredients": [{"label": "Iron Nugget", "count": 9, "item_ids": []}],
            "result_count": 1,
        }
    ],
    "cooking": [{"kind": "smelting", "station": "a furnace", "input": "Raw Iron"}],
    "drops": [],
}
QUEST_CARD = {
    "kind": "quest",
    "quest_id": "0123456789ABCDEF",
    "title": "Let's get cracking",
    "chapter": "From Dust",
    "tasks": [
        {"type": "item", "label": "Andesite Alloy", "item_id": "create:andesite_alloy", "count": 16}
    ],
    "rewards": [
        {"type": "xp", "label": "50 XP", "count": 1, "xp": 50, "table": None, "table_entries": []}
    ],
    "prerequisites": [{"quest_id": "1", "title": "The World", "chapter": "From Dust"}],
    "unlocks": [],
}


def _run(user, question, **fields) -> Run:
    fields.setdefault("status", Status.COMPLETED)
    return Run.objects.create(user=user, question=question, **fields)


def _html(client, user) -> str:
    client.force_login(user)
    return client.get("/").content.decode()


def test_it_shows_only_the_players_own_runs(client, alice, bob):
    _run(alice, "Where do I find iron?", answer="Mine iron ore.")
    _run(bob, "Bob's secret question", answer="Bob's secret answer")

    html = _html(client, alice)

    assert "Where do I find iron?" in html and "Mine iron ore." in html
    assert "Bob&#x27;s secret" not in html and "Bob's secret" not in html


def test_it_renders_item_and_quest_cards(client, alice):
    _run(alice, "iron and a quest", answer="Here.", cards=[ITEM_CARD, QUEST_CARD])

    html = _html(client, alice)

    assert 'class="card card-item"' in html and 'class="recipe-grid"' in html
    assert html.count("<td>Iron Nugget</td>") == 3
    assert "Raw Iron → a furnace" in html
    assert 'class="card card-quest"' in html
    assert "16× Andesite Alloy" in html and "The World" in html and "50 XP" in html


def test_source_links_open_without_the_opener_and_only_for_web_urls(client, alice):
    cards = [
        {
            "kind": "source",
            "n": 1,
            "title": "Wiki",
            "url": "https://example.org/iron",
            "snippet": "Iron facts",
        },
        {"kind": "source", "n": 2, "title": "Trap", "url": "javascript:alert(1)", "snippet": ""},
    ]
    _run(alice, "web question", answer="See [1].", cards=cards)

    html = _html(client, alice)

    assert '<a href="https://example.org/iron" rel="noopener noreferrer"' in html
    assert "javascript:alert" not in html
    assert "Trap" in html


def test_model_text_is_escaped(client, alice):
    _run(alice, "<b>hi</b>", answer="<img src=x onerror=alert(1)>")

    html = _html(client, alice)

    assert "<img src=x" not in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html
    assert "&lt;b&gt;hi&lt;/b&gt;" in html


def test_an_undone_run_is_marked_undone(client, alice):
    _run(alice, "sign me in", answer="Signed in.", status=Status.UNDONE)

    html = _html(client, alice)

    assert 'class="turn undone"' in html
    assert "This answer was undone." in html


def test_the_active_run_is_handed_to_the_script_to_subscribe(client, alice, bob):
    _run(alice, "done already", answer="yes")
    active = _run(alice, "still thinking", status=Status.RUNNING)
    _run(bob, "bob is thinking", status=Status.RUNNING)

    html = _html(client, alice)
    start = html.index('<script id="chat-boot" type="application/json">')
    boot = json.loads(html[html.index(">", start) + 1 : html.index("</script>", start)])

    assert boot["active_runs"] == [{"run_id": active.pk, "question": "still thinking"}]


def test_older_runs_come_in_pages_through_htmx(client, alice):
    runs = [_run(alice, f"question {i}", answer=f"answer {i}") for i in range(HISTORY_RUNS + 2)]

    first = _html(client, alice)
    oldest_shown = runs[2].pk
    older = client.get(f"/history?before={oldest_shown}").content.decode()

    assert "question 0<" not in first and f"question {HISTORY_RUNS + 1}" in first
    assert f'hx-get="/history?before={oldest_shown}"' in first
    assert "question 0" in older and "question 1" in older and "question 2<" not in older


def test_the_history_endpoint_rejects_a_bad_run_id(client, alice):
    client.force_login(alice)

    assert client.get("/history?before=abc").status_code == 400


def test_the_history_endpoint_never_shows_other_players_runs(client, alice, bob):
    _run(bob, "bob only")
    client.force_login(alice)

    assert "bob only" not in client.get("/history?before=999999").content.decode()
