"""In-game chat: a message from the game runs as the linked player, the reply fits game chat.

The message goes through the assistant's own submit (the same workflows,
quotas, memory and trace as the chat page); this module is the bridge's only
coupling to the assistant's use cases. Each message is a ``GameChat`` of the
token that sent it: that token, and no other, reads the reply of the run that
answers that message — never a run the player started elsewhere, even when
the message waited behind one or reused a ``client_msg_id`` of the page's.
The reply is plain text: markup and Minecraft's ``§`` formatting codes
removed, sources as short titles, cut to what a chat line can hold.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

from asgiref.sync import sync_to_async
from django.db.models import Q
from django.utils import translation
from django.utils.translation import gettext as _

from agentweb.assistant import account
from agentweb.assistant import actions as assistant
from agentweb.assistant.models import (
    FINISHED_STATUSES,
    ActionStatus,
    InboxOrigin,
    InboxStatus,
    Run,
)
from agentweb.core import languages
from agentweb.gameserver.errors import GameApiError
from agentweb.gameserver.inputs import ChatBody
from agentweb.gameserver.linking import linked
from agentweb.gameserver.models import AccountLink, GameChat, GameServerToken

# Minecraft shows long messages wrapped over several lines; more than this floods the chat.
MAX_REPLY_CHARS = 400
MAX_SOURCE_TITLE = 40
MAX_SOURCES = 3
POLL_S = 0.25
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_MARKUP = re.compile(r"(\*\*|__|`+|^#{1,6}\s*|^\s*[-*]\s+)", re.MULTILINE)
_CITATION = re.compile(r"\s?\[(\d+)\]")
# Minecraft's formatting codes: § and the character after it (a colour, bold, reset…).
_FORMATTING = re.compile(r"§.?", re.DOTALL)
# What the player reads when the message joined the run it waited for (the page's answer).
JOINED = "Your message was answered together with your question on the chat page."
DROPPED = "Your message was not answered; ask again."


def clip(text: str, limit: int) -> str:
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    return text[: limit - 1].rsplit(" ", 1)[0] + "…"


def plain(text: str) -> str:
    """Text the game shows as it is: no formatting codes a model (or a page) wrote."""
    return _FORMATTING.sub("", text)


def game_text(answer: str, sources: list[dict[str, Any]]) -> str:
    """Plain text for game chat: no markup, citations kept as [n], titles listed briefly."""
    text = _MARKUP.sub("", _LINK.sub(r"\1", plain(answer or "")))
    titles = [
        f"[{s.get('n', i + 1)}] "
        + clip(plain(str(s.get("title") or s.get("url") or "")), MAX_SOURCE_TITLE)
        for i, s in enumerate(sources[:MAX_SOURCES])
    ]
    tail = (" — " + "; ".join(titles)) if titles else ""
    room = MAX_REPLY_CHARS - len(tail)
    if not titles:
        text = _CITATION.sub("", text)
    return clip(text, max(room, MAX_REPLY_CHARS // 2)) + tail


async def start(token: GameServerToken, body: ChatBody) -> dict[str, Any]:
    """``POST /api/game/chat``: submit as the linked player; the message's own chat."""
    link = await sync_to_async(linked)(body.uuid)
    try:
        started = await assistant.asubmit(
            link.profile.user,
            body.text,
            body.allow_web,
            body.client_msg_id,
            body.options,
            origin=InboxOrigin.GAME,
        )
    except assistant.ServiceError as exc:
        raise GameApiError(exc.code, exc.message, exc.status) from None
    chat = await sync_to_async(_remember)(started, link, token, body.client_msg_id)
    return {"chat_id": chat.pk, "run_id": chat.run_id, "queued": chat.run_id is None}


def _remember(
    started: assistant.Started, link: AccountLink, token: GameServerToken, client_msg_id: str
) -> GameChat:
    if started.duplicate:
        return _resent(link, token, client_msg_id)
    if started.queued:
        return GameChat.objects.create(entry_id=started.entry_id, link=link, token=token)
    return GameChat.objects.create(run_id=started.run_id, link=link, token=token)


def _resent(link: AccountLink, token: GameServerToken, client_msg_id: str) -> GameChat:
    """The chat this token started with the same ``client_msg_id``; the page's message (or
    another server's) with that id is refused, never read."""
    user = link.profile.user
    earlier = GameChat.objects.filter(
        Q(run__user=user, run__client_msg_id=client_msg_id)
        | Q(entry__user=user, entry__client_msg_id=client_msg_id),
        token=token,
    ).first()
    if earlier is None:
        raise GameApiError(
            "client_msg_id_used",
            "This client_msg_id names another message of this player; use a new one.",
            409,
        )
    return earlier


def _reply_now(token: GameServerToken, chat_id: int) -> dict[str, Any]:
    chat = GameChat.objects.select_related("link", "entry").filter(pk=chat_id, token=token).first()
    if chat is None:
        raise GameApiError("unknown_chat", f"This game server sent no chat {chat_id}.", 404)
    body: dict[str, Any] = {"chat_id": chat.pk, "uuid": str(chat.link.uuid), "reply": None}
    run_id = chat.run_id or _run_of_entry(chat)
    if run_id is None:
        return {**body, **_waiting(chat)}
    run = Run.objects.get(pk=run_id)
    done = run.status in FINISHED_STATUSES
    body.update({"run_id": run.pk, "status": run.status, "done": done})
    if done:
        text = run.answer or (run.stop_reason or {}).get("message", "")
        body["reply"] = game_text(text, run.sources or [])
        body["quota"] = quota = account.quota(run.user_id)
        with translation.override(languages.of_text(run.question, run.language)):
            body["quota_text"] = quota_text(quota)
    else:
        waiting = (
            run.actions.filter(status=ActionStatus.PENDING).values_list("text", flat=True).first()
        )
        if waiting:
            body["pending_action"] = clip(
                f"Confirm on the chat page: {plain(waiting)}", MAX_REPLY_CHARS
            )
    return body


def quota_text(quota: dict[str, Any]) -> str:
    """One line for game chat: the player's assistant calls left today."""
    left = max(0, quota["model_calls_limit"] - quota["model_calls_used"])
    return _("Assistant calls left today: %(left)d of %(limit)d (reset at midnight UTC).") % {
        "left": left,
        "limit": quota["model_calls_limit"],
    }


def _run_of_entry(chat: GameChat) -> int | None:
    """The run a queued message started as (remembered once it has)."""
    run_id = chat.entry.started_run_id if chat.entry is not None else None
    if run_id is not None:
        GameChat.objects.filter(pk=chat.pk, run__isnull=True).update(run_id=run_id)
    return run_id


def _waiting(chat: GameChat) -> dict[str, Any]:
    """A message that has no run of its own (yet): queued, joined the page's run, dropped."""
    status = chat.entry.status if chat.entry is not None else InboxStatus.DROPPED
    if status == InboxStatus.QUEUED:
        return {"run_id": None, "status": "queued", "done": False}
    text = JOINED if status == InboxStatus.CLAIMED else DROPPED
    return {"run_id": None, "status": status, "done": True, "reply": text}


async def reply(token: GameServerToken, chat_id: int, wait: float) -> dict[str, Any]:
    """The chat's reply as game text; with ``wait``, long-poll until it is done."""
    loop = asyncio.get_running_loop()
    give_up = loop.time() + wait
    while True:
        body = await sync_to_async(_reply_now)(token, chat_id)
        if body["done"] or loop.time() >= give_up:
            return body
        await asyncio.sleep(POLL_S)
