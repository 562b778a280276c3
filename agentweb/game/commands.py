"""The game's deterministic commands (SPEC §2): no model call, answered at once.

``/checkin`` signs the player in. It is a write, but the player typed the
command themselves, which is the explicit consent a confirmation step asks
for in free mode (R-FREE-2) — so it runs directly. ``/item <name>`` shows an
item card; a message that is exactly an item's name does the same ("local
semantic direct" hit). Quest commands belong to the optional ``agentweb.ftb``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from agentweb.core import languages
from agentweb.core.commands import Command, DirectResult, commands
from agentweb.game import versions
from agentweb.game.mentions import shown_names
from agentweb.game.models import Item
from agentweb.game.search.game_names import game_language
from agentweb.game.services.signin import sign_in
from agentweb.game.text import clean_text
from agentweb.game.tools.common import MAX_LIMIT, MAX_NAME
from agentweb.game.tools.item_results import SourceInfo, SourceKind, ingredient_text
from agentweb.game.tools.items import ItemSourceResult, lookup_sources, source_card, source_sources
from agentweb.game.tools.player import PLAYER_SIGNIN, signin_card

ITEMS = "game.items"
PLAYER = "game.player"
ITEM_COMPLETION = "items"
# Ways to obtain shown in the text; the card has them all.
WAYS_IN_TEXT = 5
# Ways to obtain on the card (the tool's own maximum).
MAX_SOURCES_SHOWN = MAX_LIMIT
# A way to obtain an item said from its parts, in the active language (the tools' own
# ``summary`` is the English one).
WAYS = {
    SourceKind.CRAFTING_SHAPED: lambda: _("crafted from %(parts)s"),
    SourceKind.CRAFTING_SHAPELESS: lambda: _("crafted from %(parts)s"),
    SourceKind.SMELTING: lambda: _("smelted from %(parts)s in a furnace"),
    SourceKind.BLASTING: lambda: _("blasted from %(parts)s in a blast furnace"),
    SourceKind.SMOKING: lambda: _("cooked from %(parts)s in a smoker"),
    SourceKind.CAMPFIRE: lambda: _("cooked from %(parts)s on a campfire"),
    SourceKind.STONECUTTING: lambda: _("cut from %(parts)s on a stonecutter"),
    SourceKind.SMITHING: lambda: _("smithed from %(parts)s at a smithing table"),
    SourceKind.PROCESSING: lambda: _("made in %(station)s from %(parts)s"),
    SourceKind.BLOCK_DROP: lambda: _("dropped by the block %(source)s"),
    SourceKind.MOB_DROP: lambda: _("dropped by %(source)s"),
    SourceKind.CHEST_LOOT: lambda: _("found in chests: %(source)s"),
    SourceKind.GAMEPLAY_LOOT: lambda: _("from %(source)s"),
}

# The stations that cook the same ingredients, said in one way when several do.
COOKED = {
    SourceKind.SMELTING: lambda: _("a furnace"),
    SourceKind.BLASTING: lambda: _("a blast furnace"),
    SourceKind.SMOKING: lambda: _("a smoker"),
    SourceKind.CAMPFIRE: lambda: _("a campfire"),
}


def _signed_in(user: Any) -> bool:
    return user is not None and getattr(user, "is_authenticated", False)


def checkin(args: str, user: Any) -> DirectResult:
    if not _signed_in(user):
        return DirectResult(_("Please log in first."), ok=False)
    result = sign_in(user)
    writes = (
        [
            {
                "tool": PLAYER_SIGNIN.type,
                "module": PLAYER_SIGNIN.module,
                "input": {},
                "output": result.model_dump(mode="json"),
            }
        ]
        if result.ok
        else []
    )
    return DirectResult(result.message, [signin_card(result)], ok=result.ok, writes=writes)


def describe_item(out: ItemSourceResult) -> str:
    """A short text for an item lookup in the active language; every fact comes from ``out``,
    every name as the active language shows it (:func:`_shown`)."""
    shown = _shown(out)
    if out.item is None:
        if out.candidates:
            names = ", ".join(shown(c.name) for c in out.candidates)
            return _("No item is named “%(name)s”. Did you mean: %(names)s?") % {
                "name": out.query,
                "names": names,
            }
        return _("No item named “%(name)s” is in the item data.") % {"name": out.query}
    item = out.item
    head = _("%(name)s (%(id)s), stacks to %(stack)d.") % {
        "name": shown(item.name),
        "id": item.item_id,
        "stack": item.stack_size,
    }
    if item.food_points is not None:
        food = {"points": f"{item.food_points:g}", "shanks": f"{item.food_points / 2:g}"}
        if item.saturation is None:
            said = _("As food it restores %(points)s food points (%(shanks)s shanks).")
        else:
            food["saturation"] = f"{item.saturation:g}"
            said = _(
                "As food it restores %(points)s food points (%(shanks)s shanks) "
                "and %(saturation)s saturation."
            )
        head = _then(head, said % food)
    if not out.sources:
        return _then(head, _("The item data lists no way to obtain it."))
    grouped = _ways(out.sources)[:WAYS_IN_TEXT]
    ways = _("; ").join(_said(group, shown) for group in grouped)
    more = out.total - sum(len(group) for group in grouped)
    text = _then(head, _("How to obtain it: %(ways)s.") % {"ways": ways})
    if more > 0:
        text = _then(text, _("And %(more)d more ways on the card.") % {"more": more})
    if languages.supported(get_language()) == languages.ENGLISH and out.notes():
        text = _then(text, " ".join(out.notes()))  # the tool's notes are English sentences
    return text


def _then(text: str, sentence: str) -> str:
    """Two sentences: a space after an English one, none after a Chinese full stop."""
    return text + ("" if text.endswith(("。", "？", "！")) else " ") + sentence


def _ways(sources: list[SourceInfo]) -> list[list[SourceInfo]]:
    """The ways to obtain an item, in order; the same ingredients cooked in several
    stations are one way (raw iron in a furnace or a blast furnace)."""
    groups: dict[Any, list[SourceInfo]] = {}
    for n, source in enumerate(sources):
        cooked = SourceKind(source.kind) in COOKED and not source.tools
        key = ("cooked", tuple(ingredient_text(i) for i in source.used_up)) if cooked else n
        groups.setdefault(key, []).append(source)
    return list(groups.values())


def _said(group: list[SourceInfo], shown: Callable[[str], str]) -> str:
    if len(group) == 1:
        return _way(group[0], shown)
    stations = [COOKED[SourceKind(s.kind)]() for s in group]
    return _("cooked from %(parts)s in %(stations)s") % {
        "parts": ", ".join(ingredient_text(i, shown) for i in group[0].used_up),
        "stations": _(" or ").join(dict.fromkeys(stations)),
    }


def _shown(out: ItemSourceResult) -> Callable[[str], str]:
    """How the active language shows each name of ``out``: the data's own name in it, for
    Chinese the glossary's as the fallback (:func:`agentweb.game.mentions.shown_names`);
    English shows the data's names as they are."""
    if languages.supported(get_language()) == languages.ENGLISH:
        return str
    names = [c.name for c in out.candidates]
    names += [out.item.name] if out.item is not None else []
    for source in out.sources:
        names += [source.station or "", source.from_name or ""]
        names += [n for i in source.ingredients for n in (i.label, *i.examples)]
    table = shown_names(names, game_language(get_language()))
    return lambda name: table.get(name, name)


def _way(source: SourceInfo, shown: Callable[[str], str] = str) -> str:
    """One way to obtain an item: the tool's summary in English, else said from its parts."""
    said = WAYS.get(SourceKind(source.kind))
    if said is None or languages.supported(get_language()) == languages.ENGLISH:
        return source.summary
    parts = ", ".join(ingredient_text(i, shown) for i in source.used_up)
    text = said() % {
        "parts": parts,
        "station": shown(source.station or ""),
        "source": shown(source.from_name or ""),
    }
    if source.tools:
        kept = ", ".join(ingredient_text(i, shown) for i in source.tools)
        text += _(", with %(tools)s (a tool, not used up)") % {"tools": kept}
    return text


def _item_result(out: ItemSourceResult) -> DirectResult:
    card = source_card(out)
    sources = source_sources(None, out)
    return DirectResult(
        describe_item(out), [card] if card else [], sources, ok=out.item is not None
    )


def item_command(args: str, user: Any) -> DirectResult:
    name = args.strip()
    if not name:
        return DirectResult(_("Usage: /item <name>"), ok=False)
    if len(name) > MAX_NAME:
        return DirectResult(
            _("An item name has at most %(max)d characters.") % {"max": MAX_NAME}, ok=False
        )
    return _item_result(lookup_sources(name, limit=MAX_SOURCES_SHOWN, language=get_language()))


# Most messages are no item's name: those cost no statement (as of the run's game data).
_DISPLAY_NAMES = versions.FoldedValues(Item, "display_name")


def item_name_hit(text: str, user: Any) -> DirectResult | None:
    """A message that is exactly one item's display name (case-insensitive)."""
    name = clean_text(text)
    if not _DISPLAY_NAMES.could_be(name):
        return None
    matches = list(Item.objects.filter(display_name__iexact=name)[:2])
    if len(matches) != 1:
        return None
    found = lookup_sources(matches[0].item_id, limit=MAX_SOURCES_SHOWN, language=get_language())
    return _item_result(found)


def item_completions(prefix: str, user: Any, limit: int) -> list[str]:
    qs = Item.objects.all()
    prefix = clean_text(prefix)
    if prefix:
        qs = qs.filter(display_name__istartswith=prefix)
    return list(qs.order_by("display_name").values_list("display_name", flat=True)[:limit])


def register_commands() -> None:
    commands.register(
        Command(
            "checkin",
            aliases=("/signin", "签到"),
            usage="/checkin",
            description="Daily sign-in: collect today's coins.",
            handler=checkin,
            module=PLAYER,
        )
    )
    commands.register(
        Command(
            "item",
            usage="/item <name>",
            description="Show an item and how to obtain it.",
            completion=ITEM_COMPLETION,
            handler=item_command,
            module=ITEMS,
        )
    )
    commands.register_completion(ITEM_COMPLETION, item_completions)
    commands.register_matcher("game.item-name", item_name_hit, module=ITEMS)
