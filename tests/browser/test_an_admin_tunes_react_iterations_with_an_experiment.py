"""The admin's tuning loop in a real browser: a player's 👎 run goes into a dataset from the
filtered run list, an experiment runs it under a draft policy of one ReAct round, the page
follows its progress and sets both endings side by side, and the admin publishes."""

import re

import pytest

from tests.browser.conftest import ask, log_in, new_player, screenshot, wait_finished

pytestmark = pytest.mark.browser

QUESTION = "what does the quest Kenetic Foundation need?"


def test_from_thumbs_down_to_a_published_policy(server, new_page):
    new_player(server, "tuner")
    player = new_page()
    log_in(player, server, "tuner")
    turn = ask(player, QUESTION)
    assert wait_finished(turn) == "completed"
    turn.locator(".rate-down").click()
    run_id = turn.get_attribute("data-run-id")

    admin = new_page()
    log_in(admin, server, "admin")
    admin.goto(f"{server.url}/traces/?feedback=down&player=tuner")
    admin.locator(f'#runs tr[data-run="{run_id}"]').wait_for()
    admin.fill("#add-runs input[name=dataset]", "tuner thumbs down")
    admin.click("#add-runs button[type=submit]")
    admin.wait_for_url(re.compile(r"/traces/datasets/\d+/$"))
    assert QUESTION in admin.locator("#items").inner_text()
    assert "1 added to tuner thumbs down" in admin.locator("#messages").inner_text()

    admin.click("text=Run an experiment on it")
    admin.fill("#experiment-form input[name=name]", "one round")
    policy = admin.locator("#experiment-form textarea[name=policy]")
    policy.fill(policy.input_value().replace('"reactIterations": 3', '"reactIterations": 1'))
    admin.click("#experiment-form button[type=submit]")
    admin.wait_for_url(re.compile(r"/traces/experiments/\d+/$"))
    experiment_id = admin.url.rstrip("/").rsplit("/", 1)[1]

    assert admin.locator("#progress").inner_text().count("runs done") == 1
    admin.wait_for_selector('#results[data-status="finished"]', timeout=60_000)
    row = admin.locator("#comparison tbody tr").first
    assert row.locator('td[data-arm="baseline"]').get_attribute("data-stop") == "answered"
    assert row.locator('td[data-arm="candidate"]').get_attribute("data-stop") == "max_rounds"
    assert "2 of 2 runs done" in admin.locator("#progress").inner_text()
    assert "1 question(s) ended differently" in admin.locator("#totals").inner_text()
    screenshot(admin, "experiment-compare")

    try:
        admin.click("#publish")
        admin.wait_for_selector("#decision")
        assert "published by admin" in admin.locator("#decision").inner_text()
        published = server.query(
            "SELECT config FROM control_policyoverride WHERE workflow = ?", "system:reasoning"
        )
        assert '"reactIterations": 1' in published[0][0]
    finally:  # the other tests of the session keep the default policy
        server.shell(
            "from agentweb.control.models import PolicyOverride\n"
            "for o in PolicyOverride.objects.filter(workflow='system:reasoning'):\n"
            "    o.delete()\n"
        )
    runs = server.query(
        "SELECT COUNT(*) FROM traces_experimentrun WHERE experiment_id = ? AND run_id IS NOT NULL",
        int(experiment_id),
    )
    assert runs == [(2,)]
