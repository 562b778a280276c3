"""The SNBT wrapper: plain Python values and correct positions."""

import pytest

from agentweb.game.importers.snbt import SnbtSyntaxError, loads


def test_tags_become_plain_python_values():
    value = loads('{a: 1b, b: true, c: [I; 1, 2], d: "x", e: 2.0d, f: 3L, "g.h": [ ]}')
    assert value == {"a": 1, "b": True, "c": [1, 2], "d": "x", "e": 2.0, "f": 3, "g.h": []}
    assert type(value["b"]) is bool
    assert type(value["d"]) is str


def test_entries_may_be_separated_by_newlines_or_commas():
    assert loads("{\n\ta: 1\n\tb: [\n\t\t1\n\t\t2\n\t]\n\tc: { x: 1, y: 2 }\n}") == {
        "a": 1,
        "b": [1, 2],
        "c": {"x": 1, "y": 2},
    }


def test_line_numbers_restart_for_every_parse():
    for _ in range(3):
        with pytest.raises(SnbtSyntaxError, match="line 3"):
            loads("{\n a: 1\n b: }\n")


def test_an_empty_text_is_an_error():
    with pytest.raises(SnbtSyntaxError, match="end of file"):
        loads("")
