"""POST /api/game/link: a one-time code from the page links the Minecraft account."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from agentweb.game.models import PlayerProfile
from agentweb.gameserver import linking
from agentweb.gameserver.models import AccountLink, LinkCode
from tests.gameserver.conftest import ALICE_UUID, BOB_UUID, error_code, make_player

pytestmark = pytest.mark.django_db


@pytest.fixture
def carol():
    return get_user_model().objects.create_user("carol")


def test_a_code_from_the_page_links_the_account_and_creates_its_profile(api, carol):
    code = linking.new_code(carol).code
    response = api.post(
        "/api/game/link", {"code": code, "uuid": str(ALICE_UUID), "name": "Carol_MC"}
    )
    assert response.status_code == 200
    assert response.json() == {"linked": True, "uuid": str(ALICE_UUID), "name": "Carol_MC"}
    link = AccountLink.objects.get()
    assert link.uuid == ALICE_UUID
    assert link.profile.user == carol
    assert PlayerProfile.objects.get(user=carol).minecraft_name == "Carol_MC"


def test_the_code_may_be_typed_in_lower_case_without_the_dash(api, carol):
    code = linking.new_code(carol).code.replace("-", "").lower()
    response = api.post(
        "/api/game/link", {"code": code, "uuid": str(ALICE_UUID), "name": "CarolMC"}
    )
    assert response.status_code == 200


def test_a_code_links_only_once(api, carol):
    code = linking.new_code(carol).code
    api.post("/api/game/link", {"code": code, "uuid": str(ALICE_UUID), "name": "CarolMC"})
    again = api.post("/api/game/link", {"code": code, "uuid": str(BOB_UUID), "name": "Mallory"})
    assert again.status_code == 400
    assert error_code(again) == "bad_code"
    assert AccountLink.objects.get().uuid == ALICE_UUID


def test_an_expired_code_does_not_link(api, carol):
    code = linking.new_code(carol).code
    LinkCode.objects.update(expires_at=timezone.now() - datetime.timedelta(seconds=1))
    response = api.post(
        "/api/game/link", {"code": code, "uuid": str(ALICE_UUID), "name": "CarolMC"}
    )
    assert error_code(response) == "bad_code"
    assert not AccountLink.objects.exists()


def test_a_new_code_replaces_the_one_before(api, carol):
    first = linking.new_code(carol).code
    linking.new_code(carol)
    response = api.post(
        "/api/game/link", {"code": first, "uuid": str(ALICE_UUID), "name": "CarolMC"}
    )
    assert error_code(response) == "bad_code"


def test_only_a_hash_of_the_code_is_stored(carol):
    code = linking.new_code(carol).code
    stored = LinkCode.objects.get().code_hash
    assert code.replace("-", "") not in stored


def test_a_player_gets_only_a_few_codes_an_hour(carol):
    for _ in range(linking.MAX_CODES_PER_HOUR):
        linking.new_code(carol)
    with pytest.raises(linking.GameApiError) as refused:
        linking.new_code(carol)
    assert refused.value.status == 429


def test_a_server_guessing_codes_is_refused_for_a_while(api, carol):
    for i in range(linking.MAX_BAD_CODES):
        api.post("/api/game/link", {"code": f"WRONG{i}", "uuid": str(ALICE_UUID), "name": "Guess"})
    code = linking.new_code(carol).code
    response = api.post(
        "/api/game/link", {"code": code, "uuid": str(ALICE_UUID), "name": "CarolMC"}
    )
    assert response.status_code == 429
    assert error_code(response) == "too_many_attempts"
    assert not AccountLink.objects.exists()


def test_a_minecraft_account_linked_elsewhere_is_not_taken_over(api, carol):
    make_player("alice", link=ALICE_UUID)
    code = linking.new_code(carol).code
    response = api.post(
        "/api/game/link", {"code": code, "uuid": str(ALICE_UUID), "name": "CarolMC"}
    )
    assert response.status_code == 409
    assert error_code(response) == "uuid_linked"
    assert AccountLink.objects.get().profile.user.username == "alice"
    # The refused link left the code usable.
    assert LinkCode.objects.get().used_at is None


def test_a_name_of_another_profile_is_refused(api, carol):
    make_player("alice")
    code = linking.new_code(carol).code
    response = api.post("/api/game/link", {"code": code, "uuid": str(BOB_UUID), "name": "AliceMC"})
    assert error_code(response) == "name_taken"
    assert not AccountLink.objects.exists()


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ("not json", "bad_json"),
        ([1, 2], "bad_field"),
        ({"uuid": str(ALICE_UUID), "name": "CarolMC"}, "bad_field"),
        ({"code": "ABCD-EFGH", "uuid": "not-a-uuid", "name": "CarolMC"}, "bad_field"),
        ({"code": "ABCD-EFGH", "uuid": str(ALICE_UUID), "name": "two words"}, "bad_field"),
        ({"code": "ABCD-EFGH", "uuid": str(ALICE_UUID), "name": "x" * 17}, "bad_field"),
        ({"code": 12345678, "uuid": str(ALICE_UUID), "name": "CarolMC"}, "bad_field"),
        ({"code": "ABCD-EFGH", "uuid": str(ALICE_UUID), "name": "AliceCrafts\n"}, "bad_field"),
        ({"code": "ABCD-EFGH", "uuid": str(ALICE_UUID) + "\n", "name": "CarolMC"}, "bad_field"),
        ({"code": "ABCD-EFGH\n", "uuid": str(ALICE_UUID), "name": "CarolMC"}, "bad_field"),
        ({"code": "AB\ud800", "uuid": str(ALICE_UUID), "name": "CarolMC"}, "bad_json"),
    ],
)
def test_bad_link_requests_get_a_clear_error_and_change_nothing(api, carol, body, code):
    linking.new_code(carol)
    response = api.post("/api/game/link", body)
    assert response.status_code == 400
    assert error_code(response) == code
    assert response.json()["error"]["message"]
    assert not AccountLink.objects.exists()
    assert LinkCode.objects.get().used_at is None


def test_unlinking_removes_the_link_and_keeps_the_profile(carol, api):
    code = linking.new_code(carol).code
    api.post("/api/game/link", {"code": code, "uuid": str(ALICE_UUID), "name": "CarolMC"})
    assert linking.unlink(carol) is True
    assert not AccountLink.objects.exists()
    assert PlayerProfile.objects.filter(user=carol).exists()
    push = api.put(f"/api/game/players/{ALICE_UUID}", {"online": True})
    assert push.status_code == 404
