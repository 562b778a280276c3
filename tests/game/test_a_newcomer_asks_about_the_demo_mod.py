"""A newcomer to the demo (``make run``) asks the offline assistant about the demo world's own
mod, Hearthworks, and gets its modded recipe with its station and tag, its loot and its
Chinese names — in English and in Chinese."""

import pytest
from django.core.management import call_command

from tests.planner.kit import ask


@pytest.fixture
def seeded(world, demo_password, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    call_command("seed_demo", verbosity=0)


@pytest.mark.parametrize(
    ("question", "facts"),
    [
        ("how do I make a copper gear?", ["Copper Gear", "Kiln Firing", "any Copper Ingots"]),
        ("铜齿轮怎么做？", ["铜齿轮", "在窑烧（Hearthworks）中用 2× 任意铜锭", "产出 2 个"]),
        ("where does verdigris come from?", ["Verdigris", "Verdant Ore"]),
        ("铜绿从哪里来？", ["铜绿", "铜绿矿石"]),
    ],
)
def test_the_demo_mod_is_answered_about(seeded, question, facts):
    text = ask(question).text
    for fact in facts:
        assert fact in text, f"{fact!r} missing from: {text}"


def test_a_chinese_answer_keeps_no_english_station_or_tag(seeded):
    text = ask("铜齿轮怎么做？").text
    for english in ("Kiln Firing", "Copper Ingots", "made (makes", "found in chests"):
        assert english not in text, f"{english!r} in: {text}"
