"""RCON command templates: system-agent.json, then the admin; values are checked before use."""

from __future__ import annotations

import json

import pytest

from agentweb.game.models import Delivery, DeliveryKind
from agentweb.gameserver.commands import Outcome, command_book
from agentweb.gameserver.models import DeliveryCommands
from tests.gameserver.conftest import purchase

pytestmark = pytest.mark.django_db


def _delivery(profile, kind=DeliveryKind.ITEM, item_id="minecraft:bread", count=2) -> Delivery:
    return Delivery(
        profile=profile, kind=kind, item_id=item_id, label="x", count=count, reason="t:1"
    )


def test_the_shipped_config_gives_items_and_xp(alice):
    profile = alice.game_profile
    book = command_book()
    assert book.command_for(_delivery(profile), "AliceMC") == "give AliceMC minecraft:bread 2"
    xp = _delivery(profile, DeliveryKind.XP, "", 30)
    assert book.command_for(xp, "AliceMC") == "xp add AliceMC 30 points"
    levels = _delivery(profile, DeliveryKind.XP_LEVELS, "", 5)
    assert book.command_for(levels, "AliceMC") == "xp add AliceMC 5 levels"
    assert book.command_for(_delivery(profile, DeliveryKind.OTHER, ""), "AliceMC") is None


def test_a_loot_delivery_without_a_loot_table_is_left_to_a_plugin(alice):
    loot = _delivery(alice.game_profile, DeliveryKind.LOOT, "", 1)
    assert command_book().command_for(loot, "AliceMC") is None


def test_the_admins_template_replaces_the_files(alice, shop, settings, tmp_path):
    DeliveryCommands.objects.create(item="minecraft:give {name} {item} {count}")
    delivery = _delivery(alice.game_profile)
    assert (
        command_book().command_for(delivery, "AliceMC")
        == "minecraft:give AliceMC minecraft:bread 2"
    )


def test_templates_and_replies_come_from_the_config_file(alice, settings, tmp_path):
    config = tmp_path / "system-agent.json"
    body = {
        "policies": {},
        "gameServer": {
            "commands": {"item": "eco give {name} {count} {item}"},
            "replies": {"delivered": "^OK"},
        },
    }
    config.write_text(json.dumps(body))
    settings.AGENTWEB_SYSTEM_CONFIG = config
    book = command_book()
    assert (
        book.command_for(_delivery(alice.game_profile), "AliceMC")
        == "eco give AliceMC 2 minecraft:bread"
    )
    assert book.outcome("OK, given") is Outcome.DELIVERED
    assert book.outcome("Gave 2 [bread] to AliceMC") is Outcome.UNKNOWN


def test_a_bad_reply_pattern_in_the_admin_falls_back_to_the_built_in_one(alice):
    DeliveryCommands.objects.create(delivered_reply="([unclosed")
    assert command_book().outcome("Gave 1 [bread] to AliceMC") is Outcome.DELIVERED


@pytest.mark.parametrize(
    ("item_id", "count", "name"),
    [
        ("minecraft:bread\nop AliceMC", 1, "AliceMC"),
        ("minecraft:bread 64", 1, "AliceMC"),
        ("minecraft:bread", 1, "Alice MC"),
        ("minecraft:bread", 0, "AliceMC"),
        ("minecraft:bread", 10_001, "AliceMC"),
    ],
)
def test_values_that_could_change_the_command_are_never_used(alice, item_id, count, name):
    delivery = _delivery(alice.game_profile, item_id=item_id, count=count)
    assert command_book().command_for(delivery, name) is None


@pytest.mark.parametrize(
    ("reply", "outcome"),
    [
        ("Gave 3 [Bread] to AliceMC", Outcome.DELIVERED),
        ("No player was found", Outcome.OFFLINE),
        ("Unknown item 'foo:bar'", Outcome.FAILED),
        ("", Outcome.UNKNOWN),
        ("Il a reçu 3 pains", Outcome.UNKNOWN),
    ],
)
def test_replies_are_read_as_outcomes(reply, outcome):
    assert command_book().outcome(reply) is outcome


def test_the_plugin_feed_shows_the_command_in_force(api, alice, shop):
    DeliveryCommands.objects.create(item="minecraft:give {name} {item} {count}")
    purchase(alice)
    row = api.get("/api/game/deliveries").json()["deliveries"][0]
    assert row["command"] == "minecraft:give AliceMC minecraft:bread 1"


@pytest.mark.parametrize(
    "item_id",
    [
        "minecraft:stone\n",
        "minecraft:../../op",
        "minecraft:a/../b",
        "..:stone",
        "minecraft:stone 1",
    ],
)
def test_an_item_id_that_is_not_whole_or_walks_up_gets_no_command(alice, item_id):
    delivery = _delivery(alice.game_profile, item_id=item_id)

    assert command_book().command_for(delivery, "AliceMC") is None


@pytest.mark.parametrize("name", ["AliceMC\n", "AliceMC ", "Alice MC", ""])
def test_a_name_that_is_not_whole_gets_no_command(alice, name):
    assert command_book().command_for(_delivery(alice.game_profile), name) is None


def test_a_namespaced_path_with_folders_is_an_id(alice):
    loot = _delivery(alice.game_profile, DeliveryKind.LOOT, "minecraft:chests/simple_dungeon", 1)

    assert (
        command_book().command_for(loot, "AliceMC")
        == "loot give AliceMC loot minecraft:chests/simple_dungeon"
    )


@pytest.mark.parametrize(
    "template",
    ["give {name.__class__} {item}", "give {name[0]} {item}", "give {name!r} {item}", "{x}"],
)
def test_an_admin_template_cannot_expand_attributes_or_unknown_placeholders(alice, template):
    DeliveryCommands.objects.create(item=template)

    assert command_book().command_for(_delivery(alice.game_profile), "AliceMC") is None


def test_the_admin_form_refuses_such_a_template(admin_client):
    response = admin_client.post(
        "/admin/gameserver/deliverycommands/add/", {"item": "give {name.__class__} {item}"}
    )

    assert response.status_code == 200
    assert b"use placeholders as {name}" in response.content
    assert not DeliveryCommands.objects.exists()
