"""Keyset pages: older and newer links walk the whole list without overlap or gaps."""

import pytest

from agentweb.assistant.models import Run
from agentweb.traces import listing
from tests.traces.conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def small_pages(monkeypatch):
    monkeypatch.setattr(listing, "PAGE_SIZE", 3)


def _page(client, query=""):
    context = client.get(f"/traces/?{query}").context
    return [r.run.pk for r in context["page"].rows], context["page"]


def test_older_then_newer_links_walk_every_run_once(alice, rita, record_run, small_pages):
    ids = sorted((record_run(alice).pk for _ in range(8)), reverse=True)
    client = client_for(rita)

    first, page = _page(client)
    second, page2 = _page(client, f"before={page.older}")
    third, page3 = _page(client, f"before={page2.older}")
    back, _ = _page(client, f"after={page3.newer}")

    assert first + second + third == ids
    assert page.newer is None and page3.older is None
    assert back == second


def test_the_page_links_keep_the_filters(alice, bob, rita, record_run, small_pages):
    for _ in range(4):
        record_run(alice)
        record_run(bob)
    html = client_for(rita).get("/traces/?player=alice").content.decode()

    oldest_shown = Run.objects.filter(user=alice).order_by("-id")[2].pk
    assert f"?player=alice&amp;before={oldest_shown}" in html
