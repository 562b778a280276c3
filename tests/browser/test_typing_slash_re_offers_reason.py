"""R-ROUTE-3: the input completes commands from the server's snapshot, and their arguments."""

import pytest

pytestmark = pytest.mark.browser


def test_typing_slash_re_offers_reason_and_tab_accepts_it(alice_page):
    page = alice_page

    page.click("#message")
    page.keyboard.type("/re")

    suggestions = page.locator("#suggestions li .suggestion-label")
    suggestions.first.wait_for()
    assert "/reason" in suggestions.all_inner_texts()
    page.keyboard.press("Tab")
    assert page.input_value("#message") == "/reason "


def test_enter_and_a_click_accept_too(alice_page):
    page = alice_page

    page.click("#message")
    page.keyboard.type("/reas")
    page.locator("#suggestions li").first.wait_for()
    page.keyboard.press("Enter")
    assert page.input_value("#message") == "/reason "

    page.fill("#message", "")
    page.keyboard.type("/che")
    page.locator("#suggestions li", has_text="/checkin").click()
    assert page.input_value("#message") == "/checkin "


def test_item_names_are_completed_from_the_server(alice_page):
    page = alice_page

    page.click("#message")
    page.keyboard.type("/item iron ing")

    option = page.locator("#suggestions li .suggestion-label", has_text="Iron Ingot")
    option.first.wait_for()
    page.keyboard.press("Tab")
    assert page.input_value("#message") == "/item Iron Ingot"
    # The argument is complete: Enter now sends the message.
    page.keyboard.press("Enter")
    page.locator("#turns .turn .card-item h3", has_text="Iron Ingot").wait_for()


def test_enter_on_a_whole_command_without_arguments_sends_it_at_once(alice_page):
    page = alice_page
    before = page.locator("#turns > li.turn").count()

    page.click("#message")
    page.keyboard.type("/checkin")
    page.locator("#suggestions li", has_text="/checkin").wait_for()
    page.keyboard.press("Enter")

    page.locator("#turns > li.turn").nth(before).wait_for()
    assert page.input_value("#message") == ""
    assert page.locator("#turns > li.turn").nth(before).locator(".msg-player").inner_text() == (
        "/checkin"
    )
