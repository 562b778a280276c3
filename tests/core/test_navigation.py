import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo(demo_password):
    call_command("seed_demo", "--no-world", verbosity=0)
    return demo_password


def _page_for(client, username, password):
    # Through the login form: authentication needs the request (login throttling).
    response = client.post("/accounts/login/", {"username": username, "password": password})
    assert response.status_code == 302, response.content
    return client.get("/").content.decode()


def test_a_reviewer_gets_a_link_to_the_trace_viewer(client, demo):
    page = _page_for(client, "rita", demo)

    assert 'href="/traces/"' in page
    assert 'href="/admin/"' not in page


def test_a_player_gets_neither_traces_nor_admin_links(client, demo):
    page = _page_for(client, "alice", demo)

    assert 'href="/traces/"' not in page
    assert 'href="/admin/"' not in page


def test_an_admin_gets_both_links(client, demo):
    page = _page_for(client, "admin", demo)

    assert 'href="/traces/"' in page
    assert 'href="/admin/"' in page
