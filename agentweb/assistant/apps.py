from django.apps import AppConfig


class AssistantConfig(AppConfig):
    name = "agentweb.assistant"
    label = "assistant"
    verbose_name = "Assistant runs"

    def ready(self) -> None:
        from agentweb.assistant.ws import sessions  # noqa: F401  (connects the signals)
