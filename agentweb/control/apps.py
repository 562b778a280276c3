from django.apps import AppConfig


class ControlConfig(AppConfig):
    name = "agentweb.control"
    label = "control"
    verbose_name = "Assistant control"

    def ready(self) -> None:
        from agentweb.control import signals  # noqa: F401  (connects the version bumps)
