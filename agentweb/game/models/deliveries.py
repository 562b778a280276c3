"""Things owed to a player in the game (shop purchases, quest rewards).

The web application cannot put items into a Minecraft inventory: it records
a delivery, and a deliverer hands it out — the built-in RCON deliverer or a
game-server plugin through the game API (see ``docs/game-server.md``).

States::

    pending ──claim──▶ sending ──▶ delivered
       ▲  │               │  └───▶ failed      (the server refused it)
       │  └─cancel        └──────▶ unknown     (sent, but the reply was lost)
       └──── retry (admin) ◀── failed | unknown

Every state change is a conditional update in ``DeliveryQuerySet`` (the row
count is the claim), so two deliverers — in any processes — never hand out
the same delivery. ``unknown`` is never resent automatically: RCON has no
idempotency and giving twice is worse than asking an admin. Undo may only
take back deliveries that were not handed out (pending or failed).
"""

from __future__ import annotations

import datetime

from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from agentweb.game.models.players import PlayerProfile

# The stored reply or error of the last attempt is cut to this (replies can be long).
MAX_DETAIL = 500


class DeliveryKind(models.TextChoices):
    ITEM = "item", "Item"
    XP = "xp", "Experience points"
    XP_LEVELS = "xp_levels", "Experience levels"
    LOOT = "loot", "Roll of a reward table"
    OTHER = "other", "Handled by the game (command, stage…)"


class DeliveryState(models.TextChoices):
    PENDING = "pending", "Pending"
    SENDING = "sending", "Sending"
    DELIVERED = "delivered", "Delivered"
    FAILED = "failed", "Failed"
    UNKNOWN = "unknown", "Unknown (reply lost)"
    CANCELLED = "cancelled", "Cancelled (undone)"


# Which deliverer holds a ``sending`` delivery.
class DeliveryChannel(models.TextChoices):
    NONE = "", "—"
    RCON = "rcon", "RCON"
    API = "api", "Game API"


# Undo may take these back: nothing of them reached the game.
TAKE_BACK_STATES = (DeliveryState.PENDING, DeliveryState.FAILED)
FINAL_STATES = (DeliveryState.DELIVERED, DeliveryState.CANCELLED)


def purchase_reason(purchase_id: int) -> str:
    return f"purchase:{purchase_id}"


def quest_claim_reason(progress_id: int) -> str:
    return f"quest-claim:{progress_id}"


def _clip(text: str) -> str:
    return text if len(text) <= MAX_DETAIL else text[: MAX_DETAIL - 1] + "…"


class DeliveryQuerySet(models.QuerySet):
    """The only writers of ``state``: each method is one conditional update."""

    def due(self, now: datetime.datetime | None = None) -> DeliveryQuerySet:
        now = now or timezone.now()
        return self.filter(state=DeliveryState.PENDING).filter(
            Q(not_before__isnull=True) | Q(not_before__lte=now)
        )

    def claim(self, pk: int, channel: str, owner: str) -> bool:
        """pending → sending for one deliverer; ``False``: someone else got there first."""
        now = timezone.now()
        return bool(
            self.filter(pk=pk, state=DeliveryState.PENDING).update(
                state=DeliveryState.SENDING,
                channel=channel,
                claimed_by=owner[:100],
                claimed_at=now,
                attempts=F("attempts") + 1,
                updated=now,
            )
        )

    def release(self, pk: int, owner: str, detail: str, not_before: datetime.datetime) -> bool:
        """sending → pending: nothing reached the server; try again after ``not_before``."""
        return self._finish(
            pk, owner, DeliveryState.PENDING, detail, not_before=not_before, channel=""
        )

    def wait(self, pk: int, detail: str, not_before: datetime.datetime) -> bool:
        """A pending delivery stays pending (player offline, server unreachable)."""
        return bool(
            self.filter(pk=pk, state=DeliveryState.PENDING).update(
                detail=_clip(detail), not_before=not_before, updated=timezone.now()
            )
        )

    def note(self, pk: int, detail: str) -> bool:
        """Why a pending delivery waits, for the card and the admin (when it is tried is not
        changed: another deliverer may take it at once)."""
        return bool(
            self.filter(pk=pk, state=DeliveryState.PENDING).update(
                detail=_clip(detail), updated=timezone.now()
            )
        )

    def settle(self, pk: int, owner: str | None, state: str, detail: str, reply: str = "") -> bool:
        """sending → delivered | failed | unknown, only by the deliverer holding it."""
        return self._finish(pk, owner, state, detail, reply=reply)

    def _finish(self, pk: int, owner: str | None, state: str, detail: str, **extra) -> bool:
        qs = self.filter(pk=pk, state=DeliveryState.SENDING)
        if owner is not None:
            qs = qs.filter(claimed_by=owner[:100])
        if "reply" in extra:
            extra["reply"] = _clip(extra["reply"])
        return bool(qs.update(state=state, detail=_clip(detail), updated=timezone.now(), **extra))

    def retry(self, pks: list[int]) -> int:
        """Admin: failed or unknown → pending, to be sent again at once."""
        return self.filter(
            pk__in=pks, state__in=(DeliveryState.FAILED, DeliveryState.UNKNOWN)
        ).update(
            state=DeliveryState.PENDING,
            channel="",
            not_before=None,
            detail="sent again by an admin",
            updated=timezone.now(),
        )

    def resolve(self, pks: list[int], delivered: bool, by: str) -> int:
        """Admin: an unknown (or failed) delivery checked in game is marked what it was."""
        state = DeliveryState.DELIVERED if delivered else DeliveryState.FAILED
        return self.filter(
            pk__in=pks, state__in=(DeliveryState.UNKNOWN, DeliveryState.FAILED)
        ).update(state=state, detail=_clip(f"resolved by {by}"), updated=timezone.now())

    def stale_sending(self, channel: str, older_than: datetime.datetime) -> int:
        """A deliverer that died mid-send leaves ``sending`` rows: nobody knows → unknown."""
        return self.filter(
            state=DeliveryState.SENDING, channel=channel, claimed_at__lt=older_than
        ).update(
            state=DeliveryState.UNKNOWN,
            detail="the deliverer stopped while sending; check in game",
            updated=timezone.now(),
        )

    def take_back(self, reason: str) -> tuple[list[Delivery], list[Delivery]]:
        """Undo: cancel what has not reached the game; return (cancelled, kept).

        Call inside the caller's transaction. Rows are locked first, so a
        deliverer claiming one meanwhile either wins (the row is kept) or
        finds it cancelled.
        """
        rows = list(self.select_for_update().filter(reason=reason))
        cancelled = [d for d in rows if d.state in TAKE_BACK_STATES]
        kept = [d for d in rows if d.state not in (*TAKE_BACK_STATES, DeliveryState.CANCELLED)]
        if cancelled:
            self.filter(pk__in=[d.pk for d in cancelled], state__in=TAKE_BACK_STATES).update(
                state=DeliveryState.CANCELLED, detail="undone", updated=timezone.now()
            )
        return cancelled, kept


class Delivery(models.Model):
    profile = models.ForeignKey(PlayerProfile, on_delete=models.CASCADE, related_name="deliveries")
    kind = models.CharField(max_length=16, choices=DeliveryKind.choices)
    item_id = models.CharField(max_length=200, blank=True)
    label = models.CharField(max_length=300)
    count = models.PositiveIntegerField(default=1)
    # What caused it: "purchase:<id>" or "quest-claim:<progress id>"; undo finds it by this.
    reason = models.CharField(max_length=100, db_index=True)
    state = models.CharField(
        max_length=16, choices=DeliveryState.choices, default=DeliveryState.PENDING
    )
    channel = models.CharField(
        max_length=8, choices=DeliveryChannel.choices, blank=True, default=""
    )
    claimed_by = models.CharField(max_length=100, blank=True)
    claimed_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    # A pending delivery is not tried before this (backoff, offline player).
    not_before = models.DateTimeField(null=True, blank=True)
    # Why it is in its state, for the player's card and the admin.
    detail = models.CharField(max_length=MAX_DETAIL, blank=True)
    # The game server's reply to the last command sent.
    reply = models.CharField(max_length=MAX_DETAIL, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(default=timezone.now)

    objects = DeliveryQuerySet.as_manager()

    class Meta:
        ordering = ["-created"]
        verbose_name_plural = "deliveries"
        indexes = [
            models.Index(
                fields=["state", "id"],
                name="game_delivery_open",
                condition=Q(state__in=["pending", "sending", "failed", "unknown"]),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.profile}: {self.label}"

    @property
    def delivered(self) -> bool:
        return self.state == DeliveryState.DELIVERED


_KEPT_BECAUSE = {
    DeliveryState.DELIVERED: gettext_noop("%(label)s was already delivered in game"),
    DeliveryState.SENDING: gettext_noop("%(label)s is being handed out in game right now"),
    DeliveryState.UNKNOWN: gettext_noop(
        "%(label)s may already be in game (an admin is checking its delivery)"
    ),
}
_CANNOT = gettext_noop("%(label)s cannot be taken back")


def handed_out_message(kept: list[Delivery]) -> str:
    """Why undo could not take these back, for the player."""
    parts = [_(_KEPT_BECAUSE.get(d.state, _CANNOT)) % {"label": d.label} for d in kept]
    return _("%(things)s, so it was not taken back.") % {"things": _("; ").join(parts)}
