"""``manage.py run_experiment`` runs a JSONL file's questions under the settings in force and
under a candidate policy or prompts, and writes the comparison shaped as SPEC §15b says."""

import json

import pytest
from django.core.management import CommandError, call_command

from agentweb.engine.policy import MODULE_DEFAULTS, REASONING
from agentweb.traces.models import Experiment, ExperimentRun
from tests.experiments.conftest import QUEST_QUESTION
from tests.replies import answer, route

pytestmark = pytest.mark.django_db(transaction=True)

ARM_KEYS = {
    "answer", "status", "stop_reason", "rounds", "model_calls", "tokens", "latency_ms",
    "expected_found",
}  # fmt: skip


@pytest.fixture
def files(tmp_path):
    questions = tmp_path / "questions.jsonl"
    questions.write_text(
        json.dumps({"question": QUEST_QUESTION, "language": "en", "expected": ["Andesite"]}) + "\n"
    )
    policy = tmp_path / "policy.json"
    one_round = {**MODULE_DEFAULTS[REASONING].as_config(), "reactIterations": 1}
    policy.write_text(json.dumps({"policies": {REASONING: one_round}}))
    return {"questions": questions, "policy": policy, "out": tmp_path / "out.json"}


def test_the_output_has_the_shape_of_the_spec_with_the_offline_planner(quest_book, files, capsys):
    call_command(
        "run_experiment", questions=str(files["questions"]), policy=str(files["policy"]),
        out=str(files["out"]),
    )  # fmt: skip

    result = json.loads(files["out"].read_text())
    assert set(result) == {"questions", "summary"}
    (row,) = result["questions"]
    assert set(row) == {"question", "baseline", "candidate"}
    assert row["question"] == QUEST_QUESTION
    assert set(row["baseline"]) == ARM_KEYS and set(row["candidate"]) == ARM_KEYS
    assert row["baseline"]["stop_reason"] == "answered"
    assert row["candidate"]["stop_reason"] == "max_rounds"
    assert isinstance(row["baseline"]["latency_ms"], int)
    assert set(result["summary"]) == {"questions", "baseline", "candidate", "differing"}
    assert result["summary"]["differing"] == 1
    experiment = Experiment.objects.get()
    assert f"/traces/experiments/{experiment.pk}/" in capsys.readouterr().err
    assert ExperimentRun.objects.filter(run__isnull=False).count() == 2, "kept and marked"


def test_candidate_prompts_come_from_a_folder_and_the_json_goes_to_stdout(
    files, tmp_path, model, capsys
):
    prompts = tmp_path / "prompts"
    prompts.mkdir()
    (prompts / "chat.txt").write_text("Answer in one word.")
    model.push(route("system:chat"), answer("Iron."), route("system:chat"), answer("Iron."))
    files["questions"].write_text('{"question": "hello there"}\n')

    call_command("run_experiment", questions=str(files["questions"]), prompts=str(prompts))

    result = json.loads(capsys.readouterr().out)
    assert [row["candidate"]["answer"] for row in result["questions"]] == ["Iron."]
    assert Experiment.objects.get().candidate == {"prompts": {"chat": "Answer in one word."}}
    snapshots = [e.run.prompt_snapshot["chat"] for e in ExperimentRun.objects.order_by("arm")]
    assert snapshots[1] == "Answer in one word." != snapshots[0]


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"questions": '{"question": "ok"}\n{"question": 1}\n'}, "Line 2: question"),
        ({"questions": ""}, "holds no dataset line"),
        ({"policy": "{oops"}, "not valid JSON"),
        ({"policy": '{"reactIterations": 1}'}, '"policies"'),
        (
            {"policy": '{"policies": {"system:reasoning": {"reactIterations": -1}}}'},
            "reactIterations",
        ),
        ({"policy": '{"policies": {"system:nope": {}}}'}, "unknown workflow"),
    ],
)
def test_bad_files_are_named_and_nothing_runs(files, change, says):
    for name, text in change.items():
        files[name].write_text(text)

    with pytest.raises(CommandError, match=says):
        call_command(
            "run_experiment", questions=str(files["questions"]), policy=str(files["policy"])
        )

    assert not Experiment.objects.exists()


def test_without_a_candidate_it_says_what_to_give(files):
    with pytest.raises(CommandError, match=r"--policy FILE\.json and/or --prompts DIR"):
        call_command("run_experiment", questions=str(files["questions"]))
