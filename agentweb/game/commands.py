"""The game's deterministic commands (SPEC §2): no model call, answered at once.

``/checkin`` signs the player in. It is a write, but the player typed the
command themselves, which is the explicit consent a confirmation step asks
for in free mode (R-FREE-2) — so it runs directly. ``/item <name>`` shows an
item card; a message that is exactly an item's name does the same ("local
semantic direct" hit). Quest commands belong to the optional ``agentweb.ftb``.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from agentweb.core.commands import Command, DirectResult, commands
from agentweb.game import versions
from agentweb.game.models import Item
from agentweb.game.services.signin import sign_in
from agentweb.game.text import clean_text
from agentweb.game.tools.common import MAX_LIMIT, MAX_NAME
from agentweb.game.tools.items import ItemSourceResult, lookup_sources, source_card, source_sources
from agentweb.game.tools.player import PLAYER_SIGNIN, signin_card
from agentweb.game.tools.ways import group_said, grouped

ITEMS = "game.items"
PLAYER = "game.player"
ITEM_COMPLETION = "items"
# Ways to obtain shown in the text; the card has them all.
WAYS_IN_TEXT = 5
# Ways to obtain on the card (the tool's own maximum).
MAX_SOURCES_SHOWN = MAX_LIMIT


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
    every name as the lookup's language shows it (``out.shown``)."""
    # Every name as the active language shows it (the data's own, for Chinese the
    # glossary's as the fallback): the table the lookup made for its card.
    shown, english = out.shown, out.shown.english
    if out.item is None:
        if out.candidates:
            names = _(", ").join(shown(c.name) for c in out.candidates)
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
    groups = grouped(out.sources)[:WAYS_IN_TEXT]
    ways = _("; ").join(group_said(group, shown, english) for group in groups)
    more = out.total - sum(len(group) for group in groups)
    text = _then(head, _("How to obtain it: %(ways)s.") % {"ways": ways})
    if more > 0:
        text = _then(text, _("And %(more)d more ways on the card.") % {"more": more})
    if english and out.notes():
        text = _then(text, " ".join(out.notes()))  # the tool's notes are English sentences
    return text


def _then(text: str, sentence: str) -> str:
    """Two sentences: a space after an English one, none after a Chinese full stop."""
    return text + ("" if text.endswith(("。", "？", "！")) else " ") + sentence


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
