"""A run speaks its message's language, else the player's: a bare ``/checkin`` from a page
in Chinese (the switcher's cookie, or the browser's Accept-Language) is answered in
Chinese, from a page in English in English; a command with Chinese words in it is
answered in Chinese whatever the page's language. Over the websocket and the HTTP API."""

import json

import pytest
from channels.db import database_sync_to_async
from django.conf import settings
from django.test import AsyncClient

from agentweb.assistant.api.auth import new_token
from agentweb.assistant.models import Run
from agentweb.assistant.runs.executor import executor
from agentweb.game.models import PlayerProfile

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def profile(alice):
    return PlayerProfile.objects.create(user=alice, minecraft_name="Alice_MC", balance=5)


async def _answer(socket, text: str) -> tuple[str, int]:
    await socket.send({"type": "chat.send", "text": text})
    run_id = (await socket.recv())["run_id"]
    frames = await socket.until_finished(run_id)
    return next(f for f in frames if f.get("kind") == "answer")["data"]["text"], run_id


async def test_a_bare_checkin_from_a_chinese_browser_is_answered_in_chinese(
    connect, alice, model, profile
):
    socket = await connect(alice, accept_language="zh-CN,zh;q=0.9,en;q=0.5")
    text, run_id = await _answer(socket, "/checkin")
    assert text.startswith("签到成功：+10 金币"), text
    run = await database_sync_to_async(Run.objects.get)(pk=run_id)
    assert run.language == "zh-hans"
    assert model.calls == 0


async def test_the_language_switcher_s_cookie_wins_over_the_browser(connect, alice, model, profile):
    cookie = f"{settings.LANGUAGE_COOKIE_NAME}=zh-hans"
    socket = await connect(alice, cookies=cookie, accept_language="en-US,en")
    text, _ = await _answer(socket, "/checkin")
    assert "签到成功" in text


async def test_a_bare_checkin_from_an_english_page_is_answered_in_english(
    connect, alice, model, profile
):
    socket = await connect(alice, accept_language="en-US,en")
    text, run_id = await _answer(socket, "/checkin")
    assert text == "Signed in: +10 coins, streak 1 day(s)."
    assert (await database_sync_to_async(Run.objects.get)(pk=run_id)).language == "en"


async def test_a_command_with_chinese_words_is_answered_in_chinese_on_an_english_page(
    connect, alice, model
):
    socket = await connect(alice, accept_language="en-US,en")
    text, _ = await _answer(socket, "/nosuchcommand 你好")
    assert text.startswith("未知命令 /nosuchcommand。可用命令："), text


async def test_a_command_with_english_words_is_answered_in_english_on_a_chinese_page(
    connect, alice, model
):
    socket = await connect(alice, accept_language="zh-CN")
    text, _ = await _answer(socket, "/nosuchcommand please")
    assert text.startswith("Unknown command /nosuchcommand. Commands:"), text


async def test_the_api_answers_a_bare_checkin_in_the_request_s_language(alice, model, profile):
    token = await database_sync_to_async(new_token)(alice, "game server")
    headers = {"Authorization": f"Bearer {token[1]}", "Accept-Language": "zh-CN"}
    client = AsyncClient()
    started = await client.post(
        "/api/runs",
        data=json.dumps({"text": "/checkin"}),
        content_type="application/json",
        headers=headers,
    )
    await executor.wait_all()
    run = await database_sync_to_async(Run.objects.get)(pk=started.json()["run_id"])
    assert (run.language, run.answer[:5]) == ("zh-hans", "签到成功：")
