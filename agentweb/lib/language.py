"""The language a player writes in, as far as the answers need it: Chinese or English.

Answers speak the language of the question (SPEC §15b): a question with Chinese
characters in it is answered in Chinese, any other in English.
"""

from __future__ import annotations

import re

# CJK unified ideographs (with extension A and the compatibility block).
CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
ZH, EN = "zh", "en"


def language_of(text: str) -> str:
    """``"zh"`` when ``text`` has Chinese characters, else ``"en"``."""
    return ZH if CJK.search(text) else EN
