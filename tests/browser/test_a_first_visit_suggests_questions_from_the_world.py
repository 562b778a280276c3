"""A first visit suggests three questions about the imported world (a query over the game
data, not a fixed list); a click asks one, and the hints leave once there is a conversation."""

import pytest

from tests.browser.conftest import log_in, new_player, screenshot, wait_finished

pytestmark = pytest.mark.browser


def test_a_new_player_gets_three_questions_about_this_world(server, new_page):
    new_player(server, "newcomer")
    page = new_page()
    log_in(page, server, "newcomer")

    examples = page.locator("#examples .example")
    texts = examples.all_inner_texts()
    assert len(texts) == 3
    item = texts[0].removeprefix("How do I craft ").removesuffix("?")
    quest = texts[1].removeprefix("What do I need for the quest ").removesuffix("?")
    dropped = texts[2].removeprefix("Where do I get ").removesuffix("?")
    assert server.query("SELECT 1 FROM game_item WHERE display_name = ?", item)
    assert server.query("SELECT 1 FROM game_quest WHERE title = ?", quest)
    assert server.query("SELECT 1 FROM game_item WHERE display_name = ?", dropped)
    screenshot(page, "chat-first-visit")

    examples.first.click()

    turn = page.locator("#turns > li.turn").first
    assert turn.locator(".msg-player").inner_text() == texts[0]
    assert page.locator("#examples").count() == 0
    assert wait_finished(turn) == "completed"
    assert item in turn.locator(".answer-text").inner_text()
    page.reload()
    assert page.locator("#examples").count() == 0
