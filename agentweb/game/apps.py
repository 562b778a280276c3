from django.apps import AppConfig


class GameConfig(AppConfig):
    name = "agentweb.game"
    label = "game"
    verbose_name = "Game world"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The game's tools and commands join the project registries here, and only here.
        from agentweb.core.tooling import register_all
        from agentweb.game import versions
        from agentweb.game.commands import register_commands
        from agentweb.game.search import signals
        from agentweb.game.tools import TOOLS

        register_all(TOOLS)
        register_commands()
        signals.connect()
        versions.connect()
