"""The names a result's card shows, as the answer it goes with shows them.

A tool names things in its input's language from the imported lang data; an answer in
that language shows every name of what it observed by the rule of
:func:`agentweb.game.mentions.shown_names` (the data's own name in it, for Chinese the
glossary's as the fallback). A result carries that table (:class:`Shown`), built with
the result on the database thread, and its card names each thing through it — so the
card and the answer agree, live and after a reload (the card is stored as built).
English results carry an empty table: their cards are the data's names, as before.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from django.utils import translation
from pydantic import BaseModel

from agentweb.core import languages
from agentweb.game.mentions import shown_names, translations
from agentweb.game.models.names import DEFAULT_LANGUAGE
from agentweb.game.search.game_names import game_language


class Shown(BaseModel):
    """Each name a card shows, in ``language`` (a game code): ``names`` of items and mobs
    (the data's, then the glossary's), ``titles`` of the quest book — quests, chapters,
    groups, reward tables — by the book's own translations only, as answers show them (a
    quest titled like an item keeps its title). Anything else is shown as it is."""

    language: str = DEFAULT_LANGUAGE
    names: dict[str, str] = {}
    titles: dict[str, str] = {}

    def __call__(self, name: str) -> str:
        return self.names.get(name, name)

    def title(self, text: str) -> str:
        return self.titles.get(text, text)

    @property
    def english(self) -> bool:
        return self.language == DEFAULT_LANGUAGE

    def all(self, names: Iterable[str]) -> list[str]:
        return [self(n) for n in names]

    @contextmanager
    def speaking(self) -> Iterator[None]:
        """The card's fixed sentences (``gettext``) in its language, whatever is active."""
        with translation.override(languages.supported(self.language.replace("_", "-"))):
            yield


def shown_in(
    language: str | None, names: Iterable[str | None], titles: Iterable[str | None] = ()
) -> Shown:
    """How an answer in ``language`` (a page or game code; ``None``: English) shows each of
    ``names`` and ``titles`` (:class:`Shown`) — on the database thread."""
    code = game_language(language)
    if code == DEFAULT_LANGUAGE:
        return Shown()
    named = shown_names([n for n in names if n], code)
    titled = translations([t for t in titles if t], code)
    return Shown(
        language=code,
        names={k: v for k, v in named.items() if v != k},
        titles={k: v for k, v in titled.items() if v != k},
    )
