"""R-UI-2: the run list stays fast on many runs: one query for the page (and one for its
feedback count), however many rows."""

import pytest
from django.contrib.auth import get_user_model

from agentweb.assistant.models import MemoryState, Run
from agentweb.traces.listing import PAGE_SIZE
from tests.traces.conftest import REACT_USAGE, client_for

pytestmark = pytest.mark.django_db

# Session, the user, his groups (reviewer check), the page of runs, the feedback count,
# the dataset names offered for "add to dataset", plus slack for the session save:
# whatever the number of runs and players on the page.
MAX_QUERIES = 7


@pytest.fixture
def many_runs(db):
    players = [
        get_user_model().objects.create_user(f"player{n}", password="pw-player-123")
        for n in range(12)
    ]
    MemoryState.objects.bulk_create(MemoryState(user=p, generation=1) for p in players[::2])
    Run.objects.bulk_create(
        Run(
            user=players[n % len(players)],
            question=f"question {n} " + "x" * 500,
            answer="y" * 2000,
            workflow="system:reasoning",
            status="completed",
            stop_reason={"code": "answered"},
            usage=REACT_USAGE,
        )
        for n in range(PAGE_SIZE * 3)
    )


def test_a_full_page_of_runs_by_many_players_costs_a_fixed_number_of_queries(
    rita, many_runs, django_assert_max_num_queries
):
    client = client_for(rita)

    with django_assert_max_num_queries(MAX_QUERIES):
        response = client.get("/traces/")

    rows = response.context["page"].rows
    assert len(rows) == PAGE_SIZE
    assert {row.run.user.username for row in rows} == {f"player{n}" for n in range(12)}
    assert any("forgotten" in row.flags for row in rows), "memory generations came joined in"


def test_a_filtered_older_page_costs_the_same(rita, many_runs, django_assert_max_num_queries):
    client = client_for(rita)
    newest = Run.objects.order_by("-id").values_list("pk", flat=True).first()

    with django_assert_max_num_queries(MAX_QUERIES + 1):  # + resolving the player's name
        response = client.get(f"/traces/?player=player3&status=completed&before={newest}")

    assert response.status_code == 200
    assert {row.run.user.username for row in response.context["page"].rows} == {"player3"}


def test_the_list_does_not_load_whole_questions_and_answers(rita, many_runs):
    rows = client_for(rita).get("/traces/").context["page"].rows

    deferred = rows[0].run.get_deferred_fields()
    assert {"question", "answer", "policy_snapshot", "prompt_snapshot", "cards"} <= deferred
    assert len(rows[0].run.question_head) <= 120
