from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "agentweb.core"
    label = "core"
    verbose_name = "agentweb"
