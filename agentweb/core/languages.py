"""Which of the site's languages (``settings.LANGUAGES``) a request or a question is in.

Pages follow Django's choice (``LocaleMiddleware``: the switcher's cookie, then
``Accept-Language``); a websocket has no request, so ``of_headers`` makes the
same choice from its handshake. What the assistant says about one answer — its
cards, an undo's summary — follows the language of the question instead: a
question with Chinese characters in it is Chinese, any other English
(``of_text``; ``static/agentweb/chat-turns.js`` applies the same rule to a turn
it adds).
"""

from __future__ import annotations

import re
from typing import Any

from django.conf import settings
from django.utils.translation import get_supported_language_variant
from django.utils.translation.trans_real import parse_accept_lang_header

CHINESE = "zh-hans"
ENGLISH = "en"
# CJK unified ideographs (with extension A): the characters of a Chinese question.
HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")


def of_text(text: str) -> str:
    """The language of a question: Chinese when it has Chinese characters, else English."""
    return CHINESE if HAN.search(text or "") else ENGLISH


def supported(code: Any) -> str | None:
    """``code`` as one of the site's languages (``zh-CN`` → ``zh-hans``), or ``None``."""
    if not isinstance(code, str) or not code or len(code) > 32:
        return None
    try:
        return get_supported_language_variant(code.lower())
    except LookupError:
        return None


def of_headers(cookies: dict[str, str], accept_language: str) -> str:
    """Django's choice for a request with these cookies and ``Accept-Language``."""
    chosen = supported(cookies.get(settings.LANGUAGE_COOKIE_NAME))
    if chosen:
        return chosen
    for code, _quality in parse_accept_lang_header(accept_language[:1000]):
        if code != "*" and (chosen := supported(code)):
            return chosen
    return settings.LANGUAGE_CODE


def of_scope(scope: dict[str, Any]) -> str:
    """The language of a websocket's handshake (its cookies and ``Accept-Language``)."""
    headers = dict(scope.get("headers") or [])
    accept = headers.get(b"accept-language", b"").decode("latin-1")
    return of_headers(scope.get("cookies") or {}, accept)
