"""The sentences a tool quotes: the ones with the query's words (stemmed), in the text's order."""

from agentweb.game.search.passages import best_passage, sentences

TEXT = (
    "Welcome to the server. Skeletons drop bones when killed.\n"
    "Bone meal grows crops. Be kind in chat."
)


def test_the_sentences_with_the_most_query_words_are_chosen_in_order():
    assert best_passage(TEXT, ["bone", "drop"], 200) == (
        "Skeletons drop bones when killed. Bone meal grows crops."
    )


def test_words_match_by_stem():
    assert best_passage(TEXT, ["killing"], 200).startswith("Skeletons drop bones when killed.")


def test_without_a_matching_sentence_the_text_starts_the_passage():
    assert best_passage(TEXT, ["trident"], 40) == "Welcome to the server."


def test_the_budget_keeps_at_least_the_best_sentence():
    assert best_passage(TEXT, ["bone"], 5).startswith("Skeletons")


def test_empty_text_gives_an_empty_passage():
    assert best_passage("", ["bone"], 100) == ""
    assert sentences("One. Two!\n\nThree?") == ["One.", "Two!", "Three?"]


def test_a_question_the_text_asks_comes_with_the_sentence_that_answers_it():
    text = "Welcome. Where do you find a blaze? In volcanic biomes. Bring water."
    assert best_passage(text, ["blaze"], 200) == "Where do you find a blaze? In volcanic biomes."
