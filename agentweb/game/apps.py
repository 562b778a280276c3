from django.apps import AppConfig


class GameConfig(AppConfig):
    name = "agentweb.game"
    label = "game"
    verbose_name = "Game world"
    default_auto_field = "django.db.models.BigAutoField"
