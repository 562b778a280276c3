from django.apps import AppConfig


class FtbConfig(AppConfig):
    name = "agentweb.ftb"
    label = "ftb"
    verbose_name = "FTB Quests tools"

    def ready(self) -> None:
        # The only place this app's code is imported from (R-TOOL-3).
        from agentweb.core.tooling import register_all
        from agentweb.ftb.commands import register_commands
        from agentweb.ftb.tools import TOOLS

        register_all(TOOLS)
        register_commands()
