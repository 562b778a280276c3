"""The RCON deliverer: hand pending deliveries out through the server console.

One pass: connect and log in, ask ``list`` who is online (a read-only probe
— if the connection fails here nothing was sent and the pass is retried with
backoff), then per due delivery of an online, linked player: claim it with a
conditional update (pending → sending; another deliverer that got there
first wins), send its command and read the outcome from the reply. A reply
that never comes makes the delivery ``unknown`` — never resent on its own.
Several deliverers (threads, processes, machines) may run at once.
"""

from __future__ import annotations

import datetime
import logging
import socket
import threading
import time
from dataclasses import dataclass, field

from django.db import close_old_connections
from django.utils import timezone

from agentweb.game.models import Delivery, DeliveryState, PlayerProfile
from agentweb.game.models.deliveries import DeliveryChannel
from agentweb.gameserver.commands import CommandBook, Outcome, command_book, online_names
from agentweb.gameserver.console import Console, ConsoleAddress, ConsoleError, ReplyLost
from agentweb.gameserver.feed import expire_silent_claims
from agentweb.gameserver.models import AccountLink, DelivererStatus

logger = logging.getLogger("agentweb.gameserver")

# Deliveries handed out per pass; the rest wait for the next one.
BATCH = 50
# An offline player's deliveries are looked at again after this.
OFFLINE_RECHECK_S = 15.0
# A delivery RCON cannot hand out (no template, no loot table) is looked at again after this.
NOT_FOR_RCON_S = 3600.0
# A "sending" row older than this belongs to a deliverer that died mid-command.
STALE_SENDING_S = 120.0
# Between passes when idle, and the backoff after a connection error (doubling up to the max).
IDLE_S = 1.0
BACKOFF_S = 1.0
MAX_BACKOFF_S = 60.0
# Even with nothing to deliver, the console is checked this often (the admin sees its health).
HEALTH_CHECK_S = 60.0
ONLINE_PROBE = "list"
WAITING_ONLINE = "waiting until the player is online"
NOT_FOR_RCON = "RCON cannot hand this out (no command for it); waiting for the game-server plugin"


@dataclass
class PassResult:
    delivered: int = 0
    failed: int = 0
    unknown: int = 0
    waiting: int = 0
    error: str = ""
    claimed: list[int] = field(default_factory=list)


def default_name() -> str:
    """The host: a restarted deliverer keeps its status row (name several on one host)."""
    return socket.gethostname()


class Deliverer:
    def __init__(self, address: ConsoleAddress, name: str | None = None) -> None:
        self.address = address
        self.name = name or default_name()
        self.failures = 0
        self._checked_at: datetime.datetime | None = None
        # Deliveries this deliverer cannot build a command for, and when to look again. Kept
        # here, not on the row: a plugin may hand them out meanwhile.
        self._not_mine: dict[int, float] = {}

    # --- one pass ---------------------------------------------------------------

    def run_once(self) -> PassResult:
        now = timezone.now()
        Delivery.objects.stale_sending(
            DeliveryChannel.RCON, now - datetime.timedelta(seconds=STALE_SENDING_S)
        )
        expire_silent_claims(now)
        book = command_book()
        due = self._due(book)
        if not due and not self._health_check_due(now):
            return PassResult()
        result = PassResult()
        try:
            with Console(self.address) as console:
                online = online_names(console.probe(ONLINE_PROBE))
                self._record(ok=True, message="connected")  # seen even if the pass breaks below
                for delivery in due:
                    if not self._deliver(console, book, delivery, online, result):
                        break
        except ConsoleError as exc:
            result.error = str(exc)
        if result.error:
            self.failures += 1
            self._record(ok=False, message=result.error, delivered=result.delivered)
            logger.warning("deliverer %s: %s", self.name, result.error)
        else:
            self.failures = 0
            self._record(ok=True, message=self._summary(result), delivered=result.delivered)
        return result

    def _due(self, book: CommandBook) -> list[Delivery]:
        kinds = [k for k, template in book.commands.items() if template]
        clock = time.monotonic()
        self._not_mine = {pk: at for pk, at in self._not_mine.items() if at > clock}
        due = (
            Delivery.objects.due()
            .filter(kind__in=kinds, profile__minecraft_link__isnull=False)
            .exclude(pk__in=list(self._not_mine))
            .select_related("profile__minecraft_link")
            .order_by("id")[:BATCH]
        )
        rows = []
        for delivery in due:
            if book.command_for(delivery, delivery.profile.minecraft_name) is None:
                # Left for a plugin, which sees it at once (the row's not_before is untouched).
                self._not_mine[delivery.pk] = clock + NOT_FOR_RCON_S
                Delivery.objects.note(delivery.pk, NOT_FOR_RCON)
            else:
                rows.append(delivery)
        return rows

    def _deliver(
        self,
        console: Console,
        book: CommandBook,
        delivery: Delivery,
        online: set[str] | None,
        result: PassResult,
    ) -> bool:
        """Hand out one delivery; ``False`` when the connection is gone."""
        profile = delivery.profile
        name = profile.minecraft_name
        is_online = (name.lower() in online) if online is not None else profile.online
        self._note_online(profile, is_online)
        if is_online is False:
            self._wait_offline(delivery, result)
            return True
        if not Delivery.objects.claim(delivery.pk, DeliveryChannel.RCON, self.name):
            return True
        result.claimed.append(delivery.pk)
        command = book.command_for(delivery, name) or ""
        try:
            reply = console.run(command)
        except ReplyLost as exc:
            detail = f"{exc} after `{command}`; check in game, then retry or resolve"
            Delivery.objects.settle(delivery.pk, self.name, DeliveryState.UNKNOWN, detail)
            result.unknown += 1
            result.error = str(exc)
            return False
        outcome = book.outcome(reply)
        if outcome is Outcome.OFFLINE:
            later = timezone.now() + datetime.timedelta(seconds=OFFLINE_RECHECK_S)
            Delivery.objects.release(delivery.pk, self.name, WAITING_ONLINE, later)
            self._note_online(profile, False)
            result.waiting += 1
        elif outcome is Outcome.DELIVERED:
            Delivery.objects.settle(
                delivery.pk, self.name, DeliveryState.DELIVERED, "delivered in game", reply
            )
            result.delivered += 1
        elif outcome is Outcome.FAILED:
            Delivery.objects.settle(delivery.pk, self.name, DeliveryState.FAILED, reply, reply)
            result.failed += 1
        else:
            detail = f"unrecognised reply to `{command}`; check in game, then retry or resolve"
            Delivery.objects.settle(delivery.pk, self.name, DeliveryState.UNKNOWN, detail, reply)
            result.unknown += 1
        return True

    def _wait_offline(self, delivery: Delivery, result: PassResult) -> None:
        later = timezone.now() + datetime.timedelta(seconds=OFFLINE_RECHECK_S)
        Delivery.objects.wait(delivery.pk, WAITING_ONLINE, later)
        result.waiting += 1

    @staticmethod
    def _note_online(profile: PlayerProfile, online: bool | None) -> None:
        if online is None or online == profile.online:
            return
        PlayerProfile.objects.filter(pk=profile.pk).update(online=online)
        if online:
            AccountLink.objects.filter(profile=profile).update(seen_at=timezone.now())
        profile.online = online

    def _health_check_due(self, now: datetime.datetime) -> bool:
        if self._checked_at is None or (now - self._checked_at).total_seconds() >= HEALTH_CHECK_S:
            self._checked_at = now
            return True
        return False

    def _record(self, *, ok: bool, message: str, delivered: int = 0) -> None:
        status, _ = DelivererStatus.objects.get_or_create(
            name=self.name, defaults={"target": self.address.target}
        )
        status.target, status.ok, status.message = self.address.target, ok, message[:500]
        status.checked_at = timezone.now()
        status.delivered += delivered
        status.save()

    @staticmethod
    def _summary(result: PassResult) -> str:
        return (
            f"connected; last pass: {result.delivered} delivered, {result.failed} failed, "
            f"{result.unknown} unknown, {result.waiting} waiting for their player"
        )

    # --- the loop -----------------------------------------------------------------

    def backoff_s(self) -> float:
        if not self.failures:
            return IDLE_S
        return min(BACKOFF_S * 2 ** (self.failures - 1), MAX_BACKOFF_S)

    def run_forever(self, stop: threading.Event) -> None:
        """Passes until ``stop`` is set; every error is recorded, none ends the loop."""
        while not stop.is_set():
            close_old_connections()
            try:
                self.run_once()
            except Exception:
                self.failures += 1
                logger.exception("deliverer %s: pass failed", self.name)
            stop.wait(self.backoff_s())
        close_old_connections()
