"""R-UI-1, R-AUTH-1: the chat page is for logged-in players and has every control."""

import json

import pytest

pytestmark = pytest.mark.django_db


def _boot(response) -> dict:
    html = response.content.decode()
    start = html.index('<script id="chat-boot" type="application/json">') + len(
        '<script id="chat-boot" type="application/json">'
    )
    return json.loads(html[start : html.index("</script>", start)])


def test_it_sends_anonymous_visitors_to_the_login_page(client):
    response = client.get("/")

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=/")


def test_it_shows_the_chat_page_to_a_logged_in_player(client, alice):
    client.force_login(alice)

    response = client.get("/")

    assert response.status_code == 200
    html = response.content.decode()
    for control in (
        'id="message"',
        'id="btn-stop"',
        'id="btn-undo"',
        'id="btn-forget"',
        'id="meters"',
        'id="traces"',
        'id="inbox"',
    ):
        assert control in html
    assert "csrfmiddlewaretoken" in html
    assert _boot(response)["ws_path"] == "/ws/assistant/"


def test_it_embeds_the_players_command_snapshot(client, alice):
    client.force_login(alice)

    names = [c["name"] for c in _boot(client.get("/"))["commands"]]

    assert "/reason" in names
    # Admin commands are not offered to players.
    assert "/reload" not in names


def test_it_offers_admin_commands_to_admins(client, django_user_model):
    admin = django_user_model.objects.create_superuser("boss", password="pw-boss-123")
    client.force_login(admin)

    names = [c["name"] for c in _boot(client.get("/"))["commands"]]

    assert "/reload" in names


def test_it_passes_the_scripts_words_in_the_players_language(client, alice):
    client.force_login(alice)

    labels = _boot(client.get("/"))["labels"]

    assert labels["approve"] == "Confirm"
    assert labels["status_undone"] == "undone"


def test_the_page_only_answers_get(client, alice):
    client.force_login(alice)

    assert client.post("/").status_code == 405


def test_the_health_check_still_answers_without_login(client):
    assert client.get("/healthz").json() == {"status": "ok"}
