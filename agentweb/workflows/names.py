"""What the model is told of the names in a request: the things the question names
(``entities``), and the names of what it observed in the player's language (``names``).

Both come from the game's name index through ``Environment.names`` (the workflows
import no app): the entities once per request — before routing, so the router
sees them too — and the names before every decision of a Chinese question. The
model decides with ids and titles from the data instead of guessing at words, and
answers with the game's names in the player's language (a glossary is only the
offline planner's fallback).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol

from agentweb.engine import ExecutionContext, ReActContext
from agentweb.lib.language import EN, language_of
from agentweb.lib.named_things import (
    SEARCHED_BY_NAME,
    found_about_named,
    names_of,
    other_language,
)

# The game's code of each answer language (the name index stores Minecraft's codes).
GAME_LANGUAGES = {"zh": "zh_cn", "en": "en_us"}
# Strings of the observations looked up, at most: names are short and few per answer.
MAX_STRINGS = 400
MAX_STRING_CHARS = 200


def game_language_of(text: str) -> str:
    """The game's code of the language an answer to ``text`` speaks (``zh_cn``, ``en_us``)."""
    language = language_of(text)
    return GAME_LANGUAGES.get(language, language)


class NameService(Protocol):
    """The name index, as the workflows use it (``agentweb.game.mentions``)."""

    async def mentions(self, text: str) -> list[dict[str, Any]]: ...

    async def translations(self, texts: list[str], language: str) -> dict[str, str]: ...


async def entities(
    ctx: ExecutionContext, names: NameService | None, text: str
) -> list[dict] | None:
    """The things ``text`` names; the lookup is an internal step (R-POL-1). ``None`` when
    there is no name service (nothing was looked up)."""
    if names is None:
        return None
    ctx.step()
    return await names.mentions(text)


def in_data_words(text: str, linked: list[dict] | None) -> str | None:
    """``text`` with each item, mob or quest it names in another language written by its
    English name ("安山岩为什么这么难找" → "Andesite 为什么这么难找"), or ``None`` when
    that changes nothing: a second search for articles written in English."""
    changed = text
    for entity in linked or []:
        mention, english = entity.get("text"), (entity.get("names") or {}).get("en_us")
        named = entity.get("kind") in SEARCHED_BY_NAME and mention and english
        if named and mention != english and english.casefold() not in changed.casefold():
            changed = changed.replace(mention, f" {english} ")
    changed = " ".join(changed.split())
    return changed if changed != " ".join(text.split()) else None


def mentions_named(observation: Any, linked: list[dict] | None) -> bool:
    """Whether ``observation`` (a knowledge search's) has a passage about one of the items,
    mobs or quests the question names, by any of their names — or the question names none
    (:mod:`agentweb.lib.named_things`)."""
    return found_about_named(observation, names_of(linked))


def data_names(text: str, linked: list[dict] | None) -> str | None:
    """The names, in one language ``text`` is not written in, of the items, mobs and
    quests it names, alone: the last search, for a passage written in another language
    than the question, ranked by the database ("没有下界的话去哪找烈焰人" → "Blaze", "why
    does my obsidian break" → "黑曜石"); ``None`` when it names none that way."""
    named = [
        entity.get("names") or {}
        for entity in linked or []
        if entity.get("kind") in SEARCHED_BY_NAME
    ]
    language = other_language(game_language_of(text), named)
    found = [names.get(language) for names in named]
    other = [n for n in found if isinstance(n, str) and n and n.casefold() not in text.casefold()]
    return " ".join(dict.fromkeys(other)) or None


async def of_request(
    ctx: ExecutionContext, names: NameService | None, request: Any
) -> list[dict] | None:
    """The request's entities: looked up before routing, or now (``/reason …`` skips the
    router); kept on the request for the next loop of the same request."""
    if request.entities is None:
        request.entities = await entities(ctx, names, request.text)
    return request.entities


def install(rc: ReActContext, names: NameService | None, linked: list[dict] | None) -> None:
    """Tell the loop's model the question's entities, those of each message the player
    sent to join the run (``followup_entities``), and (for a question that is not in
    English) the observed names in the player's language before each decision."""
    if linked is not None:
        rc.extra["entities"] = linked  # an empty list too: the names were looked up
    if names is not None:
        _link_followups(rc, names)
    language = language_of(rc.question)
    if names is None or language == EN:
        return
    game_language = game_language_of(rc.question)
    previous = rc.hooks.before_decision

    async def translate(rc: ReActContext) -> None:
        if previous is not None:
            await previous(rc)
        strings = list(dict.fromkeys(_strings([o.result for o in rc.observations])))
        found = await names.translations(strings[:MAX_STRINGS], game_language)
        if found:
            rc.extra["names"] = found

    rc.hooks.before_decision = translate


def _link_followups(rc: ReActContext, names: NameService) -> None:
    """Before each decision: the things each newly claimed follow-up names, in order."""
    previous = rc.hooks.before_decision
    linked: list[list[dict]] = []

    async def link(rc: ReActContext) -> None:
        if previous is not None:
            await previous(rc)
        for text in rc.followups[len(linked) :]:
            linked.append(await names.mentions(text))
        if linked:
            rc.extra["followup_entities"] = linked

    rc.hooks.before_decision = link


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        if 0 < len(value) <= MAX_STRING_CHARS:
            yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
