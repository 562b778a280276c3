"""A numbered list cut into sentences keeps each number at the start of its item: a number
is never a sentence of its own, nor the end of the item before it. A sentence that ends on
a number of its own keeps it."""

from __future__ import annotations

import re

from agentweb.lib.sentences import numbers_kept

FULL_STOP = re.compile(r"(?<=[.!?])\s+")


def _cut(text: str) -> list[str]:
    return numbers_kept(FULL_STOP.split(text))


def test_a_list_on_lines_keeps_its_numbers():
    lines = ["Rules:", "1. No griefing.", "2. Be kind.", "3. Have fun."]
    parts = [part for line in lines for part in FULL_STOP.split(line)]
    assert numbers_kept(parts) == lines


def test_a_list_without_full_stops_joined_on_one_line_keeps_its_numbers():
    assert _cut("1. Gather wood 2. Craft a table 3. Mine stone") == [
        "1. Gather wood",
        "2. Craft a table",
        "3. Mine stone",
    ]


def test_a_list_after_an_opening_on_one_line_keeps_its_numbers():
    assert _cut("How to start: 1. Gather wood 2. Craft a table 3. Mine") == [
        "How to start:",
        "1. Gather wood",
        "2. Craft a table",
        "3. Mine",
    ]


def test_a_sentence_ending_on_a_number_keeps_it():
    assert _cut("The shop opens at 3. Bring coins.") == ["The shop opens at 3.", "Bring coins."]
    assert _cut("Steps to take 2. Then stop.") == ["Steps to take 2.", "Then stop."]
    assert _cut("Level 1. Then level 3.") == ["Level 1.", "Then level 3."]


def test_a_number_ending_the_text_stays_where_it_is():
    assert _cut("1. Gather wood 2.") == ["1. Gather wood 2."]
