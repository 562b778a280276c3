"""Read FTB Quests SNBT files into plain Python values with ``ftb_snbt_lib``.

The library keeps one module-level lexer whose line counter never resets and
reports a truncated file as an ``AttributeError``; this wrapper gives every
parse a fresh lexer (so line numbers are right), builds the parser once, and
turns every failure into :class:`ImportFailed` naming the file and position.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from ftb_snbt_lib import parse as snbt_parse
from ftb_snbt_lib import tag as snbt_tag
from ftb_snbt_lib import token as snbt_token

from agentweb.game.importers.errors import ImportFailed

_PARSER = snbt_parse.get_parser()
# The ply parser keeps its stacks on the instance: one parse at a time.
_PARSER_LOCK = threading.Lock()


class SnbtSyntaxError(ValueError):
    pass


def _illegal_character(token: Any) -> None:
    if token.value[0] == '"':
        # A quote the string rule could not match never closes: usually a cut-off file.
        raise SnbtSyntaxError(f"line {token.lineno}: unterminated string")
    raise SnbtSyntaxError(f"line {token.lineno}: illegal character {token.value[0]!r}")


def loads(text: str) -> dict[str, Any]:
    """Parse SNBT text into dicts, lists, str, int, float and bool."""
    lexer = snbt_token.lexer.clone()
    lexer.lineno = 1
    lexer.level = 0
    lexer.lexerrorf = _illegal_character
    try:
        with _PARSER_LOCK:
            tree = _PARSER.parse(text, lexer=lexer)
    except SnbtSyntaxError:
        raise
    except AttributeError as exc:
        # ply hands p_error a None token at end of input.
        raise SnbtSyntaxError(f"line {lexer.lineno}: unexpected end of file") from exc
    except ValueError as exc:
        # ftb_snbt_lib's message carries the line and the character offset.
        raise SnbtSyntaxError(str(exc).replace("Syntax error", "syntax error")) from exc
    if tree is None:
        raise SnbtSyntaxError("empty file")
    return to_plain(tree)


def load_file(path: Path) -> dict[str, Any]:
    """Parse one SNBT file; any failure becomes :class:`ImportFailed` for that file."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise ImportFailed(path, str(exc)) from exc
    try:
        return loads(text)
    except SnbtSyntaxError as exc:
        raise ImportFailed(path, str(exc)) from exc


def to_plain(value: Any) -> Any:
    """Convert ftb_snbt_lib tags to the built-in types they subclass."""
    if isinstance(value, dict):
        return {str(key): to_plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [to_plain(item) for item in value]
    if isinstance(value, snbt_tag.Bool):
        return bool(value)
    if isinstance(value, str):
        return str(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    return value
