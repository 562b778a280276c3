"""Sockets end with the login that opened them.

A socket is authenticated once, at its handshake; afterwards it would outlive
the session. So: logging out closes the sockets opened with that session,
and a user who is deactivated or deleted loses every socket at once — the
consumers listen on their session's and their user's groups for
``session.ended``.
"""

from __future__ import annotations

from typing import Any

from asgiref.sync import async_to_sync
from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_logged_out
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from agentweb.assistant import bus

ENDED = {"type": "session.ended"}


def _end(group: str) -> None:
    async_to_sync(bus.send)(group, ENDED)


@receiver(user_logged_out, dispatch_uid="assistant.sockets.logout")
def _logged_out(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    key = getattr(getattr(request, "session", None), "session_key", None)
    if key:
        _end(bus.session_group(key))


@receiver(post_save, sender=get_user_model(), dispatch_uid="assistant.sockets.deactivated")
def _deactivated(sender: Any, instance: Any, created: bool, **kwargs: Any) -> None:
    if not created and not instance.is_active:
        _end(bus.user_group(instance.pk))


@receiver(post_delete, sender=get_user_model(), dispatch_uid="assistant.sockets.deleted")
def _deleted(sender: Any, instance: Any, **kwargs: Any) -> None:
    _end(bus.user_group(instance.pk))
