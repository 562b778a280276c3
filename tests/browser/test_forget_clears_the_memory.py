"""R-MEM-1: Forget starts a new memory generation and the page says so."""

import pytest

from tests.browser.conftest import ask, wait_finished

pytestmark = pytest.mark.browser


def _generation(server) -> int:
    rows = server.query(
        "SELECT m.generation FROM assistant_memorystate m JOIN auth_user u ON u.id = m.user_id "
        "WHERE u.username = 'alice'"
    )
    return rows[0][0] if rows else 0


def test_forget_shows_that_the_memory_was_cleared(alice_page, server):
    page = alice_page
    wait_finished(ask(page, "/item Stick"))
    before = _generation(server)

    page.click("#btn-forget")

    notice = page.locator("#notices .notice", has_text="Memory cleared")
    notice.wait_for()
    assert _generation(server) == before + 1
