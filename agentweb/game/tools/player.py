"""``player.info`` (the requesting player's own profile) and ``player.signin`` (a write)."""

from __future__ import annotations

import datetime
from collections import Counter
from typing import Any, Literal

from django.utils import timezone
from django.utils.translation import gettext as _
from pydantic import BaseModel, Field

from agentweb.engine import ReActTool, Source, ToolCall
from agentweb.game import queries
from agentweb.game.services.errors import CannotCompensate
from agentweb.game.services.signin import SignInResult, no_profile, sign_in, undo_sign_in
from agentweb.game.tools.common import Limit, ToolInput, db, requesting_user
from agentweb.game.tools.shown import Shown, shown_in

MODULE = "game.player"


class PlayerInfoInput(ToolInput):
    """No player name: the tool only ever shows the requesting player's own profile."""

    quests: Literal["none", "all", "completed", "in_progress", "not_started"] = Field(
        "all", description="Which of the player's quests to list."
    )
    limit: Limit = 10
    language: str | None = Field(
        None,
        max_length=16,
        description="The player's language (game code like 'zh_cn', or 'zh-hans'): the card "
        "names quests in it. Left out, the run's language.",
    )


class QuestLine(BaseModel):
    quest_id: str
    title: str
    chapter: str
    status: str
    reward_claimed: bool


class PlayerInfo(BaseModel):
    found: bool
    message: str = ""
    minecraft_name: str = ""
    level: int = 0
    balance: int = 0
    signin_streak: int = 0
    last_signin: datetime.date | None = None
    signed_in_today: bool = False
    # In game now, as the game server last said (None: no server has said).
    online: bool | None = None
    quest_counts: dict[str, int] = {}
    quests: list[QuestLine] = []
    # How the card titles the quests (the book's translations, as answers do).
    shown: Shown = Field(default_factory=Shown, exclude=True)


def load_player_info(
    user: Any, quests: str = "all", limit: int = 10, language: str | None = None
) -> PlayerInfo:
    profile = queries.player_profile(user)
    if profile is None:
        return PlayerInfo(found=False, message=no_profile())
    progress = queries.quest_progress(profile)
    counts = Counter(p.status for p in progress)
    shown = (
        [p for p in progress if quests == "all" or p.status == quests] if quests != "none" else []
    )
    info = PlayerInfo(
        found=True,
        minecraft_name=profile.minecraft_name,
        level=profile.level,
        balance=profile.balance,
        signin_streak=profile.signin_streak,
        last_signin=profile.last_signin,
        signed_in_today=profile.last_signin == timezone.localdate(),
        online=profile.online,
        quest_counts=dict(counts),
        quests=[
            QuestLine(
                quest_id=p.quest.quest_id,
                title=p.quest.title,
                chapter=p.quest.chapter.title,
                status=p.status,
                reward_claimed=p.reward_claimed,
            )
            for p in shown[:limit]
        ],
    )
    info.shown = shown_in(language, [], [t for q in info.quests for t in (q.title, q.chapter)])
    return info


async def player_info(value: PlayerInfoInput, call: ToolCall) -> PlayerInfo:
    user = requesting_user(call)
    return await db(load_player_info, user, value.quests, value.limit, value.language)


def _observe_info(out: PlayerInfo) -> dict[str, Any]:
    if not out.found:
        return {"found": False, "message": out.message}
    data: dict[str, Any] = {
        "player": out.minecraft_name,
        "level": out.level,
        "balance": out.balance,
        "signin_streak": out.signin_streak,
        "last_signin": out.last_signin.isoformat() if out.last_signin else None,
        "signed_in_today": out.signed_in_today,
        "quest_counts": out.quest_counts,
    }
    if out.online is not None:
        data["online"] = out.online
    if out.quests:
        data["quests"] = [
            {"title": q.title, "status": q.status, "reward_claimed": q.reward_claimed}
            for q in out.quests
        ]
    return data


def player_card(out: PlayerInfo) -> dict[str, Any] | None:
    if not out.found:
        return None
    card = {"kind": "player", "title": out.minecraft_name, **out.model_dump(mode="json")}
    for quest in card["quests"]:
        for key in ("title", "chapter"):
            quest[key] = out.shown.title(quest[key])
    return card


def _info_sources(value: PlayerInfoInput, out: PlayerInfo) -> list[Source]:
    if not out.found:
        return []
    return [Source(f"Player: {out.minecraft_name}", kind="player", snippet="your profile")]


PLAYER_INFO = ReActTool(
    "player.info",
    "The requesting player's own profile.",
    PlayerInfoInput,
    player_info,
    module=MODULE,
    observe=_observe_info,
    card=player_card,
    sources=_info_sources,
).for_reasoning(
    "The requesting player's own profile: Minecraft name, level, coin balance, sign-in "
    "streak and quest progress. It cannot show other players."
)


class SignInInput(ToolInput):
    """Nothing to choose: the requesting player signs in for today."""


async def signin(value: SignInInput, call: ToolCall) -> SignInResult:
    return await db(sign_in, requesting_user(call))


async def undo_signin(value: SignInInput, out: SignInResult, call: ToolCall) -> str | None:
    if not out.ok:
        return None
    if not await db(undo_sign_in, out):
        raise CannotCompensate(_("The profile changed after the sign-in; it was not reverted."))
    return _("Took back the %(coins)d coins of the sign-in; your streak is %(streak)d again.") % {
        "coins": out.coins,
        "streak": out.previous_streak,
    }


def signin_card(out: SignInResult) -> dict[str, Any]:
    return {"kind": "signin", "title": _("Daily sign-in"), **out.model_dump(mode="json")}


def _observe_signin(out: SignInResult) -> dict[str, Any]:
    keys = ("ok", "message", "coins", "streak", "balance", "already_signed_in")
    return {key: getattr(out, key) for key in keys}


PLAYER_SIGNIN = ReActTool(
    "player.signin",
    "Daily sign-in for the requesting player: coins once per day, more for a streak.",
    SignInInput,
    signin,
    module=MODULE,
    writes=True,
    observe=_observe_signin,
    card=signin_card,
    compensate=undo_signin,
    confirm_text=lambda value: _("Sign in for today's coins?"),
)
