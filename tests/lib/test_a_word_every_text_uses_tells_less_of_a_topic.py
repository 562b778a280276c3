"""How much a word of a question tells of its topic, from how common it is in any text of
its language (wordfreq's lists): the commonest words least, rare words and words the lists
lack all they can."""

from __future__ import annotations

from agentweb.lib.word_frequency import LEAST, telling, zipf


def test_a_word_every_text_uses_tells_less_than_a_word_of_a_topic():
    assert telling("really") < telling("crash") < telling("windmill") <= 1.0


def test_the_commonest_words_tell_the_least():
    assert telling("the") == LEAST
    assert telling("The") == LEAST


def test_a_word_no_list_has_tells_all_it_can():
    assert zipf("qwxvzorb") == 0.0
    assert telling("qwxvzorb") == 1.0


def test_chinese_words_are_weighed_by_the_chinese_list():
    assert telling("一直") < telling("高炉")
    assert zipf("高炉") > 0.0
