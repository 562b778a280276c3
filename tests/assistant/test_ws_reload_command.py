"""R-POL-5: the admin-only /reload chat command reloads policies and prompts from the files."""

import pytest

pytestmark = pytest.mark.django_db(transaction=True)


async def test_an_admin_reloads_the_files_without_a_model_call(connect, make_user, model):
    boss = await _staff(make_user)
    socket = await connect(boss)

    await socket.send({"type": "chat.send", "text": "/reload"})
    run_id = (await socket.recv())["run_id"]
    frames = await socket.until_finished(run_id)

    answer = next(f for f in frames if f.get("kind") == "answer")
    assert answer["data"]["text"].startswith("Reloaded policies and prompts")
    assert model.calls == 0


async def test_a_player_cannot_reload(connect, alice, model):
    socket = await connect(alice)

    await socket.send({"type": "chat.send", "text": "/reload"})
    run_id = (await socket.recv())["run_id"]
    frames = await socket.until_finished(run_id)

    answer = next(f for f in frames if f.get("kind") == "answer")
    assert answer["data"]["text"] == "Only admins can use /reload."
    assert model.calls == 0


async def _staff(make_user):
    from channels.db import database_sync_to_async

    def create():
        user = make_user("boss")
        user.is_staff = True
        user.save()
        return user

    return await database_sync_to_async(create)()
