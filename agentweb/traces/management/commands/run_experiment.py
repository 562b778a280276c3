"""``manage.py run_experiment --questions FILE.jsonl [--policy FILE.json] [--prompts DIR]
[--out FILE.json]``: every question under the settings in force and under the candidate,
the comparison as JSON (SPEC §15b) — for scripts and CI.

``--policy`` is shaped like ``system-agent.json`` (``{"policies": {"<workflow>":
{…}}}``); ``--prompts`` is a folder of ``<name>.txt`` files like ``prompts/``. The
experiment is kept (its page is printed); its runs are marked in the trace viewer.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.urls import reverse

from agentweb.lib.inputs.errors import Refusal
from agentweb.traces import dataset_lines, experiment_driver, experiment_results, experiments
from agentweb.traces.models import Candidate


class Command(BaseCommand):
    help = "Run a JSONL file's questions under the settings in force and under a candidate."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--questions", required=True, help="the JSONL file of questions")
        parser.add_argument("--policy", help="candidate policies, shaped like system-agent.json")
        parser.add_argument("--prompts", help="a folder of candidate prompts (<name>.txt)")
        parser.add_argument("--out", help="write the comparison here (default: stdout)")
        parser.add_argument("--name", default="", help="the experiment's name")

    def handle(self, *args: Any, **options: Any) -> None:
        questions = Path(options["questions"])
        try:
            items = dataset_lines.parse(_read(questions))
        except Refusal as exc:
            raise CommandError(f"{questions}: {exc.message}") from None
        draft: dict[str, Any] = {}
        if options["policy"]:
            draft["policies"] = _policies(Path(options["policy"]))
        if options["prompts"]:
            draft["prompts"] = _prompts(Path(options["prompts"]))
        if not draft:
            raise CommandError("give the candidate: --policy FILE.json and/or --prompts DIR")
        kind = Candidate.POLICY if "policies" in draft else Candidate.PROMPTS
        name = options["name"] or questions.stem
        try:
            experiment = experiments.create(name, kind, draft, None, items=items)
        except Refusal as exc:
            raise CommandError(exc.message) from None
        asyncio.run(experiment_driver.drive(experiment.pk))
        experiment.refresh_from_db()
        result = experiment_results.as_json(experiment)
        text = json.dumps(result, ensure_ascii=False, indent=2) + "\n"
        if options["out"]:
            Path(options["out"]).write_text(text, encoding="utf-8")
        else:
            self.stdout.write(text, ending="")
        page = reverse("traces:experiment", args=[experiment.pk])
        sys.stderr.write(f"experiment {experiment.pk} {experiment.status}: {page}\n")
        if experiment.status != "finished":
            raise CommandError(experiment.message or f"the experiment {experiment.status}")


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CommandError(f"cannot read {path}: {exc}") from None


def _policies(path: Path) -> dict[str, Any]:
    try:
        raw = json.loads(_read(path))
    except ValueError as exc:
        raise CommandError(f"{path}: not valid JSON ({exc})") from None
    if not isinstance(raw, dict) or not isinstance(raw.get("policies"), dict):
        raise CommandError(f'{path}: expected {{"policies": {{"<workflow>": {{…}}}}}}')
    return raw["policies"]


def _prompts(folder: Path) -> dict[str, str]:
    if not folder.is_dir():
        raise CommandError(f"{folder}: not a folder of <name>.txt prompts")
    found = {path.stem: _read(path) for path in sorted(folder.glob("*.txt"))}
    if not found:
        raise CommandError(f"{folder}: holds no <name>.txt prompt")
    return found
