"""Cards are written for players: labels and units instead of keys and booleans, the same
words live and after a reload, in the language of the question — a Chinese question's item
card with the game's names in Chinese."""

import re

import pytest

from tests.browser.conftest import ask, log_in, wait_finished

pytestmark = pytest.mark.browser

CARDS_BY_RUN = """els => Object.fromEntries(els.map(t => [t.dataset.runId,
    [...t.querySelectorAll('.cards > .card')].map(c => c.innerText)]))"""
# A purchase card's delivery line is fetched after the card is shown (game-deliveries.js).
DELIVERY_LINES_SHOWN = """() => [...document.querySelectorAll('[data-delivery-reason]')]
    .every(card => card.querySelector(':scope > .delivery-status'))"""
RAW = re.compile(r"\b(true|false|True|False|ok|None|null)\b|[a-z]+_[a-z]+")


def test_cards_read_alike_before_and_after_a_reload_in_the_question_s_language(server, new_page):
    page = new_page()
    log_in(page, server, "bob")
    used = page.locator("#quota").get_attribute("data-used")
    purchase = ask(page, "buy 1 torch")
    purchase.locator(".confirm-approve").click()
    wait_finished(purchase)
    for question in ("签到", "what is my balance?", "/item Iron Ingot", "/item 铁锭"):
        wait_finished(ask(page, question))
    page.wait_for_function(
        "used => document.getElementById('quota').dataset.used !== used", arg=used
    )
    page.wait_for_function(DELIVERY_LINES_SHOWN)
    live = page.locator("#turns > li.turn[data-run-id]").evaluate_all(CARDS_BY_RUN)

    page.reload()
    page.wait_for_function(DELIVERY_LINES_SHOWN)
    reloaded = page.locator("#turns > li.turn[data-run-id]").evaluate_all(CARDS_BY_RUN)

    shown = {run: cards for run, cards in live.items() if cards}
    assert len(shown) >= 5
    assert {run: reloaded[run] for run in shown} == shown
    items = [text for cards in shown.values() for text in cards if "iron_ingot" in text]
    chinese = next(text for text in items if text.startswith("铁锭"))
    assert "铁粒" in chinese and "粗铁 → 熔炉" in chinese and "有序合成" in chinese
    assert "Iron Nugget" not in chinese and "Recipe" not in chinese
    texts = [text for cards in shown.values() for text in cards if "iron_ingot" not in text]
    assert [text for text in texts if RAW.search(text)] == []
    signin = next(text for text in texts if "每日签到" in text)
    assert "余额" in signin and "Balance" not in signin
    assert any("Purchase" in text and "Paid" in text and "coins" in text for text in texts)


def test_the_quota_meter_moves_with_each_run(server, new_page):
    page = new_page()
    log_in(page, server, "alice")
    before = int(page.locator("#quota").get_attribute("data-used"))

    wait_finished(ask(page, "how do I craft a piston?"))

    page.wait_for_function(
        "n => Number(document.getElementById('quota').dataset.used) > n", arg=before
    )
    used = int(page.locator("#quota").get_attribute("data-used"))
    assert page.locator("#quota .quota-text").inner_text().startswith(f"{used} / ")
    assert server.query(
        "SELECT model_calls FROM control_dailyusage d JOIN auth_user u ON u.id = d.user_id "
        "WHERE u.username = 'alice' ORDER BY d.day DESC LIMIT 1"
    ) == [(used,)]
