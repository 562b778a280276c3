"""player.info shows only the requesting player's own profile."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from agentweb.engine import AgentError, AgentFailure
from agentweb.game.models import Quest, QuestProgress, QuestStatus
from tests.game.tool_kit import call_tool, make_player


def test_player_info_shows_the_requesting_players_profile(world):
    alice = make_player("alice", balance=1450, streak=6)
    make_player("bob", balance=5)
    quest = Quest.objects.get(quest_id="7013762E5C89BE35")
    QuestProgress.objects.create(
        profile=alice.game_profile, quest=quest, status=QuestStatus.COMPLETED
    )
    out = call_tool("player.info", {}, user=alice)
    obs = out.observation
    assert (obs["player"], obs["balance"], obs["signin_streak"]) == ("AliceMC", 1450, 6)
    assert obs["quest_counts"] == {"completed": 1}
    assert obs["quests"][0]["title"] == "Burning Device"
    assert out.card["kind"] == "player"
    assert out.sources[0].title == "Player: AliceMC"


def test_player_info_cannot_be_asked_about_another_player(world):
    alice = make_player("alice")
    with pytest.raises(AgentError) as caught:
        call_tool("player.info", {"player": "bob"}, user=alice)
    assert caught.value.failure is AgentFailure.TOOL_INPUT_INVALID


def test_player_info_without_a_player_is_refused(world):
    with pytest.raises(AgentError) as caught:
        call_tool("player.info", {})
    assert caught.value.failure is AgentFailure.PERMISSION_DENIED


def test_a_user_without_a_profile_gets_a_clear_message(world):
    user = get_user_model().objects.create_user("newbie")
    out = call_tool("player.info", {}, user=user)
    assert out.observation["found"] is False
    assert "no game profile" in out.observation["message"]
    assert out.card is None
