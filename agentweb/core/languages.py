"""Which of the site's languages (``settings.LANGUAGES``) a question is in.

Pages follow Django's choice for the request (``LocaleMiddleware``: the
switcher's cookie, then ``Accept-Language``). What the assistant says about one
answer — its cards, an undo's summary, a game chat's quota line — follows the
language of the question instead: a question with Chinese characters in it is
Chinese, any other English (``static/agentweb/chat-turns.js`` applies the same
rule to a turn it adds).
"""

from __future__ import annotations

import re

CHINESE = "zh-hans"
ENGLISH = "en"
# CJK unified ideographs (with extension A): the characters of a Chinese question.
HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")


def of_text(text: str) -> str:
    """The language of a question: Chinese when it has Chinese characters, else English."""
    return CHINESE if HAN.search(text or "") else ENGLISH
