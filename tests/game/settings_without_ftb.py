"""The project's settings without the optional FTB app (see test_ftb_is_optional)."""

from agentweb.settings import *  # noqa: F403

INSTALLED_APPS = [app for app in INSTALLED_APPS if app != "agentweb.ftb"]  # noqa: F405
