"""Example questions drawn from the imported world, for a player's first visit.

Three questions the assistant can answer from this server's own data: how to
craft an item that has a crafting recipe, what a quest with item tasks needs,
and where an item that mobs drop comes from. Which item and which quest is a
read of the data — a different pack suggests different questions — and moves
on every day, so the hint does not go stale.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from django.db.models import QuerySet
from django.utils import translation
from django.utils.translation import gettext as _

from agentweb.game.models import Item, Quest
from agentweb.game.models.items import CRAFTING_KINDS, SourceKind
from agentweb.game.models.quests import TaskType


def _pick(rows: QuerySet[Any], day: date) -> Any:
    """One row of ``rows`` (ordered), a different one each day; ``None`` if there is none."""
    count = rows.count()
    return rows[day.toordinal() % count] if count else None


def example_questions(language: str, day: date | None = None) -> list[str]:
    """Up to three questions about this world, in ``language``."""
    day = day or date.today()
    crafted = Item.objects.filter(sources__kind__in=CRAFTING_KINDS).distinct().order_by("pk")
    dropped = Item.objects.filter(sources__kind=SourceKind.MOB_DROP).distinct().order_by("pk")
    quests = Quest.objects.filter(tasks__type=TaskType.ITEM).distinct().order_by("pk")
    item = _pick(crafted.values_list("display_name", flat=True), day)
    drop = _pick(dropped.exclude(display_name=item).values_list("display_name", flat=True), day)
    quest = _pick(quests.values_list("title", flat=True), day)
    with translation.override(language):
        questions = [
            _("How do I craft %(item)s?") % {"item": item} if item else None,
            _("What do I need for the quest %(quest)s?") % {"quest": quest} if quest else None,
            _("Where do I get %(item)s?") % {"item": drop} if drop else None,
        ]
    return [q for q in questions if q]
