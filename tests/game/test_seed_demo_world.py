"""``seed_demo`` also loads the demo world and the players' game profiles."""

import pytest
from django.core.management import call_command

from agentweb.game.models import (
    KnowledgeArticle,
    PlayerProfile,
    Quest,
    QuestProgress,
    QuestStatus,
)


@pytest.fixture
def seeded(world, demo_password, settings):
    # Password hashing is not under test here and is most of seed_demo's time.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    call_command("seed_demo", verbosity=0)


def test_alice_and_bob_get_different_profiles(seeded):
    alice = PlayerProfile.objects.get(user__username="alice")
    bob = PlayerProfile.objects.get(user__username="bob")
    assert alice.minecraft_name != bob.minecraft_name
    assert alice.level > bob.level
    assert alice.balance > bob.balance
    assert alice.signin_streak > bob.signin_streak
    assert not PlayerProfile.objects.filter(user__username__in=["rita", "admin"]).exists()


def test_alice_has_completed_quests_and_one_in_progress(seeded):
    progress = QuestProgress.objects.filter(profile__user__username="alice")
    assert progress.filter(status=QuestStatus.COMPLETED).count() >= 3
    (current,) = progress.filter(status=QuestStatus.IN_PROGRESS)
    assert current.quest.title == "Let's get cracking"
    assert progress.filter(reward_claimed=True).exists()


def test_the_world_and_the_server_articles_are_loaded(seeded):
    assert Quest.objects.filter(book__slug="create-grand-expanse").count() == 213
    manual = KnowledgeArticle.objects.filter(source="manual")
    assert manual.filter(language="en_us").count() == manual.filter(language="zh_cn").count() == 6


def test_running_it_again_keeps_what_players_changed(seeded):
    PlayerProfile.objects.filter(user__username="bob").update(balance=999)

    call_command("seed_demo", verbosity=0)

    assert PlayerProfile.objects.get(user__username="bob").balance == 999
    assert QuestProgress.objects.filter(profile__user__username="bob").count() == 2


def test_the_demo_mod_brings_a_modded_recipe_a_tag_loot_and_chinese_names(seeded):
    from agentweb.game.models import ItemTag, LootTable, Recipe
    from agentweb.game.tools.items import lookup_sources

    kiln = Recipe.objects.get(recipe_id="hearthworks:kiln_firing/copper_gear")
    assert (kiln.rendered, kiln.station) == (False, "Kiln Firing")
    assert ItemTag.objects.get(tag_id="c:gears").items == ["hearthworks:copper_gear"]
    assert LootTable.objects.get(table_id="hearthworks:blocks/verdant_ore").kind == "block"
    gear = lookup_sources("铜齿轮", language="zh_cn")
    assert gear.item.item_id == "hearthworks:copper_gear"
    assert gear.item.name == "铜齿轮"
    assert "窑烧 (Hearthworks)" in gear.made_in
    way = next(s for s in gear.sources if s.kind == "processing")
    assert way.ingredients[0].label == "any 铜锭" and way.ingredients[0].count == 2
