from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "agentweb.core"
    label = "core"
    verbose_name = "agentweb"

    def ready(self) -> None:
        from django.core.signals import request_finished
        from django.db.backends.signals import connection_created
        from django.db.models.signals import post_delete, post_save
        from django.urls import register_converter

        from agentweb.core.models import Module, PlayerModule
        from agentweb.core.modules import clear_module_cache
        from agentweb.core.postgres_text import install
        from agentweb.core.request_connections import close_request_connections
        from agentweb.core.system_commands import register_system_commands
        from agentweb.lib.inputs.converters import IdConverter

        register_system_commands()
        # <id:…> in every URL of ours: an id that fits a database integer (a 404 otherwise).
        register_converter(IdConverter, "id")
        connection_created.connect(install, dispatch_uid="postgres-text")
        request_finished.connect(close_request_connections, dispatch_uid="request-connections")
        for model in (Module, PlayerModule):
            post_save.connect(clear_module_cache, sender=model, dispatch_uid=f"modules-{model}")
            post_delete.connect(clear_module_cache, sender=model, dispatch_uid=f"modules-d-{model}")
