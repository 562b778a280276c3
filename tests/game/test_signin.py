"""Daily sign-in: coins once per day, a streak, and an undo that restores everything."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from agentweb.engine import AgentError, AgentFailure
from agentweb.game.models import PlayerProfile
from agentweb.game.services.signin import reward_for, sign_in
from tests.game.tool_kit import call_tool, make_player, undo

pytestmark = pytest.mark.django_db

TODAY = timezone.localdate()
YESTERDAY = TODAY - datetime.timedelta(days=1)


def profile(user):
    return PlayerProfile.objects.get(user=user)


def test_signing_in_pays_coins_and_extends_a_streak():
    alice = make_player("alice", balance=100, streak=6, last_signin=YESTERDAY)
    out = call_tool("player.signin", {}, user=alice)
    assert out.observation["ok"] is True
    assert out.observation["streak"] == 7
    assert out.observation["coins"] == reward_for(7) == 22
    p = profile(alice)
    assert (p.balance, p.signin_streak, p.last_signin) == (122, 7, TODAY)
    assert out.card["kind"] == "signin"


def test_missing_a_day_restarts_the_streak():
    alice = make_player("alice", streak=9, last_signin=TODAY - datetime.timedelta(days=3))
    assert sign_in(alice).streak == 1


def test_a_second_sign_in_the_same_day_changes_nothing():
    alice = make_player("alice", balance=100)
    sign_in(alice)
    second = sign_in(alice)
    assert second.ok is False
    assert second.already_signed_in is True
    assert profile(alice).balance == 100 + reward_for(1)


def test_undo_restores_coins_streak_and_date():
    alice = make_player("alice", balance=100, streak=3, last_signin=YESTERDAY)
    out = call_tool("player.signin", {}, user=alice)
    undo(out)
    p = profile(alice)
    assert (p.balance, p.signin_streak, p.last_signin) == (100, 3, YESTERDAY)


def test_the_sign_in_waits_for_the_players_confirmation():
    alice = make_player("alice", balance=100)
    out = call_tool("player.signin", {}, user=alice, approve=False)
    assert out.executed is False
    assert profile(alice).balance == 100


def test_sign_in_takes_no_input():
    alice = make_player("alice")
    with pytest.raises(AgentError) as caught:
        call_tool("player.signin", {"coins": 1000}, user=alice)
    assert caught.value.failure is AgentFailure.TOOL_INPUT_INVALID
