"""A 403 (a player opening the trace viewer) is logged as one line, without a traceback;
other errors keep theirs."""

import logging

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.fixture
def request_log():
    """What the django.request logger writes, through the project's own filters."""
    lines: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record):
            lines.append(self.format(record))

    handler = Keep()
    handler.setFormatter(logging.Formatter("%(levelname)s %(message)s"))
    logger = logging.getLogger("django.request")
    logger.addHandler(handler)
    yield lines
    logger.removeHandler(handler)


def test_a_forbidden_page_logs_one_line(alice, request_log):
    client = Client()
    client.force_login(alice)

    response = client.get("/traces/")

    assert response.status_code == 403
    assert request_log == ["WARNING Forbidden (Permission denied): /traces/"]


def test_the_filter_leaves_other_errors_their_traceback():
    from agentweb.lib.logs import OneLineRefusals

    try:
        raise ValueError("boom")
    except ValueError:
        import sys

        record = logging.LogRecord("django.request", 40, "", 0, "x", (), sys.exc_info())
    record.status_code = 500

    assert OneLineRefusals().filter(record) and record.exc_info is not None
