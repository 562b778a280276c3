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


class TokenCounter:
    """``estimate_tokens`` of a text that arrives in pieces, in O(1) per piece."""

    __slots__ = ("chars", "extra_bytes")

    def __init__(self) -> None:
        self.chars = 0
        self.extra_bytes = 0

    def add(self, text: str) -> None:
        self.chars += len(text)
        if not text.isascii():
            self.extra_bytes += len(text.encode("utf-8")) - len(text)

    @property
    def count(self) -> int:
        if self.chars == 0:
            return 0
        if self.extra_bytes == 0:
            return self.chars // ASCII_CHARS_PER_TOKEN + 1
        non_ascii = max(1, self.extra_bytes // 2)
        return (self.chars - non_ascii) // ASCII_CHARS_PER_TOKEN + non_ascii + 1
