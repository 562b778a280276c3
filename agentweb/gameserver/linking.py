"""Linking a web account to a Minecraft account: one-time codes, the link, unlinking.

The page shows a short code (single use, expiring, only its hash stored); in
game the player types it and the plugin sends ``POST /api/game/link``. Codes
are rate-limited on both sides: a player gets a few per hour, and a game
server that keeps sending wrong codes is refused for a while.
"""

from __future__ import annotations

import datetime
import hashlib
import secrets
import uuid as uuid_lib
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from agentweb.game.models import Delivery, DeliveryState, PlayerProfile
from agentweb.gameserver.errors import GameApiError, unknown_player
from agentweb.gameserver.inputs import MINECRAFT_NAME
from agentweb.gameserver.models import AccountLink, GameServerToken, LinkAttempt, LinkCode
from agentweb.lib import dialect
from agentweb.lib.inputs.fields import fullmatch

# No 0/O, 1/I/L: a code is read off a screen and typed in game chat.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
CODE_TTL = datetime.timedelta(minutes=10)
CODES_KEPT = datetime.timedelta(days=7)
# A player asking for more codes than this per hour is refused (one is enough to link).
MAX_CODES_PER_HOUR = 10
# A game server sending this many wrong codes within the window is refused (guessing).
MAX_BAD_CODES = 20
BAD_CODE_WINDOW = datetime.timedelta(minutes=10)


@dataclass(frozen=True)
class NewCode:
    code: str
    expires_at: datetime.datetime


def _normalise(code: str) -> str:
    return code.replace("-", "").replace(" ", "").upper()


def _hash(code: str) -> str:
    return hashlib.sha256(_normalise(code).encode()).hexdigest()


def display(code: str) -> str:
    """``ABCDEFGH`` → ``ABCD-EFGH`` (easier to read and type)."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"


def new_code(user: Any) -> NewCode:
    """A fresh code for the page; earlier unused codes of the player stop working.

    The count of the last hour and the new code are one transaction under the
    player's row lock: concurrent requests cannot all see room for one more."""
    now = timezone.now()
    code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    with transaction.atomic():
        _lock(get_user_model(), user.pk)
        recent = LinkCode.objects.filter(
            user=user, created_at__gte=now - datetime.timedelta(hours=1)
        )
        if recent.count() >= MAX_CODES_PER_HOUR:
            raise GameApiError(
                "too_many_codes", "Too many link codes in the last hour; try again later.", 429
            )
        LinkCode.objects.filter(user=user, used_at__isnull=True, expires_at__gt=now).update(
            expires_at=now
        )
        # Kept a while for the admin (who linked when), then dropped.
        LinkCode.objects.filter(created_at__lt=now - CODES_KEPT).delete()
        LinkCode.objects.create(user=user, code_hash=_hash(code), expires_at=now + CODE_TTL)
    return NewCode(display(code), now + CODE_TTL)


def _lock(model: Any, pk: int) -> None:
    """Inside a transaction: hold the row's lock until it ends (nothing to take where
    writers are serialised: SQLite's IMMEDIATE transactions, from their first statement)."""
    dialect.lock_rows(model.objects.filter(pk=pk), no_key=False)


def check_name(value: Any) -> str:
    """A Minecraft name, the whole of it (``"AliceCrafts\\n"`` is none): the admin's form."""
    if not fullmatch(MINECRAFT_NAME, value):
        raise GameApiError("bad_field", "name must be a Minecraft name (3–16 of A–Z, 0–9, _).")
    return value


def redeem(token: GameServerToken, code: str, mc_uuid: uuid_lib.UUID, mc_name: str) -> AccountLink:
    """``POST /api/game/link`` (validated by ``inputs.LinkBody``): the code's player is now
    the Minecraft account ``mc_uuid``."""
    now = timezone.now()
    with transaction.atomic():
        # The token's attempts are counted and added under its row lock: concurrent wrong
        # codes cannot all be checked before the lockout.
        _lock(GameServerToken, token.pk)
        attempts = LinkAttempt.objects.filter(token=token, at__gte=now - BAD_CODE_WINDOW)
        if attempts.count() >= MAX_BAD_CODES:
            raise GameApiError(
                "too_many_attempts", "Too many wrong codes; wait a few minutes.", 429
            )
        found = LinkCode.objects.filter(
            code_hash=_hash(code), used_at__isnull=True, expires_at__gt=now
        ).first()
        # The conditional update is the claim: a code links once, whoever comes second.
        # A refused link below rolls it back, so the code still works.
        if found is not None and LinkCode.objects.filter(pk=found.pk, used_at__isnull=True).update(
            used_at=now
        ):
            return _link(found.user, mc_uuid, mc_name, f"code by {token.name}")[0]
        # Only the window's attempts count; older ones are of no use.
        LinkAttempt.objects.filter(at__lt=now - BAD_CODE_WINDOW).delete()
        LinkAttempt.objects.create(token=token)
    raise GameApiError("bad_code", "The code is unknown, already used or expired.")


def check_link(user: Any, mc_uuid: uuid_lib.UUID, name: str) -> None:
    """Refuse a link that would take another web account's Minecraft account or name."""
    other = AccountLink.objects.filter(uuid=mc_uuid).exclude(profile__user=user).first()
    if other is not None:
        raise GameApiError(
            "uuid_linked",
            "This Minecraft account is linked to another web account; unlink it there first.",
            409,
        )
    if PlayerProfile.objects.filter(minecraft_name__iexact=name).exclude(user=user).exists():
        raise GameApiError(
            "name_taken", f"Another web account's profile is named {name}; ask an admin.", 409
        )


def _link(user: Any, mc_uuid: uuid_lib.UUID, name: str, by: str) -> tuple[AccountLink, bool]:
    """Inside a transaction: make (or move) the link."""
    check_link(user, mc_uuid, name)
    profile, _ = PlayerProfile.objects.get_or_create(user=user, defaults={"minecraft_name": name})
    if profile.minecraft_name != name:
        PlayerProfile.objects.filter(pk=profile.pk).update(minecraft_name=name)
        profile.minecraft_name = name
    link, created = AccountLink.objects.update_or_create(
        profile=profile, defaults={"uuid": mc_uuid, "linked_by": by[:100]}
    )
    # A new account: whether it is in game is not known until the server says.
    PlayerProfile.objects.filter(pk=profile.pk).update(online=None)
    # Deliveries that waited for a link may go now.
    Delivery.objects.filter(profile=profile, state=DeliveryState.PENDING).update(not_before=None)
    return link, created


def link_by_admin(user: Any, mc_uuid: uuid_lib.UUID, name: str, admin: Any) -> AccountLink:
    with transaction.atomic():
        return _link(user, mc_uuid, check_name(name), f"admin {admin.get_username()}")[0]


def unlink(user: Any) -> bool:
    """Remove the player's link; undelivered deliveries wait for a new one."""
    deleted, _ = AccountLink.objects.filter(profile__user=user).delete()
    return bool(deleted)


def link_of(user: Any) -> AccountLink | None:
    return AccountLink.objects.select_related("profile").filter(profile__user=user).first()


def linked(mc_uuid: uuid_lib.UUID) -> AccountLink:
    """The link of a Minecraft UUID, or the API's 404."""
    link = AccountLink.objects.select_related("profile__user").filter(uuid=mc_uuid).first()
    if link is None or not link.profile.user.is_active:
        raise unknown_player(mc_uuid)
    return link
