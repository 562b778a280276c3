"""The settings of the test process: the project's own, with a key for tests only.

DEBUG is off as in production, so the process needs a secret key; server
processes that tests start inherit it from the environment.
"""

import os

os.environ.setdefault(
    "AGENTWEB_SECRET_KEY", "tests-only-secret-key-0123456789abcdefghijklmnopqrstuvwxyz"
)

from agentweb.settings import *  # noqa: F403
