"""The one error type importers raise: it always names the file at fault."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


class ImportFailed(Exception):
    """A data file could not be read; nothing was written."""

    def __init__(self, path: Path | str, message: str) -> None:
        self.path = str(path)
        self.message = message
        super().__init__(f"{self.path}: {message}")


def read_json(path: Path) -> Any:
    """Load a JSON file, turning every failure into :class:`ImportFailed` with the position."""
    try:
        with path.open(encoding="utf-8") as handle:
            return json.load(handle)
    except FileNotFoundError as exc:
        raise ImportFailed(path, "file not found") from exc
    except json.JSONDecodeError as exc:
        raise ImportFailed(path, f"line {exc.lineno}, column {exc.colno}: {exc.msg}") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise ImportFailed(path, str(exc)) from exc
