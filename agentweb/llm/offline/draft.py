"""An answer being written: its sentences, the sources they cite, the question's language."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from agentweb.llm.offline.entities import Entity
from agentweb.llm.offline.glossary import to_zh
from agentweb.llm.offline.obs import Seen
from agentweb.llm.offline.parsed import Parsed
from agentweb.llm.offline.words import phrase

# The values of a sentence that are one name each: titles of the quest book (only the
# data's own translations apply) and names of items and mobs (the glossary's too).
TITLES = frozenset({"title", "chapter", "table", "group"})
NAMED = frozenset({"item", "into", "name"})


@dataclass
class Draft:
    p: Parsed
    seen: list[Seen]
    # Names in the answer's language, from the imported lang data (the request's "names").
    known: dict[str, str] = field(default_factory=dict)
    # The things the question names (the request's "entities").
    entities: list[Entity] = field(default_factory=list)
    parts: list[str] = field(default_factory=list)
    cites: list[int] = field(default_factory=list)
    # Sentences said once for the whole answer ("nothing in the knowledge base").
    said: set[str] = field(default_factory=set)

    def say(self, key: str, numbers: Sequence[int] = (), **values: Any) -> None:
        """One sentence; the names in it (``NAMED`` values) in the answer's language."""
        shown = {k: self._shown(k, v) for k, v in values.items()}
        self.parts.append(phrase(self.p.lang, key, **shown))
        self.cite(numbers)

    def cite(self, numbers: Sequence[int]) -> None:
        self.cites.extend(n for n in numbers if n not in self.cites)

    def w(self, key: str, **values: Any) -> str:
        return phrase(self.p.lang, key, **values)

    def join(self, values: Sequence[str]) -> str:
        return self.w("sep").join(values) if values else self.w("none")

    def _shown(self, key: str, value: Any) -> Any:
        if not isinstance(value, str):
            return value
        if key in TITLES:
            return self.title(value)
        return self.name(value) if key in NAMED else value

    def title(self, text: Any) -> str:
        """A quest book title (quest, chapter, group, table) as the answer's language shows
        it: the book's own translation if it has one, else as the data has it."""
        text = str(text)
        return self.known.get(text, text) if self.p.lang == "zh" else text

    def name(self, text: Any) -> str:
        """A name from an observation, as the answer's language shows it."""
        return to_zh(str(text), self.known) if self.p.lang == "zh" else str(text)

    def names(self, values: Sequence[Any]) -> list[str]:
        return [self.name(v) for v in values]
