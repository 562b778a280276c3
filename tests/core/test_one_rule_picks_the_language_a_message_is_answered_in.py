"""One rule picks the language a message is answered in (``core.languages``): Chinese
characters make it Chinese, other words English, and a message with no words of its
own — a bare command — the player's language, as her page picks it."""

from __future__ import annotations

from django.conf import settings

from agentweb.core.languages import of_connection, of_text


def test_chinese_characters_make_a_message_chinese_whatever_the_page():
    assert of_text("/item 铁锭", "en") == "zh-hans"
    assert of_text("签到", "en") == "zh-hans"


def test_other_words_make_it_english_whatever_the_page():
    assert of_text("/item iron ingot", "zh-hans") == "en"
    assert of_text("how do I make a piston?", "zh-hans") == "en"


def test_a_bare_command_speaks_the_player_s_language():
    assert of_text("/checkin", "zh-hans") == "zh-hans"
    assert of_text("/tasks", "zh-CN") == "zh-hans"
    assert of_text("/checkin", "en") == "en"


def test_an_unknown_or_missing_player_language_is_english():
    assert of_text("/checkin", "") == "en"
    assert of_text("/checkin", None) == "en"
    assert of_text("/checkin", "xx-klingon") == "en"


def test_the_player_s_language_is_the_switcher_s_cookie_then_the_browser_s():
    cookie = {settings.LANGUAGE_COOKIE_NAME: "zh-hans"}
    assert of_connection(cookie, "en-US,en") == "zh-hans"
    assert of_connection({}, "zh-CN,zh;q=0.9") == "zh-hans"
    assert of_connection({}, "fr-FR") == "en"
    assert of_connection({}, "") == "en"
