"""Knowledge articles made for a test: the shape every search test writes them in."""

from __future__ import annotations

from agentweb.game.models import KnowledgeArticle


def article(key: str, title: str, body: str, **fields: object) -> KnowledgeArticle:
    """A staff article ``manual:<key>``; ``fields`` sets any other column (``language``)."""
    return KnowledgeArticle.objects.create(
        key=f"manual:{key}", source="manual", title=title, body=body, **fields
    )
