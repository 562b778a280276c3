"""The offline model (R-MODEL-1): a deterministic, rule-based planner (``planner.py``).

``intent`` reads a question, ``plan`` picks the next tool call, ``answer``
writes the answer from the observations; ``patterns``, ``text`` and ``words``
hold the keywords, name patterns and connecting words. See
``docs/offline-planner.md``.
"""

from agentweb.llm.offline.planner import OfflinePlanner, chat, decide, route

__all__ = ["OfflinePlanner", "chat", "decide", "route"]
