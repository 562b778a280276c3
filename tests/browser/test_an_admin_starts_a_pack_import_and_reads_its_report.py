"""The admin's pack import in a real browser: the admin types a path on the server into
*Game › Pack imports*, starts a dry run, and reads its report there (nothing written, so
the demo world the other browser tests see stays as it is)."""

import pytest

from tests.browser.conftest import log_in
from tests.game.packs import MIXER_MOD, write_zip

pytestmark = pytest.mark.browser


def test_an_admin_starts_a_dry_run_and_reads_its_report(server, new_page, tmp_path):
    jar = write_zip(tmp_path / "mixer-1.0.jar", MIXER_MOD)
    page = new_page()
    log_in(page, server, "admin")
    page.goto(f"{server.url}/admin/game/packimport/")

    page.fill("#pack-path", str(jar))
    page.check("input[name=dry_run]")
    page.click("input[type=submit][value='Start the import']")

    page.wait_for_url(f"{server.url}/admin/game/packimport/")
    assert "started; reload this page for its report" in page.locator(".messagelist").inner_text()
    for _ in range(60):
        heading = page.locator("#last-import h2")
        if (
            heading.count()
            and str(jar) in heading.inner_text()
            and "(dry run)" in heading.inner_text()
        ):
            break
        page.wait_for_timeout(500)
        page.reload()
    heading = page.locator("#last-import h2").inner_text()
    assert str(jar) in heading and "Succeeded" in heading and "(dry run)" in heading
    report = page.locator("#last-import pre").inner_text()
    assert report.startswith("dry run (nothing written)")
    assert "mixer:mixing" in report and "recipes:" in report


def test_a_path_that_is_not_there_is_refused_on_the_page(server, new_page, tmp_path):
    page = new_page()
    log_in(page, server, "admin")
    page.goto(f"{server.url}/admin/game/packimport/")
    page.fill("#pack-path", str(tmp_path / "nowhere.jar"))
    page.click("input[type=submit][value='Start the import']")
    page.wait_for_url(f"{server.url}/admin/game/packimport/")
    assert "No file or folder" in page.locator(".messagelist").inner_text()
