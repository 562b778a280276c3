"""A name index never changes, so it keeps the answers of its last lookups: the same
query (and limit) is answered without scoring a name, and exactly as before; the
oldest answers make room for new ones. Names given as pairs are scored each time."""

from rapidfuzz import process

from agentweb.game.search import names

TITLES = [("Burning Device", 1), ("Andesite Alloy", 2), ("Brass Funnel", 3), ("Brass Hand", 4)]


def _counting(monkeypatch) -> list[str]:
    scored: list[str] = []
    extract = process.extract

    def counted(query, *args, **kwargs):
        scored.append(query)
        return extract(query, *args, **kwargs)

    monkeypatch.setattr(names.process, "extract", counted)
    return scored


def test_the_same_lookup_is_answered_from_memory_with_the_same_answer(monkeypatch):
    scored = _counting(monkeypatch)
    index = names.NameIndex(TITLES)
    first = names.closest("burning devise", index, limit=2)
    first.append(("changed by the caller", 0))
    again = names.closest("burning devise", index, limit=2)

    assert again == [("Burning Device", 1)]
    assert scored == ["burning devise"]
    assert names.closest("burning devise", index, limit=1) == again  # another limit: scored
    assert names.closest("brass", index, limit=2) == [("Brass Hand", 4), ("Brass Funnel", 3)]
    assert len(scored) == 3


def test_the_oldest_answers_make_room_and_pairs_are_scored_each_time(monkeypatch):
    monkeypatch.setattr(names, "REMEMBERED", 2)
    scored = _counting(monkeypatch)
    index = names.NameIndex(TITLES)
    for query in ("brass", "andesite", "burning", "andesite"):
        names.closest(query, index, limit=1)
    assert scored == ["brass", "andesite", "burning"]
    names.closest("brass", index, limit=1)
    assert scored[-1] == "brass" and len(index.remembered) == 2

    names.closest("brass", TITLES, limit=1)
    names.closest("brass", TITLES, limit=1)
    assert scored[-2:] == ["brass", "brass"]
