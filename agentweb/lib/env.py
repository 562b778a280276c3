"""Typed readers for settings that come from the environment.

Every reader returns the default when the variable is unset or empty and
raises ``ImproperlyConfigured`` naming the variable when the value is present
but malformed: a typo in a deployment must stop the server, not be ignored.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

from agentweb.lib.inputs.integers import MAX_INT, BadInteger, parse_int

_TRUE = frozenset({"1", "true", "yes", "on"})
_FALSE = frozenset({"0", "false", "no", "off"})


def _raw(name: str) -> str | None:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return None
    return value.strip()


def env_str(name: str, default: str | None = None) -> str | None:
    value = _raw(name)
    return default if value is None else value


def env_bool(name: str, default: bool) -> bool:
    value = _raw(name)
    if value is None:
        return default
    lowered = value.lower()
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={value!r} is not a boolean (use 1/0, true/false, yes/no)")


def env_int(name: str, default: int, *, minimum: int | None = None) -> int:
    value = _raw(name)
    if value is None:
        return default
    try:
        number = parse_int(value, name=name, minimum=-MAX_INT)
    except BadInteger:
        raise ImproperlyConfigured(f"{name}={value!r} is not an integer") from None
    if minimum is not None and number < minimum:
        raise ImproperlyConfigured(f"{name}={number} must be at least {minimum}")
    return number


def env_float(name: str, default: float | None) -> float | None:
    value = _raw(name)
    if value is None:
        return default
    try:
        return float(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={value!r} is not a number") from None


def env_choice(name: str, default: str, choices: Iterable[str]) -> str:
    allowed = tuple(choices)
    value = _raw(name)
    if value is None:
        return default
    if value not in allowed:
        raise ImproperlyConfigured(f"{name}={value!r} must be one of {', '.join(allowed)}")
    return value


def env_list(name: str, default: list[str]) -> list[str]:
    value = _raw(name)
    if value is None:
        return list(default)
    return [part.strip() for part in value.split(",") if part.strip()]


def env_path(name: str, default: Path, *, base: Path, kind: str = "file") -> Path:
    """A path from the environment (relative ones against ``base``), which must exist.

    ``kind`` is ``"file"`` or ``"directory"``. The default is returned as it is:
    a deployment that names a path it forgot to create must stop, not run on
    the checkout's copy.
    """
    value = _raw(name)
    if value is None:
        return default
    path = Path(value).expanduser()
    if not path.is_absolute():
        path = base / path
    exists = path.is_dir() if kind == "directory" else path.is_file()
    if not exists:
        raise ImproperlyConfigured(f"{name}={value!r}: there is no {kind} {path}")
    return path


def env_host_ports(name: str) -> list[tuple[str, int]]:
    """Comma-separated ``host:port`` pairs (``[v6]:port`` for IPv6), hosts lowercased."""
    pairs = []
    for entry in env_list(name, []):
        host, sep, port = entry.rpartition(":")
        host = host.strip("[]").lower()
        try:
            number = parse_int(port, name=name, minimum=1, maximum=65535)
        except BadInteger:
            number = 0
        if not sep or not host or not number:
            raise ImproperlyConfigured(f"{name}: {entry!r} is not host:port (port 1 to 65535)")
        pairs.append((host, number))
    return pairs
