"""R-AUTH-1: the viewer is for reviewers and admins; players get 403, strangers the login page."""

import pytest

from tests.traces.conftest import client_for

pytestmark = pytest.mark.django_db

PAGES = ("/traces/", "/traces/runs/{run}/", "/traces/compare/?a={run}&b={run}")


@pytest.mark.parametrize("page", PAGES)
def test_a_player_gets_403_on_every_viewer_page_even_for_his_own_run(alice, record_run, page):
    run = record_run(alice)

    response = client_for(alice).get(page.format(run=run.pk))

    assert response.status_code == 403


@pytest.mark.parametrize("page", PAGES)
def test_an_anonymous_visitor_is_sent_to_the_login_page(alice, record_run, client, page):
    run = record_run(alice)

    response = client.get(page.format(run=run.pk))

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


@pytest.mark.parametrize("page", PAGES)
def test_rita_and_the_admin_read_any_players_run(alice, rita, admin, record_run, page):
    run = record_run(alice)

    for user in (rita, admin):
        assert client_for(user).get(page.format(run=run.pk)).status_code == 200


def test_an_unknown_run_is_404_for_a_reviewer(rita):
    assert client_for(rita).get("/traces/runs/999999/").status_code == 404
    assert client_for(rita).get("/traces/compare/?a=999998&b=999999").status_code == 404


@pytest.mark.parametrize("page", PAGES)
def test_an_account_with_no_role_gets_403_too(alice, charlie, record_run, page):
    run = record_run(alice)

    response = client_for(charlie).get(page.format(run=run.pk))

    assert response.status_code == 403
