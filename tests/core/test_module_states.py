"""Module enablement per player, as the engine sees it (R-TOOL-3, R-LOOP-9)."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from django.contrib.auth import get_user_model

from agentweb.core.models import Module, PlayerModule
from agentweb.core.modules import DbModuleStates, ModuleStateGuard

pytestmark = pytest.mark.django_db


def test_a_module_without_a_row_is_enabled_at_version_zero(alice):
    assert DbModuleStates(alice).instance("game.items") == ("game.items", 0)


def test_a_disabled_module_has_no_instance(alice):
    Module.objects.create(slug="game.shop", enabled=False)
    assert DbModuleStates(alice).instance("game.shop") is None


def test_every_save_bumps_the_version(alice):
    module = Module.objects.create(slug="game.ftb")
    first = DbModuleStates(alice).instance("game.ftb")
    module.config = {"claim_coins": 5}
    module.save()
    assert module.version == first[1] + 1
    assert DbModuleStates(alice).instance("game.ftb") != first


def test_a_player_override_wins_over_the_module_switch(alice):
    bob = get_user_model().objects.create_user("bob")
    shop = Module.objects.create(slug="game.shop", enabled=True)
    beta = Module.objects.create(slug="game.beta", enabled=False)
    PlayerModule.objects.create(user=alice, module=shop, enabled=False)
    PlayerModule.objects.create(user=alice, module=beta, enabled=True)
    assert DbModuleStates(alice).instance("game.shop") is None
    assert DbModuleStates(alice).instance("game.beta") == ("game.beta", beta.version)
    assert DbModuleStates(bob).instance("game.shop") is not None
    assert DbModuleStates(bob).instance("game.beta") is None


def test_the_snapshot_changes_only_when_refreshed(alice):
    states = DbModuleStates(alice).refresh_sync()
    Module.objects.create(slug="game.kb", enabled=False)
    assert states.instance("game.kb") == ("game.kb", 0)
    async_to_sync(ModuleStateGuard(states).check_state)(None)
    assert states.instance("game.kb") is None
