"""R-SEC-1: the pages' scripts never turn strings into HTML."""

from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "static" / "agentweb"
SCRIPTS = sorted(STATIC.glob("*.js"))
HTML_SINKS = ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(")


def test_there_are_scripts_to_check():
    assert len(SCRIPTS) >= 4


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_the_script_uses_no_html_sink(script):
    code = "\n".join(
        line for line in script.read_text().splitlines() if not line.lstrip().startswith("//")
    )

    assert [sink for sink in HTML_SINKS if sink in code] == []
