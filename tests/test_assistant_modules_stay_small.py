"""Every module of the assistant app says what it holds and fits in 300 lines (one room each)."""

from pathlib import Path

ASSISTANT = Path(__file__).resolve().parents[1] / "agentweb" / "assistant"
MAX_LINES = 300


def test_no_module_of_the_assistant_app_is_over_300_lines():
    long = {
        str(path.relative_to(ASSISTANT)): n
        for path in ASSISTANT.rglob("*.py")
        if "migrations" not in path.parts
        and (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}, f"split these by responsibility: {long}"
