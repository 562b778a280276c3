"""A Chinese question is cut into words by the longest dictionary match (the game's names,
the glossary's, CC-CEDICT's) and each content word read in English: a name by its English
name, a word by its cleaned senses (the first ones); particles, question words and words
that only say when are no topic."""

from __future__ import annotations

from agentweb.game.search.translation import chinese_words, content_words


def _read(text: str) -> dict[str, tuple[str, ...]]:
    return {w.text: w.alternatives for w in chinese_words(text)}


def test_glosses_keep_what_they_mean():
    assert content_words("to tear down") == ["tear"]
    assert content_words("(machine) gear") == ["gear"]
    assert content_words("CL:座[zuo4]") == []
    assert content_words("variant of 黏土[nian2 tu3]") == []
    assert content_words("gold coin") == ["gold", "coin"]


def test_a_run_is_cut_into_its_words(db):
    words = [w.text for w in chinese_words("冶炼炉拆了里面的液体")]
    assert words == ["冶炼炉", "拆", "了", "里面", "的", "液体"]


def test_content_words_are_read_in_english(db):
    read = _read("冶炼炉里面的液体")
    assert read["液体"] == ("liquid",)
    assert "furnace" in read["冶炼炉"]


def test_a_name_is_read_by_the_game_s_english_name(db):
    assert _read("铁锭怎么来")["铁锭"] == ("iron ingot",)
    assert _read("能去末地吗")["末地"] == ("the end",)


def test_words_that_ask_or_say_when_are_no_topic(db):
    read = _read("服务器每天几点重启")
    assert read["每天"] == () and read["几点"] == ()
    assert read["服务器"] == ("server",) and "restart" in read["重启"]


def test_a_particle_alone_is_no_topic(db):
    read = _read("拆了")
    assert read["了"] == () and "tear" in read["拆"]
