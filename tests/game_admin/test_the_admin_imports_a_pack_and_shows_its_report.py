"""An admin starts ``import_pack`` from the admin (a path on the server) and reads the last
import's report there; the import runs in the background, one at a time."""

import pytest
from django.urls import reverse

from agentweb.game import pack_imports
from agentweb.game.models import ImportStatus, PackImport, Recipe
from tests.game.packs import MIXER_MOD, vanilla_items, write_zip

# The import runs in its own thread, which sees only committed rows.
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def jar(tmp_path):
    vanilla_items()
    return write_zip(tmp_path / "mixer.jar", MIXER_MOD)


def start(client, path, **extra):
    return client.post(reverse("admin:game_packimport_start"), {"path": str(path), **extra})


def test_an_import_started_in_the_admin_runs_and_its_report_is_shown(admin_client, jar):
    response = start(admin_client, jar)
    assert response.status_code == 302
    record = PackImport.objects.get()
    pack_imports.wait(record.pk, timeout=60)
    record.refresh_from_db()
    assert record.status == ImportStatus.SUCCEEDED
    assert record.requested_by.username == "admin"
    assert Recipe.objects.filter(recipe_id="mixer:mixing/andesite_alloy").exists()
    page = admin_client.get(reverse("admin:game_packimport_changelist")).content.decode()
    assert "Last import:" in page
    assert "recipe types kept generically: mixer:crushing" in page
    detail = admin_client.get(reverse("admin:game_packimport_change", args=[record.pk]))
    assert "mixer:mixing" in detail.content.decode()


def test_a_dry_run_from_the_admin_writes_nothing(admin_client, jar):
    start(admin_client, jar, dry_run="true")
    record = PackImport.objects.get()
    pack_imports.wait(record.pk, timeout=60)
    record.refresh_from_db()
    assert record.dry_run and record.status == ImportStatus.SUCCEEDED
    assert not Recipe.objects.exists()


def test_a_path_that_is_not_there_is_refused(admin_client, tmp_path):
    response = start(
        admin_client,
        tmp_path / "nowhere",
    )
    assert response.status_code == 302
    assert not PackImport.objects.exists()
    page = admin_client.get(reverse("admin:game_packimport_changelist")).content.decode()
    assert "No file or folder" in page


def test_a_second_import_waits_for_the_first(admin_client, jar):
    PackImport.objects.create(path="/elsewhere", status=ImportStatus.RUNNING)
    start(admin_client, jar)
    assert PackImport.objects.count() == 1
    page = admin_client.get(reverse("admin:game_packimport_changelist")).content.decode()
    assert "import is running: /elsewhere" in page


def test_a_staff_member_without_superuser_rights_cannot_start_one(client, jar, make_user):
    from django.contrib.auth.models import Permission

    user = make_user("staff")
    user.is_staff = True
    user.save()
    user.user_permissions.add(Permission.objects.get(codename="view_packimport"))
    client.force_login(user)
    start(client, jar)
    assert not PackImport.objects.exists()


def test_an_import_whose_process_died_no_longer_blocks_the_next(admin_client, jar):
    import datetime

    from django.utils import timezone

    stale = PackImport.objects.create(path="/elsewhere", status=ImportStatus.RUNNING)
    PackImport.objects.filter(pk=stale.pk).update(
        started_at=timezone.now() - pack_imports.STALE_AFTER - datetime.timedelta(minutes=1)
    )
    start(admin_client, jar)
    record = PackImport.objects.exclude(pk=stale.pk).get()
    pack_imports.wait(record.pk, timeout=60)
    stale.refresh_from_db()
    assert stale.status == ImportStatus.FAILED
    assert stale.text.startswith("Interrupted")
