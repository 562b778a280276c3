import pytest

pytestmark = pytest.mark.django_db


def test_the_home_page_sends_anonymous_visitors_to_the_login_page(client):
    response = client.get("/")

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_the_home_page_greets_a_logged_in_player(client, django_user_model):
    user = django_user_model.objects.create_user("alice", password="pw-alice-1")
    client.force_login(user)

    response = client.get("/")

    assert response.status_code == 200
    assert b"alice" in response.content


def test_the_health_check_needs_no_login(client):
    assert client.get("/healthz").json() == {"status": "ok"}
