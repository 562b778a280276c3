"""Browser tests: Debian's Chromium, headless, driven by Playwright, against a live server.

Without Chromium (or Playwright) these tests are skipped on a laptop; with
``AGENTWEB_REQUIRE_BROWSER=1`` (CI) a missing browser is a failure instead,
so a broken CI image can never pass by skipping.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.browser.server import PASSWORD, LiveServer

CHROMIUM = os.environ.get("AGENTWEB_CHROMIUM", "/usr/bin/chromium")
REQUIRE_BROWSER = os.environ.get("AGENTWEB_REQUIRE_BROWSER") == "1"
LAUNCH_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Model calls of the offline planner are this slow on the main server, so
# trace entries arrive one by one as they would from a real model.
STEP_DELAY_MS = "150"
# The slow server: a model call takes long enough to press Stop in the middle.
SLOW_DELAY_MS = "1500"
# Where screenshots go when asked for: AGENTWEB_SCREENSHOTS=docs/screenshots.
SCREENSHOTS = os.environ.get("AGENTWEB_SCREENSHOTS", "")
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 860}


def _missing(reason: str) -> None:
    if REQUIRE_BROWSER:
        pytest.fail(f"{reason} (AGENTWEB_REQUIRE_BROWSER=1)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = CHROMIUM if os.path.isabs(CHROMIUM) else shutil.which(CHROMIUM)
    if not path or not os.access(path, os.X_OK):
        _missing(f"Chromium not found at {CHROMIUM!r} (set AGENTWEB_CHROMIUM)")
    return path


@pytest.fixture(scope="session")
def browser(chromium_path: str) -> Iterator[object]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("the playwright package is not installed")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=chromium_path, args=LAUNCH_ARGS)
        yield chromium
        chromium.close()


def _serve(tmp_path_factory: pytest.TempPathFactory, name: str, delay_ms: str) -> LiveServer:
    workdir = tmp_path_factory.mktemp(name)
    return LiveServer(workdir, name, {"AGENTWEB_OFFLINE_DELAY_MS": delay_ms}).start()


@pytest.fixture(scope="session")
def server(browser, tmp_path_factory) -> Iterator[LiveServer]:
    live = _serve(tmp_path_factory, "server", STEP_DELAY_MS)
    yield live
    live.stop()


@pytest.fixture(scope="session")
def slow_server(browser, tmp_path_factory) -> Iterator[LiveServer]:
    live = _serve(tmp_path_factory, "slow", SLOW_DELAY_MS)
    yield live
    live.stop()


@pytest.fixture
def new_page(browser) -> Iterator[Callable[..., object]]:
    """A fresh browser context (own cookies) per page; closed after the test, which fails
    if a script of any of its pages threw."""
    contexts = []
    errors: list[str] = []

    def make(viewport: dict[str, int] | None = None, locale: str = "en-US") -> object:
        context = browser.new_context(viewport=viewport or DESKTOP, locale=locale)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.on("pageerror", lambda error: errors.append(f"{page.url}: {error}"))
        return page

    yield make
    for context in contexts:
        context.close()
    assert errors == [], "a page script threw"


def log_in(page, live: LiveServer, username: str = "alice") -> None:
    """Log in; players land on the chat (connected), reviewers and admins on their pages."""
    page.goto(f"{live.url}/accounts/login/?next=/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.click("form.login button[type=submit]")
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    if page.locator("#message").count():
        page.wait_for_selector('#conn[data-state="connected"]')


@pytest.fixture
def alice_page(server, new_page):
    page = new_page()
    log_in(page, server, "alice")
    return page


def ask(page, text: str, allow_web: bool = False) -> object:
    """Send a message; returns the locator of the new turn."""
    before = page.locator("#turns > li.turn").count()
    if allow_web:
        page.check("#allow-web")
    page.fill("#message", text)
    page.keyboard.press("Escape")
    page.click("#btn-send")
    turn = page.locator("#turns > li.turn").nth(before)
    turn.wait_for()
    return turn


def wait_finished(turn, timeout_ms: int = 30_000) -> str:
    """The run's final status, once its turn shows one."""
    finished = ["completed", "degraded", "cancelled", "failed", "undone", "interrupted"]
    selector = ", ".join(f'[data-status="{s}"]' for s in finished)
    turn.page.wait_for_function(
        "([el, sel]) => el.matches(sel)", arg=[turn.element_handle(), selector], timeout=timeout_ms
    )
    return turn.get_attribute("data-status")


def new_player(live: LiveServer, username: str) -> None:
    """A player of her own on the live server: no run, no game profile."""
    script = (
        "from django.contrib.auth import get_user_model\n"
        "from agentweb.core.roles import Role, ensure_groups\n"
        f"user = get_user_model().objects.create_user({username!r}, password={PASSWORD!r})\n"
        "user.groups.add(ensure_groups()[Role.PLAYER])\n"
    )
    live.shell(script)


def screenshot(page, name: str) -> None:
    """Save docs/screenshots/<name>.png when AGENTWEB_SCREENSHOTS names the folder."""
    if not SCREENSHOTS:
        return
    folder = Path(SCREENSHOTS)
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"{name}.png"), full_page=False)
