"""After logging in, admins land on the admin, reviewers on the trace viewer, players on the
chat; a login sent to a page goes there."""

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _log_in(username, next_url="/"):
    client = Client()
    return client.post(
        f"/accounts/login/?next={next_url}",
        {"username": username, "password": f"pw-{username}-123"},
    )


@pytest.mark.parametrize(
    ("who", "lands_on"), [("alice", "/"), ("rita", "/traces/"), ("admin", "/admin/")]
)
def test_a_login_from_the_site_root_lands_by_role(alice, rita, admin, who, lands_on):
    response = _log_in(who)

    assert response.status_code == 302
    assert response.url == lands_on


def test_a_login_sent_to_a_page_goes_there(rita):
    assert _log_in("rita", "/traces/compare/").url == "/traces/compare/"


def test_a_reviewer_who_also_plays_lands_on_the_chat(make_user):
    from agentweb.core.roles import Role

    make_user("paula", Role.PLAYER, Role.REVIEWER)

    assert _log_in("paula").url == "/"


def test_a_login_sent_off_the_site_lands_by_role_instead(rita):
    assert _log_in("rita", "https://evil.example/").url == "/traces/"
