from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "agentweb.core"
    label = "core"
    verbose_name = "agentweb"

    def ready(self) -> None:
        from agentweb.core.system_commands import register_system_commands

        register_system_commands()
