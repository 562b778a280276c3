"""The things a question names (the request's ``entities``, from the game's name index)
and whether a passage is about them — one rule for the workflows' searches and the
offline planner's answers.

An entity is the name index's record of something the question names: ``kind``,
``name`` and ``names`` (its name in every imported language). Items, blocks, mobs and
quests are named in articles by their names; a passage that mentions none of them only
shares the question's other words ("没有下界" for "没有下界的话去哪找烈焰人？") and is
not about what was asked.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

# Things whose name an article about them would use (chapters, books and tables are
# scopes, not subjects).
SEARCHED_BY_NAME = frozenset({"item", "block", "entity", "quest"})
# The game's code of English, the language the data's own names are in.
ENGLISH = "en_us"


def names_of(entities: Iterable[Mapping[str, Any]] | None) -> tuple[str, ...]:
    """Every name, in every language, of the items, blocks, mobs and quests named."""
    found = [
        name
        for entity in entities or []
        if isinstance(entity, Mapping) and entity.get("kind") in SEARCHED_BY_NAME
        for name in (entity.get("name"), *(entity.get("names") or {}).values())
        if isinstance(name, str) and name
    ]
    return tuple(dict.fromkeys(found))


def about_named(article: Mapping[str, Any], named: Sequence[str]) -> bool:
    """Whether the article (its title or quoted passage) mentions one of ``named`` —
    or nothing is named."""
    if not named:
        return True
    text = f"{article.get('title', '')} {article.get('excerpt', '')}".casefold()
    return any(name.casefold() in text for name in named)


def found_about_named(observation: Any, named: Sequence[str]) -> bool:
    """Whether a knowledge search's observation has an article about one of ``named``
    (or nothing is named); an observation that is no list of articles is read whole,
    what was searched for left out."""
    if not named:
        return True
    if isinstance(observation, Mapping) and isinstance(observation.get("articles"), list):
        articles = [a for a in observation["articles"] if isinstance(a, Mapping)]
        return any(about_named(a, named) for a in articles)
    if isinstance(observation, Mapping):
        observation = {k: v for k, v in observation.items() if k != "query"}
    text = json.dumps(observation, ensure_ascii=False).casefold()
    return any(name.casefold() in text for name in named)


def other_language(own: str, named: list[dict[str, str]]) -> str:
    """The language to search a question's names in besides its own: English (the data's
    own) for a question in another language; for an English one, the language the things
    it names have names in most often (Chinese on a Chinese server)."""
    if own != ENGLISH:
        return ENGLISH
    counts = Counter(language for names in named for language in names if language != own)
    return counts.most_common(1)[0][0] if counts else own
