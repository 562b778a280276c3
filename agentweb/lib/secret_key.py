"""The secret key: from the environment, or generated once and kept under ``var/``.

With DEBUG off the server refuses to start with no key, with the fixed
development key, or with a weak one (sessions, CSRF tokens and password-reset
links are signed with it): shorter than 50 characters, fewer than 5 different
characters, or Django's ``django-insecure-`` placeholder — the same test as
``manage.py check --deploy``'s ``security.W009``, made an error. ``make run``
and ``make run-scaled`` create ``var/secret_key`` on first start (``python -m
agentweb.lib.secret_key``), so a laptop needs nothing; a deployment sets
``AGENTWEB_SECRET_KEY`` (the same on every host) or creates the file itself.
"""

from __future__ import annotations

import os
import secrets
import sys
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

ROOT = Path(__file__).resolve().parents[2]
KEY_FILE = ROOT / "var" / "secret_key"
# Accepted with DEBUG on only: the key every checkout knows.
DEVELOPMENT_KEY = "agentweb-insecure-development-key-change-me"
# A generated key's length in bytes of randomness (Django asks for 50+ characters).
KEY_BYTES = 48
# What Django's deployment check calls a strong key.
MIN_LENGTH = 50
MIN_DIFFERENT = 5


def key_file_path() -> Path:
    """Where the generated key is kept: ``AGENTWEB_SECRET_KEY_FILE``, else ``var/secret_key``."""
    return Path(os.environ.get("AGENTWEB_SECRET_KEY_FILE", "").strip() or KEY_FILE)


def weakness(key: str) -> str | None:
    """Why ``key`` is too weak to sign with in production, or ``None``."""
    if key == DEVELOPMENT_KEY:
        return "is the published development key"
    if key.startswith("django-insecure-"):
        return "is Django's insecure placeholder"
    if len(key) < MIN_LENGTH:
        return f"is {len(key)} characters long (at least {MIN_LENGTH})"
    if len(set(key)) < MIN_DIFFERENT:
        return f"has fewer than {MIN_DIFFERENT} different characters"
    return None


def _strong(key: str, where: str, debug: bool) -> str:
    problem = None if debug else weakness(key)
    if problem:
        raise ImproperlyConfigured(
            f"{where} {problem}; with DEBUG off use a random key "
            "(python -c 'import secrets; print(secrets.token_urlsafe(48))')"
        )
    return key


def secret_key(configured: str | None, key_file: Path = KEY_FILE, *, debug: bool) -> str:
    """``AGENTWEB_SECRET_KEY``, else the kept key file; a weak one (the development key
    included) only with DEBUG."""
    if configured:
        return _strong(configured, "AGENTWEB_SECRET_KEY", debug)
    if key_file.is_file():
        kept = key_file.read_text(encoding="utf-8").strip()
        if kept:
            return _strong(kept, f"The key in {key_file}", debug)
        raise ImproperlyConfigured(f"{key_file} is empty: delete it or write a key into it")
    if debug:
        return DEVELOPMENT_KEY
    raise ImproperlyConfigured(
        f"No secret key: set AGENTWEB_SECRET_KEY, or create {key_file} with "
        "`python -m agentweb.lib.secret_key` (make run does this), or set AGENTWEB_DEBUG=1 "
        "for local development"
    )


def ensure_key_file(key_file: Path = KEY_FILE) -> bool:
    """Create ``key_file`` with a new random key (owner-only) unless it exists; True if created."""
    if key_file.exists():
        return False
    key_file.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(secrets.token_urlsafe(KEY_BYTES) + "\n")
    return True


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else key_file_path()
    if ensure_key_file(target):
        print(f"created a secret key in {target}")
