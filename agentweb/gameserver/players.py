"""``PUT /api/game/players/<uuid>``: the game pushes what the assistant reads about a player.

Name, level, online and FTB quest progress land in the game app's own rows
(``PlayerProfile``, ``QuestProgress``), so ``player.info`` and the quest tools
read them as they always did. The lists of a book are its whole state: a
quest of that book in neither list is not started (progress reset in game).
Unknown books and quest ids are reported back and never stored. The push is
validated whole before anything is written.
"""

from __future__ import annotations

import uuid as uuid_lib
from typing import Annotated, Any

from django.db import transaction
from django.utils import timezone
from pydantic import ConfigDict, Field

from agentweb.game.models import (
    Delivery,
    DeliveryState,
    PlayerProfile,
    Quest,
    QuestBook,
    QuestProgress,
    QuestStatus,
)
from agentweb.gameserver.errors import GameApiError
from agentweb.gameserver.inputs import MinecraftName
from agentweb.gameserver.linking import linked
from agentweb.gameserver.models import AccountLink
from agentweb.lib.inputs.fields import Integer, matching
from agentweb.lib.inputs.models import Input

MAX_LEVEL = 1_000_000
# One push names at most this many books and quest ids (a big pack has a few thousand).
MAX_BOOKS = 20
MAX_IDS = 20_000
MAX_BOOK_SLUG = 100

# FTB quest ids are 16 hex digits; the game may drop leading zeros.
QuestId = matching(r"[0-9A-Fa-f]{1,16}", "an FTB quest id (1–16 hex digits)", "1A2B3C4D5E6F7081")
QuestIds = Annotated[list[QuestId], Field(max_length=MAX_IDS)]
BookSlug = Annotated[str, Field(min_length=1, max_length=MAX_BOOK_SLUG)]


class BookProgress(Input):
    model_config = ConfigDict(extra="forbid")
    completed: QuestIds = []
    in_progress: QuestIds = []


class PlayerState(Input):
    """``PUT /api/game/players/<uuid>``: every field optional, no unknown field."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"examples": [{"name": "Notch", "level": 31, "online": True}]},
    )
    name: MinecraftName | None = None
    level: Integer(0, MAX_LEVEL) | None = None
    online: bool | None = None
    quests: Annotated[dict[BookSlug, BookProgress], Field(max_length=MAX_BOOKS)] = {}


def _norm(quest_id: str) -> str:
    return quest_id.upper().zfill(16)


def push(mc_uuid: uuid_lib.UUID, state: PlayerState) -> dict[str, Any]:
    with transaction.atomic():
        link = linked(mc_uuid)
        profile = PlayerProfile.objects.select_for_update().get(pk=link.profile_id)
        _apply_profile(profile, link, state)
        report = {
            book: _apply_book(profile, book, progress) for book, progress in state.quests.items()
        }
    return {
        "uuid": str(link.uuid),
        "name": profile.minecraft_name,
        "level": profile.level,
        "online": profile.online,
        "quests": {book: r["counts"] for book, r in report.items() if r["known"]},
        "unknown_books": sorted(book for book, r in report.items() if not r["known"]),
        "unknown_quests": {book: r["unknown"] for book, r in report.items() if r["unknown"]},
    }


def _apply_profile(profile: PlayerProfile, link: AccountLink, state: PlayerState) -> None:
    if state.name is not None and state.name != profile.minecraft_name:
        taken = PlayerProfile.objects.filter(minecraft_name__iexact=state.name).exclude(
            pk=profile.pk
        )
        if taken.exists():
            raise GameApiError(
                "name_taken", f"Another web account's profile is named {state.name}.", 409
            )
        profile.minecraft_name = state.name
    if state.level is not None:
        profile.level = state.level
    if state.online is not None:
        profile.online = state.online
    profile.save(update_fields=["minecraft_name", "level", "online"])
    now = timezone.now()
    fields: dict[str, Any] = {"state_pushed_at": now}
    if state.online:
        fields["seen_at"] = now
        # Deliveries that waited for the player go on the next pass.
        Delivery.objects.filter(profile=profile, state=DeliveryState.PENDING).update(
            not_before=None
        )
    AccountLink.objects.filter(pk=link.pk).update(**fields)


def _apply_book(profile: PlayerProfile, slug: str, progress: BookProgress) -> dict[str, Any]:
    book = QuestBook.objects.filter(slug=slug).first()
    if book is None:
        return {"known": False, "unknown": [], "counts": {}}
    wanted = {_norm(q): QuestStatus.IN_PROGRESS for q in progress.in_progress}
    wanted.update({_norm(q): QuestStatus.COMPLETED for q in progress.completed})
    quests = dict(
        Quest.objects.filter(book=book, quest_id__in=list(wanted)).values_list("quest_id", "pk")
    )
    unknown = sorted(set(wanted) - set(quests))
    rows = {
        p.quest_id: p
        for p in QuestProgress.objects.filter(profile=profile, quest__book=book).select_for_update()
    }
    for quest_id, quest_pk in quests.items():
        status = wanted[quest_id]
        row = rows.get(quest_pk)
        if row is None:
            QuestProgress.objects.create(profile=profile, quest_id=quest_pk, status=status)
        elif row.status != status:
            QuestProgress.objects.filter(pk=row.pk).update(status=status, updated=timezone.now())
    # Quests of this book the game no longer reports were reset there; the claim flag stays,
    # so a reward can never be claimed twice.
    listed = set(quests.values())
    QuestProgress.objects.filter(profile=profile, quest__book=book).exclude(
        quest_id__in=listed
    ).exclude(status=QuestStatus.NOT_STARTED).update(
        status=QuestStatus.NOT_STARTED, updated=timezone.now()
    )
    counts = {
        "completed": sum(1 for q in quests if wanted[q] == QuestStatus.COMPLETED),
        "in_progress": sum(1 for q in quests if wanted[q] == QuestStatus.IN_PROGRESS),
    }
    return {"known": True, "unknown": unknown, "counts": counts}
