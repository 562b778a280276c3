"""What an item lookup that found no way says, by the kind of way it looked up.

"No way to obtain" is said only of an item whose every way was looked up and none
found. A lookup of one kind (only drops, only cooking, only crafting) that finds none
says so of that kind, and that the item has other ways when it has (an item frame no
block or mob drops is still crafted).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

# Every way looked up, none found.
NO_WAY = gettext_noop(
    "The data has no way to obtain %(name)s: no recipe, loot table or drop gives it."
)
# Only one kind looked up (``item.source``'s ``kind``), none of it found.
NONE_OF_KIND = {
    "crafting": gettext_noop("The item data has no crafting recipe for %(name)s."),
    "cooking": gettext_noop(
        "The item data lists no cooking recipe for %(name)s; it has other ways to obtain it."
    ),
    "drops": gettext_noop(
        "The item data lists no drop or loot that gives %(name)s; it has other ways to obtain it."
    ),
}
# The same, as a list of several items says it after the item's name.
NO_WAY_SHORT = gettext_noop("no way to obtain it in the item data")
NONE_OF_KIND_SHORT = {
    "crafting": gettext_noop("no crafting recipe in the item data (other ways exist)"),
    "cooking": gettext_noop("no cooking recipe in the item data (other ways exist)"),
    "drops": gettext_noop("no drop or loot in the item data (other ways exist)"),
}


def none_found(kind: str, other_ways: int, name: str, *, translate: bool = False) -> str:
    """The sentence for an item ``name`` whose lookup of ``kind`` found no way;
    ``other_ways``: the ways of other kinds it has. English (for the model) unless
    ``translate`` (the active language, for a card)."""
    said = NONE_OF_KIND.get(kind, NO_WAY) if other_ways else NO_WAY
    return (_(said) if translate else said) % {"name": name}


def none_found_short(kind: str, other_ways: int, *, translate: bool = False) -> str:
    """:func:`none_found` as a list of several items says it."""
    said = NONE_OF_KIND_SHORT.get(kind, NO_WAY_SHORT) if other_ways else NO_WAY_SHORT
    return _(said) if translate else said
