"""Every page names the site's icon, and ``/favicon.ico`` answers with it (not a 404)."""

from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.test import Client

from agentweb.core.views import FAVICON

pytestmark = pytest.mark.django_db


def test_favicon_ico_leads_to_the_icon():
    response = Client().get("/favicon.ico")

    assert response.status_code == 301
    assert response.url == f"/static/{FAVICON}"
    assert Path(finders.find(FAVICON)).read_text().startswith("<svg")


def test_pages_name_the_icon():
    html = Client().get("/accounts/login/").content.decode()

    assert f'<link rel="icon" href="/static/{FAVICON}"' in html
