"""In-game chat: a message from the game runs as the linked player, the reply fits game chat.

The message goes through the assistant's own submit (the same workflows,
quotas, memory and trace as the chat page); this module is the bridge's only
coupling to the assistant package. The reply is plain text: markup removed,
sources as short titles, cut to what a chat line can hold.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

from asgiref.sync import sync_to_async
from django.utils import translation
from django.utils.translation import gettext as _

from agentweb.assistant import account
from agentweb.assistant import actions as assistant
from agentweb.assistant.models import FINISHED_STATUSES, ActionStatus
from agentweb.core import languages
from agentweb.gameserver.errors import GameApiError
from agentweb.gameserver.linking import linked, parse_uuid
from agentweb.gameserver.models import AccountLink, GameChat, GameServerToken

# Minecraft shows long messages wrapped over several lines; more than this floods the chat.
MAX_REPLY_CHARS = 400
MAX_SOURCE_TITLE = 40
MAX_SOURCES = 3
MAX_WAIT_S = 30
POLL_S = 0.25
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_MARKUP = re.compile(r"(\*\*|__|`+|^#{1,6}\s*|^\s*[-*]\s+)", re.MULTILINE)
_CITATION = re.compile(r"\s?\[(\d+)\]")


def clip(text: str, limit: int) -> str:
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    return text[: limit - 1].rsplit(" ", 1)[0] + "…"


def game_text(answer: str, sources: list[dict[str, Any]]) -> str:
    """Plain text for game chat: no markup, citations kept as [n], titles listed briefly."""
    text = _MARKUP.sub("", _LINK.sub(r"\1", answer or ""))
    titles = [
        f"[{s.get('n', i + 1)}] {clip(str(s.get('title') or s.get('url') or ''), MAX_SOURCE_TITLE)}"
        for i, s in enumerate(sources[:MAX_SOURCES])
    ]
    tail = (" — " + "; ".join(titles)) if titles else ""
    room = MAX_REPLY_CHARS - len(tail)
    if not titles:
        text = _CITATION.sub("", text)
    return clip(text, max(room, MAX_REPLY_CHARS // 2)) + tail


def quota_text(quota: dict[str, Any]) -> str:
    """One line for game chat: the player's assistant calls left today."""
    left = max(0, quota["model_calls_limit"] - quota["model_calls_used"])
    return _("Assistant calls left today: %(left)d of %(limit)d (reset at midnight UTC).") % {
        "left": left,
        "limit": quota["model_calls_limit"],
    }


def parse_wait(raw: Any) -> float:
    if raw in (None, ""):
        return 0.0
    if isinstance(raw, bool) or not isinstance(raw, int | str):
        raise GameApiError("bad_field", f"wait must be a whole number of seconds (0–{MAX_WAIT_S}).")
    text = str(raw)
    if not text.isdigit() or int(text) > MAX_WAIT_S:
        raise GameApiError("bad_field", f"wait must be a whole number of seconds (0–{MAX_WAIT_S}).")
    return float(text)


async def start(token: GameServerToken, data: dict[str, Any]) -> tuple[dict[str, Any], float]:
    """``POST /api/game/chat``: submit as the linked player; returns the first answer body."""
    mc_uuid = parse_uuid(data.get("uuid"))
    allow_web = data.get("allow_web", False)
    client_msg_id = data.get("client_msg_id", "")
    if not isinstance(allow_web, bool):
        raise GameApiError("bad_field", "allow_web must be true or false.")
    if not isinstance(client_msg_id, str) or not re.fullmatch(
        r"[A-Za-z0-9_.:-]{0,64}", client_msg_id
    ):
        raise GameApiError("bad_field", "client_msg_id must be up to 64 of A–Z a–z 0–9 _ . : -")
    wait = parse_wait(data.get("wait"))
    link = await sync_to_async(linked)(mc_uuid)
    try:
        started = await assistant.asubmit(
            link.profile.user, data.get("text"), allow_web, client_msg_id
        )
    except assistant.ServiceError as exc:
        raise GameApiError(exc.code, exc.message, exc.status) from None
    await sync_to_async(_remember)(started.run_id, link, token)
    return {"run_id": started.run_id, "queued": started.queued}, wait


def _remember(run_id: int, link: AccountLink, token: GameServerToken) -> None:
    GameChat.objects.get_or_create(run_id=run_id, defaults={"link": link, "token": token})


def _reply_now(run_id: int) -> dict[str, Any]:
    chat = GameChat.objects.select_related("link__profile__user").filter(run_id=run_id).first()
    if chat is None:
        raise GameApiError("unknown_chat", f"No game chat started run {run_id}.", 404)
    run = assistant.owned_run(chat.link.profile.user, run_id)
    summary = assistant.run_summary(run)
    done = summary["status"] in FINISHED_STATUSES
    body: dict[str, Any] = {
        "run_id": run_id,
        "uuid": str(chat.link.uuid),
        "status": summary["status"],
        "done": done,
        "reply": None,
    }
    if done:
        text = summary["answer"] or (summary["stop_reason"] or {}).get("message", "")
        body["reply"] = game_text(text, summary["sources"] or [])
        body["quota"] = quota = account.quota(chat.link.profile.user)
        with translation.override(languages.of_text(run.question)):
            body["quota_text"] = quota_text(quota)
    else:
        waiting = (
            run.actions.filter(status=ActionStatus.PENDING).values_list("text", flat=True).first()
        )
        if waiting:
            body["pending_action"] = clip(f"Confirm on the chat page: {waiting}", MAX_REPLY_CHARS)
    return body


async def reply(run_id: int, wait: float) -> dict[str, Any]:
    """The run's reply as game text; with ``wait``, long-poll until it is done."""
    loop = asyncio.get_running_loop()
    give_up = loop.time() + wait
    while True:
        body = await sync_to_async(_reply_now)(run_id)
        if body["done"] or loop.time() >= give_up:
            return body
        await asyncio.sleep(POLL_S)
