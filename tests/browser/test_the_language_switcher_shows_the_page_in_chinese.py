"""The language switcher turns the page, and the script's words, into Simplified Chinese."""

import pytest

from tests.browser.conftest import ask, log_in, wait_finished

pytestmark = pytest.mark.browser


def test_choosing_chinese_translates_the_page_and_the_trace(server, new_page):
    page = new_page()
    log_in(page, server, "bob")

    with page.expect_navigation():
        page.select_option("#lang-switch select", "zh-hans")
    page.wait_for_selector('#conn[data-state="connected"]')

    assert page.locator("#btn-send").inner_text() == "发送"
    assert page.locator("#conn").inner_text() == "已连接"
    turn = ask(page, "/item Stick")
    wait_finished(turn)
    assert turn.locator(".status").inner_text() == "已完成"
    assert page.locator(".trace-entry", has_text="开始运行").count() >= 1
