"""An admin's candidate policy (one ReAct round) against the default, question by question,
through the real run machinery with the offline planner: the candidate runs out of rounds
where the default answers, and the comparison shows it."""

import pytest
from channels.db import database_sync_to_async

from agentweb.assistant.models import Run
from agentweb.engine.policy import MODULE_DEFAULTS, REASONING
from agentweb.traces import experiment_driver, experiment_results, experiments
from agentweb.traces.models import Arm, ExperimentRun, ExperimentStatus
from tests.experiments.conftest import QUEST_QUESTION

pytestmark = pytest.mark.django_db(transaction=True)


def one_round() -> dict:
    policy = {**MODULE_DEFAULTS[REASONING].as_config(), "reactIterations": 1}
    return {"policies": {REASONING: policy}}


async def test_one_round_runs_out_where_the_default_answers(quest_book, admin):
    items = [{"question": QUEST_QUESTION, "language": "en", "expected": ["Kenetic Foundation"]}]
    experiment = await database_sync_to_async(experiments.create)(
        "one round", "policy", one_round(), admin, items=items
    )

    await experiment_driver.drive(experiment.pk)

    experiment = await database_sync_to_async(experiments.experiment_by_id)(experiment.pk)
    assert experiment.status == ExperimentStatus.FINISHED
    result = await database_sync_to_async(experiment_results.as_json)(experiment)
    (row,) = result["questions"]
    baseline, candidate = row["baseline"], row["candidate"]
    assert baseline["status"] == "completed" and baseline["stop_reason"] == "answered"
    assert candidate["status"] == "degraded" and candidate["stop_reason"] == "max_rounds"
    assert "ran out of rounds" in candidate["answer"]
    assert candidate["rounds"] == 1 < baseline["rounds"]
    assert baseline["expected_found"] == ["Kenetic Foundation"]
    summary = result["summary"]
    assert summary["differing"] == 1
    assert summary["baseline"]["answered"] == 1 and summary["candidate"]["answered"] == 0

    def policies():
        return {
            e.arm: e.run.policy_snapshot["reactIterations"]
            for e in ExperimentRun.objects.select_related("run")
        }

    assert await database_sync_to_async(policies)() == {Arm.BASELINE: 3, Arm.CANDIDATE: 1}
    assert await database_sync_to_async(Run.objects.count)() == 2
