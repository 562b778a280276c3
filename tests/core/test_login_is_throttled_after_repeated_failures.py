"""Login throttling (django-axes): repeated failures for one username from one address are
refused with a 429 for a while; other players and other addresses are not affected."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

pytestmark = pytest.mark.django_db
PASSWORD = "pw-alice-123"


@pytest.fixture(autouse=True)
def users(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.AXES_FAILURE_LIMIT = 3
    get_user_model().objects.create_user("alice", password=PASSWORD)
    get_user_model().objects.create_user("bob", password="pw-bob-123")


def _login(username: str, password: str, ip: str = "203.0.113.7", **headers):
    return Client(REMOTE_ADDR=ip, **headers).post(
        "/accounts/login/", {"username": username, "password": password}
    )


def test_the_limit_locks_the_username_from_that_address_even_with_the_right_password():
    failures = [_login("alice", "wrong").status_code for _ in range(3)]

    locked = _login("alice", PASSWORD)

    assert failures[:2] == [200, 200]
    assert locked.status_code == 429
    assert "Too many failed logins" in locked.content.decode()
    assert "_auth_user_id" not in locked.client.session


def test_other_players_and_other_addresses_still_log_in():
    for _ in range(3):
        _login("alice", "wrong")

    assert _login("bob", "pw-bob-123").status_code == 302
    assert _login("alice", PASSWORD, ip="198.51.100.9").status_code == 302


def test_a_successful_login_clears_the_count():
    for _ in range(2):
        _login("alice", "wrong")
    assert _login("alice", PASSWORD).status_code == 302

    for _ in range(2):
        _login("alice", "wrong")
    assert _login("alice", PASSWORD).status_code == 302


def test_behind_a_trusted_proxy_the_forwarded_address_counts(settings):
    settings.AGENTWEB_TRUSTED_PROXIES = 1
    proxy = "10.0.0.2"
    for _ in range(3):
        _login("alice", "wrong", ip=proxy, HTTP_X_FORWARDED_FOR="1.2.3.4, 203.0.113.7")

    spoofed = _login("alice", PASSWORD, ip=proxy, HTTP_X_FORWARDED_FOR="203.0.113.7, 198.51.100.9")
    locked = _login("alice", PASSWORD, ip=proxy, HTTP_X_FORWARDED_FOR="203.0.113.7")

    assert spoofed.status_code == 302
    assert locked.status_code == 429
