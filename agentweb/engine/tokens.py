"""Cheap token estimates for budgets when a provider reports no usage."""

from __future__ import annotations

# About four ASCII characters per token; other scripts (Chinese above all)
# take about one token per character. Overestimating is the safe side.
ASCII_CHARS_PER_TOKEN = 4


def estimate_tokens(text: str) -> int:
    chars = len(text)
    if chars == 0:
        return 0
    if text.isascii():
        return chars // ASCII_CHARS_PER_TOKEN + 1
    # Multi-byte characters are 2-4 bytes in UTF-8; count them as one token each.
    extra_bytes = len(text.encode("utf-8")) - chars
    non_ascii = max(1, extra_bytes // 2)
    return (chars - non_ascii) // ASCII_CHARS_PER_TOKEN + non_ascii + 1
