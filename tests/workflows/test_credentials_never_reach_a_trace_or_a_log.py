"""Credentials are redacted from everything persisted or logged: the configured key,
``Bearer …`` tokens, ``api_key=…``, even when a model server echoes them back."""

import json
import logging
import sys

from agentweb.engine import credentials
from agentweb.engine.credentials import REDACTED, redact
from agentweb.lib.logs import RedactingFormatter
from agentweb.llm.openai_compat import OpenAICompatible
from tests.fakes.model_server import FakeModelServer, Reply
from tests.replies import route
from tests.workflows.kit import make_env, run

KEY = "key-configured-7f3a9c1e5b"
OTHER = "tok-seen-in-a-page-4d2e8a"


async def test_an_echoing_error_page_leaves_no_credential_in_the_trace_or_the_outcome():
    class Echo(FakeModelServer):
        def _next(self, body):
            if self.queue:
                return super()._next(body)
            headers = self.headers[-1]
            page = {
                "error": "unauthorized",
                "you_sent": {"Authorization": headers.get("Authorization")},
                "hint": f"retry with ?api_key={OTHER} or Bearer {OTHER}",
            }
            return Reply(status=401, raw=json.dumps(page))

    with Echo([route("system:reasoning")]) as m:
        env, sink, _ = make_env(m.url)
        env.model = OpenAICompatible(m.url, "fake-model", api_key=KEY)
        outcome = await run(env, "how do I make iron?")

    assert m.headers[-1]["Authorization"] == f"Bearer {KEY}"
    stored = json.dumps([e.as_dict() for e in sink.events])
    failure = next(e for e in sink.events if e.kind.value == "failure")
    assert "401" in failure.data["message"]
    assert REDACTED in failure.data["detail"]["body"]
    for secret in (KEY, OTHER):
        assert secret not in stored
        assert secret not in outcome.text
        assert secret not in json.dumps(outcome.stop.as_dict())


def test_the_log_formatter_redacts_messages_and_tracebacks():
    credentials.register(KEY)
    (handler,) = [
        h
        for h in logging.getLogger("agentweb").handlers
        if isinstance(h.formatter, RedactingFormatter)
    ]
    try:
        raise RuntimeError(f"upstream said: Authorization: Bearer {OTHER}")
    except RuntimeError:
        record = logging.getLogger("agentweb.llm").makeRecord(
            "agentweb.llm", logging.ERROR, __file__, 1, "calling %s", (KEY,), exc_info=True
        )
        record.exc_info = sys.exc_info()
    line = handler.format(record)

    assert "upstream said" in line
    assert KEY not in line
    assert OTHER not in line


def test_credential_shapes_are_redacted_and_ordinary_text_is_not():
    samples = {
        f"GET /v1?api_key={OTHER}&q=1": "GET /v1?api_key=[redacted]&q=1",
        f'{{"openai_api_key": "{OTHER}"}}': '{"openai_api_key": "[redacted]"}',
        f"authorization: Basic {OTHER}": "authorization: [redacted]",
        f"postgres://agent:{OTHER}@db:5432/x": "postgres://agent:[redacted]@db:5432/x",
        "tokens_in 20, a password policy, bearer of news": "tokens_in 20, a password policy, "
        "bearer of news",
    }
    for text, expected in samples.items():
        assert redact(text) == expected
