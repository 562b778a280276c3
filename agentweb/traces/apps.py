from django.apps import AppConfig


class TracesConfig(AppConfig):
    name = "agentweb.traces"
    label = "traces"
    verbose_name = "Traces"
    default_auto_field = "django.db.models.BigAutoField"
