"""``manage.py check --deploy`` with the production settings of docs/operations.md reports
only the warnings that page explains."""

from __future__ import annotations

import re
from pathlib import Path

from tests.core.startup import ROOT, TEST_KEY, start

PRODUCTION = {
    "AGENTWEB_SECRET_KEY": TEST_KEY,
    "AGENTWEB_ALLOWED_HOSTS": "chat.example.com",
    "AGENTWEB_CSRF_TRUSTED_ORIGINS": "https://chat.example.com",
    "AGENTWEB_SECURE_COOKIES": "1",
    "AGENTWEB_PROXY_SSL_HEADER": "1",
    "AGENTWEB_HSTS_SECONDS": "31536000",
}
CHECK = (
    "from django.core.management import call_command\n"
    "call_command('check', deploy=True, fail_level='CRITICAL')\n"
)


def test_only_the_explained_warnings_remain():
    done = start(PRODUCTION, CHECK)
    found = set(re.findall(r"\(((?:security|[a-z_]+)\.[EW]\d+)\)", done.stderr + done.stdout))
    explained = set(
        re.findall(r"`(security\.W\d+)`", (Path(ROOT) / "docs" / "operations.md").read_text())
    )

    assert done.returncode == 0, done.stderr
    assert found == {"security.W005", "security.W008", "security.W021"}
    assert found <= explained, "docs/operations.md explains every warning left"
