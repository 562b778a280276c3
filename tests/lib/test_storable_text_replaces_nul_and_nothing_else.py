"""Text a model or a tool produced is stored with U+FFFD for NUL, everything else as it is."""

import json

from agentweb.lib.storable_text import dumps, storable, storable_value


def test_a_nul_becomes_the_replacement_character():
    assert storable("a\x00b\x00") == "a\ufffdb\ufffd"


def test_text_without_nul_is_returned_itself():
    text = "iron ingot \\u0000 (an escape written out)"
    assert storable(text) is text


def test_every_string_of_a_value_is_made_storable_keys_included():
    value = {"k\x00": ["x\x00", 1, None, {"deep": ("y\x00",)}], "n": 2.5}
    assert storable_value(value) == {
        "k\ufffd": ["x\ufffd", 1, None, {"deep": ["y\ufffd"]}],
        "n": 2.5,
    }


def test_dumps_gives_the_stored_text_and_the_value_it_holds():
    text, value = dumps({"answer": "a\x00b"})
    assert json.loads(text) == value == {"answer": "a\ufffdb"}
    assert "\\u0000" not in text


def test_dumps_keeps_a_value_without_nul_and_a_written_out_escape():
    original = {"quote": "say \\u0000 in JSON"}
    text, value = dumps(original)
    assert value is original
    assert json.loads(text) == original


def test_dumps_takes_the_callers_text_and_still_replaces_a_nul_in_it():
    clean = {"answer": "iron"}
    encoded = json.dumps(clean)
    assert dumps(clean, encoded) == (encoded, clean)
    assert dumps(clean, encoded)[0] is encoded

    with_nul = {"answer": "a\x00b"}
    text, value = dumps(with_nul, json.dumps(with_nul))
    assert json.loads(text) == value == {"answer": "a\ufffdb"}
