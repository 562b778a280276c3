"""Which of the site's languages (``settings.LANGUAGES``) a run speaks: the one place that
picks it.

Pages follow Django's choice for the request (``LocaleMiddleware``: the switcher's
cookie, then ``Accept-Language``); that choice is the **player's language**, and a run
records it when she asks (``Run.language``). What the assistant says about one message —
its answer's fixed sentences, the commands' replies, its cards, an undo's summary, a game
chat's quota line — follows the language of the message itself
(``agentweb.lib.language.language_of``: a message with Chinese characters in it is
Chinese, one with other words English), and the player's language when the message has
no words of its own (``/checkin``). ``static/agentweb/chat-turns.js`` applies the same
rule to a turn it adds.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import AbstractContextManager

from django.conf import settings
from django.utils import translation
from django.utils.translation import trans_real

from agentweb.lib.language import ZH, language_of

CHINESE = "zh-hans"
ENGLISH = "en"


def supported(code: str | None) -> str:
    """``code`` as one of the site's languages (``zh-CN`` → ``zh-hans``); English for a
    language the site does not have."""
    if not code:
        return ENGLISH
    try:
        return translation.get_supported_language_variant(code)
    except LookupError:
        return ENGLISH


def of_text(text: str, player: str | None = None) -> str:
    """The language to answer ``text`` in: Chinese when it has Chinese characters,
    English when it has other words, else the player's own (``player``, a page code)."""
    spoken = language_of(text, fallback="")
    if not spoken:
        return supported(player)
    return CHINESE if spoken == ZH else ENGLISH


def speaking(text: str, player: str | None = None) -> AbstractContextManager[None]:
    """Activate the language ``text`` is answered in (``of_text``) for what runs inside:
    every sentence written with ``gettext`` there, in the run's thread and those its
    database calls run in, is said in it."""
    return translation.override(of_text(text, player))


def of_connection(cookies: Mapping[str, str], accept_language: str = "") -> str:
    """The player's language as a page of hers would pick it (``LocaleMiddleware``'s
    order, Django's own parsing and matching): the language switcher's cookie, then the
    browser's ``Accept-Language``, else the site's default."""
    chosen = cookies.get(settings.LANGUAGE_COOKIE_NAME)
    wanted = [chosen] if chosen else []
    wanted += [code for code, _q in trans_real.parse_accept_lang_header(accept_language)]
    for code in wanted:
        if code == "*":
            break
        try:
            return translation.get_supported_language_variant(code)
        except LookupError:
            continue
    return supported(settings.LANGUAGE_CODE)
