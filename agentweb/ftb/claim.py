"""``ftb.quest.claim``: claim a completed quest's rewards once (a write).

Claiming credits the server's coin bonus to the balance and records a
delivery for every reward (items, XP, reward-table rolls) for the game
server to hand out. The conditional update of ``reward_claimed`` is the
claim: two concurrent claims cannot both succeed. Undo reverses all of it
while nothing has been handed out yet.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _
from pydantic import BaseModel, Field

from agentweb.core.models import Module
from agentweb.engine import ReActTool, ToolCall
from agentweb.ftb.quest_results import RewardInfo
from agentweb.ftb.search import normalize_quest_id
from agentweb.game import queries
from agentweb.game.models import (
    Delivery,
    DeliveryKind,
    PlayerProfile,
    QuestProgress,
    QuestStatus,
    Reward,
)
from agentweb.game.models.deliveries import handed_out_message, quest_claim_reason
from agentweb.game.services.errors import CannotCompensate
from agentweb.game.services.signin import no_profile
from agentweb.game.tools.common import ToolInput, db, requesting_user
from agentweb.game.tools.items import LANGUAGE_FIELD
from agentweb.game.tools.shown import Shown, shown_in

MODULE = "game.ftb"
# Coins for claiming a quest; the admin can change it in the module's config.
DEFAULT_CLAIM_COINS = 25
CLAIM_COINS_KEY = "claim_coins"
XP_TYPES = ("xp", "xp_levels")


class QuestClaimInput(ToolInput):
    quest_id: str = Field(
        min_length=1,
        max_length=16,
        pattern=r"^[0-9A-Fa-f]{1,16}$",
        description="The completed quest's 16-hex-digit id.",
    )
    language: str | None = LANGUAGE_FIELD


class ClaimResult(BaseModel):
    ok: bool
    message: str
    quest_id: str = ""
    title: str = ""
    profile_id: int | None = None
    progress_id: int | None = None
    coins: int = 0
    credited: list[str] = []
    balance: int | None = None
    # How the messages and the card name the quest and its rewards: in the run's language.
    shown: Shown = Field(default_factory=Shown, exclude=True)


def claim_coins() -> int:
    config = Module.objects.filter(slug=MODULE).values_list("config", flat=True).first() or {}
    value = config.get(CLAIM_COINS_KEY, DEFAULT_CLAIM_COINS)
    return value if isinstance(value, int) and value >= 0 else DEFAULT_CLAIM_COINS


def _reason(progress: QuestProgress) -> str:
    return quest_claim_reason(progress.pk)


def _delivery(profile: PlayerProfile, reward: Reward, reason: str) -> Delivery:
    if reward.item_id:
        kind, count = DeliveryKind.ITEM, reward.count
    elif reward.type in XP_TYPES:
        kind = DeliveryKind.XP_LEVELS if reward.type == "xp_levels" else DeliveryKind.XP
        count = reward.xp or 0
    elif reward.table_id is not None:
        kind, count = DeliveryKind.LOOT, 1
    else:
        kind, count = DeliveryKind.OTHER, 1
    return Delivery(
        profile=profile,
        kind=kind,
        item_id=reward.item_id,
        label=reward.label,
        count=max(count, 0),
        reason=reason,
    )


def rewards_shown(language: str | None, title: str, rewards: list[Reward]) -> Shown:
    """How a claim in ``language`` names the quest ``title`` and each reward's label (a
    reward table by its title and how it hands out, as the quest's card says it)."""
    infos = [RewardInfo.of(r, with_entries=False) for r in rewards]
    shown = shown_in(language, [i.label for i in infos], [title, *(i.table for i in infos)])
    said = {i.label: i.said(shown) for i in infos}
    shown.names.update({label: text for label, text in said.items() if text != label})
    return shown


def claim(user: Any, quest_id: str, language: str | None = None) -> ClaimResult:
    """Claim the rewards of a quest the player completed and has not claimed yet; the
    messages name the quest and its rewards in ``language``."""
    profile = queries.player_profile(user)
    if profile is None:
        return ClaimResult(ok=False, message=no_profile())
    qid = normalize_quest_id(quest_id) or quest_id
    detail = queries.quest_detail(qid)
    if detail is None:
        return ClaimResult(
            ok=False, message=_("No quest has the id %(id)s.") % {"id": qid}, quest_id=qid
        )
    quest = detail.quest
    shown = rewards_shown(language, quest.title, list(detail.rewards))
    base = {
        "quest_id": quest.quest_id,
        "title": quest.title,
        "profile_id": profile.pk,
        "shown": shown,
    }
    coins = claim_coins()
    with transaction.atomic():
        claimed = QuestProgress.objects.filter(
            profile=profile, quest=quest, status=QuestStatus.COMPLETED, reward_claimed=False
        ).update(reward_claimed=True)
        if not claimed:
            return ClaimResult(ok=False, message=_why_not(profile, quest, shown), **base)
        progress = QuestProgress.objects.get(profile=profile, quest=quest)
        if coins:
            PlayerProfile.objects.filter(pk=profile.pk).update(balance=F("balance") + coins)
        deliveries = [_delivery(profile, r, _reason(progress)) for r in detail.rewards]
        Delivery.objects.bulk_create(deliveries)
    profile.refresh_from_db(fields=["balance"])
    credited = [d.label for d in deliveries]
    parts = [_("%(coins)d coins") % {"coins": coins}] if coins else []
    parts += shown.all(credited)
    return ClaimResult(
        ok=True,
        message=_("Claimed %(quest)s: %(rewards)s.")
        % {
            "quest": shown.title(quest.title),
            "rewards": _(", ").join(parts) or _("nothing to hand out"),
        },
        progress_id=progress.pk,
        coins=coins,
        credited=credited,
        balance=profile.balance,
        **base,
    )


def _why_not(profile: PlayerProfile, quest: Any, shown: Shown) -> str:
    progress = QuestProgress.objects.filter(profile=profile, quest=quest).first()
    named = {"quest": shown.title(quest.title)}
    if progress is None or progress.status == QuestStatus.NOT_STARTED:
        return _("You have not started %(quest)s yet.") % named
    if progress.status != QuestStatus.COMPLETED:
        return _("%(quest)s is not completed yet.") % named
    return _("You already claimed the rewards of %(quest)s.") % named


def unclaim(result: ClaimResult) -> bool:
    """Undo a claim: un-claim, take the coins back, cancel the pending deliveries;
    ``False`` when there was nothing to undo."""
    if not result.ok or result.progress_id is None:
        return False
    reason = quest_claim_reason(result.progress_id)
    with transaction.atomic():
        _, kept = Delivery.objects.take_back(reason)
        if kept:
            # Raising rolls the cancellations back: a claim is undone whole or not at all.
            raise CannotCompensate(handed_out_message(kept))
        reverted = QuestProgress.objects.filter(pk=result.progress_id, reward_claimed=True).update(
            reward_claimed=False
        )
        if not reverted:
            return False
        if result.coins:
            PlayerProfile.objects.filter(pk=result.profile_id).update(
                balance=F("balance") - result.coins
            )
    return True


async def quest_claim(value: QuestClaimInput, call: ToolCall) -> ClaimResult:
    return await db(claim, requesting_user(call), value.quest_id, value.language)


async def undo_claim(value: QuestClaimInput, out: ClaimResult, call: ToolCall) -> str | None:
    if not await db(unclaim, out):
        return None
    title = (await db(shown_in, value.language, [], [out.title])).title(out.title)
    if out.coins:
        return _(
            "The rewards of %(quest)s are unclaimed again: %(coins)d coins taken back, "
            "nothing more will be delivered."
        ) % {"quest": title, "coins": out.coins}
    return _("The rewards of %(quest)s are unclaimed again: nothing more will be delivered.") % {
        "quest": title
    }


def claim_card(out: ClaimResult) -> dict[str, Any]:
    """The claim, the quest and its rewards named as its messages name them."""
    # The page follows the delivery of the rewards by this reason.
    reason = quest_claim_reason(out.progress_id) if out.ok and out.progress_id else ""
    card = {"kind": "quest_claim", **out.model_dump(mode="json"), "delivery_reason": reason}
    card["title"], card["credited"] = out.shown.title(out.title), out.shown.all(out.credited)
    return card


def _observe(out: ClaimResult) -> dict[str, Any]:
    data: dict[str, Any] = {"ok": out.ok, "message": out.message}
    if out.ok:
        data.update(coins=out.coins, credited=out.credited, balance=out.balance)
    return data


QUEST_CLAIM = ReActTool(
    "ftb.quest.claim",
    "Claim the rewards of a quest the requesting player has completed.",
    QuestClaimInput,
    quest_claim,
    module=MODULE,
    writes=True,
    observe=_observe,
    card=claim_card,
    compensate=undo_claim,
    confirm_text=lambda v: _("Claim the rewards of quest %(id)s?") % {"id": v.quest_id.upper()},
)
