"""API tokens: an optional expiry, the time of last use, and revocation from the admin."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from agentweb.assistant.api.auth import new_token
from agentweb.assistant.models import ApiToken

pytestmark = pytest.mark.django_db


def _commands(key: str) -> int:
    return Client().get("/api/commands", headers={"Authorization": f"Bearer {key}"}).status_code


def test_a_token_past_its_expiry_is_refused(alice):
    token, key = new_token(alice, "script")
    token.expires_at = timezone.now() + timedelta(hours=1)
    token.save()
    assert _commands(key) == 200

    token.expires_at = timezone.now() - timedelta(seconds=1)
    token.save()

    response = Client().get("/api/commands", headers={"Authorization": f"Bearer {key}"})
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "bad_token"
    assert "expired" in response.json()["error"]["message"]


def test_a_token_without_expiry_keeps_working_and_records_its_last_use(alice):
    token, key = new_token(alice, "plugin")
    assert token.last_used_at is None

    assert _commands(key) == 200

    token.refresh_from_db()
    assert token.last_used_at is not None
    assert timezone.now() - token.last_used_at < timedelta(minutes=1)


def test_an_admin_revokes_tokens_from_the_list_and_they_are_refused_at_once(alice):
    admin = get_user_model().objects.create_superuser("root", password="pw-root-123")
    first, first_key = new_token(alice, "one")
    second, second_key = new_token(alice, "two")
    kept, kept_key = new_token(alice, "three")
    client = Client()
    client.force_login(admin)

    response = client.post(
        "/admin/assistant/apitoken/",
        {"action": "revoke_tokens", "_selected_action": [first.pk, second.pk]},
        follow=True,
    )

    assert response.status_code == 200
    assert b"2 token(s) revoked" in response.content
    assert (_commands(first_key), _commands(second_key), _commands(kept_key)) == (401, 401, 200)
    revoked = ApiToken.objects.get(pk=first.pk)
    assert revoked.revoked and revoked.revoked_at is not None
    listing = client.get("/admin/assistant/apitoken/").content.decode()
    assert "revoked" in listing and "valid" in listing
