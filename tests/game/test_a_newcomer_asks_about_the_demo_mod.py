"""A newcomer to the demo (``make run``) asks the offline assistant about the demo world's own
mod, Hearthworks, and gets its modded recipe with its station and tag, its loot and its
Chinese names — in English and in Chinese."""

import pytest
from django.core.management import call_command

from tests.fakes.model_server import FakeModelServer
from tests.planner.kit import ask, run_scripted
from tests.replies import answer, route, tool


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


def scripted_run(question: str):
    """A real model's run (scripted over HTTP) that looks the gear up without a language."""
    replies = [
        route("system:reasoning"),
        tool("item.source", item="hearthworks:copper_gear"),
        answer("-", [1]),
    ]
    with FakeModelServer(replies) as model:
        run_scripted(model.url, question)
    (seen,) = model.user_payloads()[2]["observations"]
    return seen


def test_a_real_models_lookup_names_the_mod_recipe_in_the_players_language(seeded):
    seen = scripted_run("铜齿轮怎么做？")
    assert seen["input"]["language"] == "zh_cn"
    (made,) = [w for w in seen["result"]["ways"] if w["kind"] == "processing"]
    assert made["station"] == "窑烧"
    assert made["ingredients"][0].startswith("2× any 铜锭")


def test_a_real_models_lookup_in_an_english_run_stays_in_english(seeded):
    seen = scripted_run("how do I make a copper gear?")
    assert seen["input"]["language"] == "en_us"
    (made,) = [w for w in seen["result"]["ways"] if w["kind"] == "processing"]
    assert made["station"] == "Kiln Firing"
    assert made["ingredients"][0].startswith("2× any Copper Ingots")
