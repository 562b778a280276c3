"""What a player reads on the result cards of a run: the card's names, and the chat
page's history of a stored run (the cards as they show after a reload)."""

from __future__ import annotations

import json
import re
from typing import Any

from django.test import Client

from agentweb.assistant.models import Run, Status

# An English word of three letters or more: a name left untranslated on a Chinese card.
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")


def names_of(card: dict[str, Any], *keys: str) -> list[str]:
    """The values of ``keys`` anywhere in ``card`` (a name may be nested in lists)."""
    found: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if key in keys and isinstance(item, str):
                    found.append(item)
                else:
                    walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(card)
    return found


def as_text(card: dict[str, Any]) -> str:
    return json.dumps(card, ensure_ascii=False)


def stored_page(user: Any, question: str, answer: str, cards: list[dict[str, Any]]) -> str:
    """The chat page of ``user`` after a run that answered ``question`` with ``cards`` was
    stored, as ``runs/end.py`` stores it: what a reload shows."""
    Run.objects.create(
        user=user,
        question=question,
        status=Status.COMPLETED,
        answer=answer,
        cards=cards,
        language="en",
    )
    client = Client()
    client.force_login(user)
    response = client.get("/")
    assert response.status_code == 200
    return response.content.decode()


def card_html(page: str, kind: str) -> str:
    """The first card of ``kind`` on ``page``, from its opening tag to its end."""
    start = page.index(f'class="card card-{kind}"')
    return page[start : page.index("</article>", start)]
