"""R-ROUTE-3: argument completion for the page's slash commands."""

import pytest

from agentweb.core.commands import MAX_COMPLETION_PREFIX, MAX_COMPLETIONS
from agentweb.game.models import Item

pytestmark = pytest.mark.django_db


@pytest.fixture
def items(db):
    for name in ("Iron Ingot", "Iron Nugget", "Gold Ingot"):
        Item.objects.create(
            item_id=f"minecraft:{name.lower().replace(' ', '_')}",
            name=name.lower().replace(" ", "_"),
            display_name=name,
        )


def test_it_completes_item_names_from_a_prefix(client, alice, items):
    client.force_login(alice)

    response = client.get("/commands/complete", {"source": "items", "prefix": "ir"})

    assert response.status_code == 200
    assert response.json() == ["Iron Ingot", "Iron Nugget"]


def test_it_respects_the_limit(client, alice, items):
    client.force_login(alice)

    response = client.get("/commands/complete", {"source": "items", "prefix": "", "limit": 1})

    assert response.json() == ["Gold Ingot"]


def test_it_requires_login(client, items):
    response = client.get("/commands/complete", {"source": "items", "prefix": "ir"})

    assert response.status_code == 401
    assert "Iron" not in response.content.decode()


def test_it_rejects_an_unknown_source(client, alice):
    client.force_login(alice)

    response = client.get("/commands/complete", {"source": "players", "prefix": "a"})

    assert response.status_code == 400
    assert "error" in response.json()


def test_it_rejects_a_missing_source(client, alice):
    client.force_login(alice)

    assert client.get("/commands/complete", {"prefix": "a"}).status_code == 400


def test_it_rejects_an_overlong_prefix(client, alice):
    client.force_login(alice)

    prefix = "x" * (MAX_COMPLETION_PREFIX + 1)
    response = client.get("/commands/complete", {"source": "items", "prefix": prefix})

    assert response.status_code == 400


@pytest.mark.parametrize("limit", ["0", str(MAX_COMPLETIONS + 1), "many"])
def test_it_rejects_a_bad_limit(client, alice, limit):
    client.force_login(alice)

    response = client.get("/commands/complete", {"source": "items", "prefix": "", "limit": limit})

    assert response.status_code == 400
