from django.apps import AppConfig


class GameServerConfig(AppConfig):
    name = "agentweb.gameserver"
    label = "gameserver"
    verbose_name = "Game server"
