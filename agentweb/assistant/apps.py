from django.apps import AppConfig


class AssistantConfig(AppConfig):
    name = "agentweb.assistant"
    label = "assistant"
    verbose_name = "Assistant runs"

    def ready(self) -> None:
        from django.apps import apps
        from django.db.models.signals import post_delete, post_save

        from agentweb.assistant.runs.executor import relay_module_change, relay_settings_change
        from agentweb.assistant.ws import sessions  # noqa: F401  (connects the signals)
        from agentweb.core.models import Module, PlayerModule
        from agentweb.lib import db_lane

        # The one thread for ORM calls from the loop: what a player waits on goes first.
        db_lane.install()

        if apps.is_installed("agentweb.control"):
            from agentweb.control.settings_cache import switches_changed

            switches_changed.connect(relay_settings_change, dispatch_uid="relay-settings")

        for model in (Module, PlayerModule):
            uid = f"relay-modules-{model.__name__}"
            post_save.connect(relay_module_change, sender=model, dispatch_uid=uid)
            post_delete.connect(relay_module_change, sender=model, dispatch_uid=f"{uid}-d")
