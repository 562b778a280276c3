from typing import Any

from django.apps import AppConfig


class GameServerConfig(AppConfig):
    name = "agentweb.gameserver"
    label = "gameserver"
    verbose_name = "Game server"

    def ready(self) -> None:
        from django.db.models.signals import post_delete, post_save

        from agentweb.gameserver.models import GameServerToken

        post_save.connect(_token_saved, sender=GameServerToken, dispatch_uid="token-revoked")
        post_delete.connect(_token_deleted, sender=GameServerToken, dispatch_uid="token-deleted")


def _token_saved(sender: Any, instance: Any, **kwargs: Any) -> None:
    """A revoked token can no longer report: what it holds is unknown from now on."""
    if instance.revoked:
        from agentweb.gameserver.feed import release_revoked

        release_revoked(instance.pk)


def _token_deleted(sender: Any, instance: Any, **kwargs: Any) -> None:
    from agentweb.gameserver.feed import release_revoked

    release_revoked(instance.pk)
