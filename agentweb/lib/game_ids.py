"""A namespaced id as a player writes it in a question (``minecraft:wither_skeleton``,
``mymod:foo/bar_baz``): one name, read whole by every reader of a question's names —
its underscores, slashes, dots and dashes are part of it, never word breaks."""

from __future__ import annotations

import re

# Minecraft's resource locations: a namespace, a colon, a path (letters any case, as
# players type them). Not inside a longer run of such characters ("http://…" is a URL
# whose "//" no path starts with), and never ending in punctuation ("… iron_ingot.").
NAMESPACED_ID = re.compile(
    r"(?<![A-Za-z0-9_:/.\-])[A-Za-z][A-Za-z0-9_.\-]*:[A-Za-z0-9_][A-Za-z0-9_./\-]*(?<![./\-])"
)


def ids_in(text: str) -> list[str]:
    """The namespaced ids ``text`` names, in order, each once."""
    return list(dict.fromkeys(NAMESPACED_ID.findall(text)))
