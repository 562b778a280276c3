"""The daily sign-in: coins once per day, more for a longer streak."""

from __future__ import annotations

import datetime
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _
from pydantic import BaseModel

from agentweb.game.models import PlayerProfile
from agentweb.game.queries import player_profile

BASE_COINS = 10
COINS_PER_STREAK_DAY = 2
# The streak bonus stops growing after a week, so coins stay a small economy.
MAX_BONUS_DAYS = 6
# Concurrent sign-ins of one player: the loser re-reads and sees "already signed in".
MAX_ATTEMPTS = 3


def no_profile() -> str:
    """What a player without a game profile is told, in the active language."""
    return _("You have no game profile yet; ask an admin to link your Minecraft name.")


class SignInResult(BaseModel):
    """What a sign-in did; the ``previous_*`` fields let undo restore the profile."""

    ok: bool
    message: str
    profile_id: int | None = None
    player: str = ""
    coins: int = 0
    streak: int = 0
    balance: int = 0
    signed_in_on: datetime.date | None = None
    already_signed_in: bool = False
    previous_streak: int = 0
    previous_last_signin: datetime.date | None = None


def reward_for(streak: int) -> int:
    """Coins for a sign-in that makes the streak ``streak`` days long."""
    return BASE_COINS + COINS_PER_STREAK_DAY * min(max(streak - 1, 0), MAX_BONUS_DAYS)


def sign_in(user: Any, today: datetime.date | None = None) -> SignInResult:
    """Sign ``user`` in for today (server date); a second call the same day changes nothing."""
    today = today or timezone.localdate()
    profile = player_profile(user)
    if profile is None:
        return SignInResult(ok=False, message=no_profile())
    for _attempt in range(MAX_ATTEMPTS):
        last, streak_before = profile.last_signin, profile.signin_streak
        if last == today:
            return SignInResult(
                ok=False,
                already_signed_in=True,
                message=_("%(player)s already signed in today.")
                % {"player": profile.minecraft_name},
                profile_id=profile.pk,
                player=profile.minecraft_name,
                streak=streak_before,
                balance=profile.balance,
                signed_in_on=today,
            )
        streak = streak_before + 1 if last == today - datetime.timedelta(days=1) else 1
        coins = reward_for(streak)
        with transaction.atomic():
            # The filter on the values just read is the claim against a concurrent sign-in.
            updated = PlayerProfile.objects.filter(
                pk=profile.pk, last_signin=last, signin_streak=streak_before
            ).update(balance=F("balance") + coins, signin_streak=streak, last_signin=today)
        profile.refresh_from_db()
        if updated:
            return SignInResult(
                ok=True,
                message=_("Signed in: +%(coins)d coins, streak %(streak)d day(s).")
                % {"coins": coins, "streak": streak},
                profile_id=profile.pk,
                player=profile.minecraft_name,
                coins=coins,
                streak=streak,
                balance=profile.balance,
                signed_in_on=today,
                previous_streak=streak_before,
                previous_last_signin=last,
            )
    return SignInResult(ok=False, message=_("The sign-in was busy; please try again."))


def undo_sign_in(result: SignInResult) -> bool:
    """Take the coins back and restore streak and date, if nothing changed since."""
    if not result.ok or result.profile_id is None:
        return False
    with transaction.atomic():
        updated = PlayerProfile.objects.filter(
            pk=result.profile_id, last_signin=result.signed_in_on, signin_streak=result.streak
        ).update(
            balance=F("balance") - result.coins,
            signin_streak=result.previous_streak,
            last_signin=result.previous_last_signin,
        )
    return bool(updated)
