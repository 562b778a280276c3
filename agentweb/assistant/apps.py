from django.apps import AppConfig


class AssistantConfig(AppConfig):
    name = "agentweb.assistant"
    label = "assistant"
    verbose_name = "Assistant runs"
