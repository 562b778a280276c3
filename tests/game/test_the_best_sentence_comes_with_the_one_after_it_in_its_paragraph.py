"""A passage quoted for a query keeps, with its best sentence, the sentence after it in
its paragraph: what the best sentence leads to is often what was asked ("why are there
no villages?" — the sentence naming the villages says they are gone, the next one why).
A sentence of the next paragraph is another subject and is not added."""

from agentweb.game.search.passages import best_passage

SHELLS = (
    "There are no villages on this coast anymore.\n"
    "The old keepers say the drowned took them, one tide at a time."
)


def test_the_sentence_after_the_best_one_is_kept():
    assert best_passage(SHELLS, ["villages", "coast"], 500) == " ".join(SHELLS.split("\n"))


def test_in_chinese_too():
    text = "谷里一个村民都没有。灰烬之冬那年，他们都搬去了南方。"
    quoted = best_passage(text, ["村民"], 500)
    assert quoted.startswith("谷里一个村民都没有。")
    assert quoted.endswith("他们都搬去了南方。")


def test_a_sentence_of_the_next_paragraph_is_not_added():
    text = "The smeltery melts ores.\n\nThe shop opens at noon."
    assert best_passage(text, ["smeltery"], 500) == "The smeltery melts ores."


def test_nor_one_past_the_limit():
    assert best_passage(SHELLS, ["villages"], 60) == "There are no villages on this coast anymore."


def test_a_text_with_none_of_the_words_still_starts_with_its_start():
    assert best_passage(SHELLS, ["trident"], 45) == "There are no villages on this coast anymore."
