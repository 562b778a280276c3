"""PUT /api/game/players/<uuid>: pushed state feeds player.info and the FTB quest tools."""

from __future__ import annotations

import uuid

import pytest

from agentweb.game.models import Chapter, PlayerProfile, Quest, QuestBook, QuestProgress
from agentweb.gameserver.models import AccountLink
from tests.game.tool_kit import call_tool
from tests.gameserver.conftest import ALICE_UUID, error_code

pytestmark = pytest.mark.django_db

STONE = "1A2B3C4D5E6F7081"
IRON = "00000000000000AF"


@pytest.fixture
def book(db) -> QuestBook:
    book = QuestBook.objects.create(slug="survival", name="Survival")
    chapter = Chapter.objects.create(book=book, chapter_id="C1", filename="start", title="Start")
    Quest.objects.create(book=book, chapter=chapter, quest_id=STONE, title="Stone Age")
    Quest.objects.create(book=book, chapter=chapter, quest_id=IRON, title="Iron Age")
    return book


def url(mc_uuid: uuid.UUID = ALICE_UUID) -> str:
    return f"/api/game/players/{mc_uuid}"


def test_name_level_and_online_reach_player_info(api, alice):
    response = api.put(url(), {"name": "Alice_New", "level": 31, "online": True})
    assert response.status_code == 200
    assert response.json()["name"] == "Alice_New"
    info = call_tool("player.info", {}, user=alice).observation
    assert (info["player"], info["level"], info["online"]) == ("Alice_New", 31, True)
    assert AccountLink.objects.get().profile.online is True


def test_completed_quests_reach_player_info_and_the_quest_tools(api, alice, book):
    body = {"quests": {"survival": {"completed": [STONE], "in_progress": ["af"]}}}
    response = api.put(url(), body)
    assert response.json()["quests"] == {"survival": {"completed": 1, "in_progress": 1}}
    info = call_tool("player.info", {}, user=alice).observation
    assert info["quest_counts"] == {"completed": 1, "in_progress": 1}
    detail = call_tool("ftb.quest.detail", {"quest_id": STONE}, user=alice).observation
    assert detail["your_status"] == "completed"
    claim = call_tool("ftb.quest.claim", {"quest_id": STONE}, user=alice).observation
    assert claim["ok"] is True


def test_a_quest_the_game_no_longer_lists_is_not_started_again_but_stays_claimed(api, alice, book):
    api.put(url(), {"quests": {"survival": {"completed": [STONE]}}})
    QuestProgress.objects.update(reward_claimed=True)
    api.put(url(), {"quests": {"survival": {"completed": []}}})
    progress = QuestProgress.objects.get()
    assert (progress.status, progress.reward_claimed) == ("not_started", True)


def test_unknown_quest_ids_and_books_are_reported_and_never_stored(api, alice, book):
    body = {"quests": {"survival": {"completed": [STONE, "FFFF"]}, "other-pack": {"completed": []}}}
    response = api.put(url(), body).json()
    assert response["unknown_quests"] == {"survival": ["000000000000FFFF"]}
    assert response["unknown_books"] == ["other-pack"]
    assert QuestProgress.objects.count() == 1


def test_an_unlinked_uuid_is_a_404(api, alice):
    response = api.put(url(uuid.UUID(int=7)), {"level": 3})
    assert (response.status_code, error_code(response)) == (404, "unknown_player")


@pytest.mark.parametrize(
    "body",
    [
        {"level": "12"},
        {"level": -1},
        {"level": True},
        {"online": "yes"},
        {"name": "no spaces"},
        {"color": "red"},
        {"quests": {"survival": ["1A2B"]}},
        {"quests": {"survival": {"completed": ["not-hex!"]}}},
        {"quests": {"survival": {"done": [STONE]}}},
        {"name": "Alice_New", "level": 5, "quests": {"survival": {"completed": [7]}}},
    ],
)
def test_bad_state_gets_a_clear_error_and_changes_nothing(api, alice, book, body):
    response = api.put(url(), body)
    assert (response.status_code, error_code(response)) == (400, "bad_field")
    profile = PlayerProfile.objects.get(user=alice)
    assert (profile.minecraft_name, profile.level) == ("AliceMC", 1)
    assert not QuestProgress.objects.exists()
    assert AccountLink.objects.get().state_pushed_at is None


def test_a_bad_uuid_in_the_path_is_a_clear_error(api, alice):
    response = api.put("/api/game/players/not-a-uuid", {"level": 2})
    assert (response.status_code, error_code(response)) == (400, "bad_field")


def test_a_name_held_by_another_profile_is_refused_and_nothing_changes(api, alice, bob):
    response = api.put(url(), {"name": "BobMC", "level": 9})
    assert (response.status_code, error_code(response)) == (409, "name_taken")
    assert PlayerProfile.objects.get(user=alice).level == 1
