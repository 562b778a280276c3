"""From an ended experiment the admin publishes the candidate — a new version in the policy's
(or the prompt's) history, in force for new runs — or discards it; either once."""

import pytest

from agentweb.assistant import config
from agentweb.control.models import PolicyOverride, PolicyOverrideVersion, PromptVersion
from agentweb.engine.policy import MODULE_DEFAULTS, REASONING
from agentweb.traces import experiments
from agentweb.traces.models import Experiment, ExperimentStatus
from tests.experiments.conftest import client_for

pytestmark = pytest.mark.django_db

ITEMS = [{"question": "how do I get iron ingots?"}]


def one_round() -> dict:
    return {
        "policies": {REASONING: {**MODULE_DEFAULTS[REASONING].as_config(), "reactIterations": 1}}
    }


def ended(admin, kind="policy", draft=None, status=ExperimentStatus.FINISHED) -> Experiment:
    experiment = experiments.create("tune", kind, draft or one_round(), admin, items=ITEMS)
    Experiment.objects.filter(pk=experiment.pk).update(status=status)
    experiment.refresh_from_db()
    return experiment


def test_publishing_a_policy_makes_it_a_new_version_in_force_for_new_runs(admin):
    experiment = ended(admin)
    assert config.policy_lookup()(REASONING).react_iterations == 3

    page = client_for(admin).post(f"/traces/experiments/{experiment.pk}/publish", follow=True)

    assert "Published: new runs use policy system:reasoning." in page.content.decode()
    override = PolicyOverride.objects.get(workflow=REASONING)
    assert override.config["reactIterations"] == 1 and override.enabled
    assert override.updated_by == admin
    version = override.versions.get()
    assert version.config == override.config and version.created_by == admin
    assert f"experiment {experiment.pk}" in version.note
    assert config.policy_lookup()(REASONING).react_iterations == 1
    experiment.refresh_from_db()
    assert experiment.decision == "published" and experiment.decided_by == admin
    assert 'id="decision"' in page.content.decode() and 'id="publish"' not in page.content.decode()


def test_publishing_a_prompt_adds_a_prompt_version(admin):
    experiment = ended(admin, "prompts", {"prompts": {"react": "Be brief. Use the tools."}})

    client_for(admin).post(f"/traces/experiments/{experiment.pk}/publish")

    version = PromptVersion.objects.get()
    assert (version.name, version.text, version.created_by) == (
        "react",
        "Be brief. Use the tools.",
        admin,
    )
    assert config.snapshot().prompts["react"] == "Be brief. Use the tools."


def test_discarding_changes_nothing_for_players(admin):
    experiment = ended(admin)

    page = client_for(admin).post(f"/traces/experiments/{experiment.pk}/discard", follow=True)

    assert "Discarded: nothing changed for players." in page.content.decode()
    assert not PolicyOverride.objects.exists()
    assert not PolicyOverrideVersion.objects.exclude(source="file").exists(), "no new version"
    experiment.refresh_from_db()
    assert experiment.decision == "discarded"


@pytest.mark.parametrize("second", ["publish", "discard"])
def test_a_candidate_is_decided_once(admin, second):
    experiment = ended(admin)
    client = client_for(admin)
    client.post(f"/traces/experiments/{experiment.pk}/discard")

    response = client.post(f"/traces/experiments/{experiment.pk}/{second}")

    assert response.status_code == 409
    assert "already published or discarded" in response.content.decode()
    assert not PolicyOverride.objects.exists()


def test_a_running_experiment_is_not_published(admin):
    experiment = ended(admin, status=ExperimentStatus.RUNNING)

    response = client_for(admin).post(f"/traces/experiments/{experiment.pk}/publish")

    assert response.status_code == 409 and "still running" in response.content.decode()
    assert not PolicyOverride.objects.exists()
    assert Experiment.objects.get().decision == ""


def test_a_model_endpoint_is_not_published(admin):
    draft = {"model": {"base_url": "http://127.0.0.1:9/v1", "model": "m"}}
    experiment = ended(admin, "model", draft)

    response = client_for(admin).post(f"/traces/experiments/{experiment.pk}/publish")

    assert response.status_code == 400 and "AGENTWEB_LLM_BASE_URL" in response.content.decode()
    assert Experiment.objects.get().decision == ""


@pytest.mark.parametrize("who", ["rita", "alice"])
def test_only_admins_publish_or_discard(request, admin, who):
    experiment = ended(admin)
    client = client_for(request.getfixturevalue(who))

    codes = [
        client.post(f"/traces/experiments/{experiment.pk}/{a}").status_code
        for a in ("publish", "discard", "stop")
    ]

    assert codes == [403, 403, 403]
    assert not PolicyOverride.objects.exists()
    assert Experiment.objects.get().decision == ""


def test_the_experiment_pages_answer_only_their_methods(admin):
    experiment = ended(admin)
    client = client_for(admin)

    assert client.get(f"/traces/experiments/{experiment.pk}/publish").status_code == 405
    assert client.post(f"/traces/experiments/{experiment.pk}/").status_code == 405
    assert client.get("/traces/experiments/999/").status_code == 404
