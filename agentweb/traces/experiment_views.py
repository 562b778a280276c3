"""Experiments in the trace viewer: thin views over ``experiments``, ``experiment_driver`` and
``experiment_results`` (admins only).

The new-experiment form takes a dataset and a candidate (a draft policy as JSON, a
draft prompt, or another model endpoint); the experiment then runs in the background
of the serving process, and its page follows it (the results refresh themselves
while it runs) until the admin publishes or discards the candidate.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated, Any, Literal

from asgiref.sync import sync_to_async
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from pydantic import Field

from agentweb.assistant import config
from agentweb.control.config import prompt_file_text, prompt_names
from agentweb.engine.policy import REASONING, ROUTABLE
from agentweb.lib.inputs.errors import InputError
from agentweb.lib.inputs.fields import IntText, Text
from agentweb.lib.inputs.http import reads
from agentweb.lib.inputs.json_text import read_json
from agentweb.lib.inputs.models import Params
from agentweb.traces import candidates, datasets, experiment_driver, experiment_results, experiments
from agentweb.traces.access import can_experiment, role_view
from agentweb.traces.models import Dataset, Experiment
from agentweb.traces.models.datasets import NAME_LENGTH

REFUSED = "Experiments are for admins."
MAX_POLICY_TEXT = 20_000


def admin(*methods: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    return role_view(can_experiment, *methods, refused=REFUSED)


@admin("GET")
@reads(errors="page")
def experiment_list(request: HttpRequest) -> HttpResponse:
    experiments.settle_abandoned()
    lookup = config.policy_lookup()
    context = {
        "experiments": Experiment.objects.select_related("dataset")[:100],
        "datasets": Dataset.objects.order_by("name"),
        "workflows": ROUTABLE,
        "default_workflow": REASONING,
        "policy": json.dumps(lookup(REASONING).as_config(), indent=2),
        "policies": {w: lookup(w).as_config() for w in ROUTABLE},
        "prompts": prompt_names(),
        "react_prompt": prompt_file_text("react"),
        "max_name": NAME_LENGTH,
    }
    return render(request, "traces/experiments.html", context)


class NewExperiment(Params):
    name: Annotated[Text, Field(max_length=NAME_LENGTH)] = ""
    dataset: IntText(minimum=1)
    kind: Literal["policy", "prompts", "model"]
    workflow: Annotated[Text, Field(max_length=64)] = REASONING
    policy: Annotated[Text, Field(max_length=MAX_POLICY_TEXT)] = ""
    prompt: Annotated[Text, Field(max_length=64)] = ""
    prompt_text: Annotated[Text, Field(max_length=candidates.MAX_PROMPT)] = ""
    base_url: Annotated[Text, Field(max_length=candidates.MAX_URL)] = ""
    model: Annotated[Text, Field(max_length=candidates.MAX_MODEL_NAME)] = ""


@admin("POST")
@reads(form=NewExperiment, errors="page")
async def experiment_new(request: HttpRequest, *, form: NewExperiment) -> HttpResponse:
    """Make the experiment and start it in the background; its page follows it."""
    draft = _draft(form)
    user = await request.auser()

    def make() -> Experiment:
        dataset = datasets.dataset_by_id(form.dataset)
        return experiments.create(form.name, form.kind, draft, user, dataset=dataset)

    experiment = await sync_to_async(make)()
    experiment_driver.start(experiment.pk)
    return redirect("traces:experiment", experiment.pk)


def _draft(form: NewExperiment) -> dict[str, Any]:
    if form.kind == "policy":
        try:
            policy = read_json(form.policy, what="policy", field_code="bad_policy")
        except InputError as exc:
            raise candidates.BadCandidate(f"The policy is not JSON: {exc.message}") from None
        return {"policies": {form.workflow: policy}}
    if form.kind == "prompts":
        return {"prompts": {form.prompt: form.prompt_text}}
    return {"model": {"base_url": form.base_url, "model": form.model}}


@admin("GET")
@reads(errors="page")
def experiment_page(request: HttpRequest, experiment_id: int) -> HttpResponse:
    experiments.settle_abandoned()
    experiment = experiments.experiment_by_id(experiment_id)
    context = _results(experiment)
    context["candidate_json"] = json.dumps(experiment.candidate, indent=2, ensure_ascii=False)
    return render(request, "traces/experiment.html", context)


@admin("GET")
@reads(errors="page")
def experiment_results_part(request: HttpRequest, experiment_id: int) -> HttpResponse:
    """The progress and the table (htmx polls it while the experiment runs)."""
    experiments.settle_abandoned()
    experiment = experiments.experiment_by_id(experiment_id)
    return render(request, "traces/partials/experiment_results.html", _results(experiment))


def _results(experiment: Experiment) -> dict[str, Any]:
    rows = experiment_results.rows_of(experiment)
    return {
        "experiment": experiment,
        "rows": rows,
        "summary": experiment_results.summary(rows),
        "progress": experiments.progress(experiment),
        "publishable": candidates.publishable(experiment.kind),
    }


@admin("POST")
@reads(errors="page")
async def experiment_stop(request: HttpRequest, experiment_id: int) -> HttpResponse:
    """No further question starts; the run in flight ends now when it runs in this process
    (this view runs on its event loop), else at its next step."""
    experiment = await sync_to_async(experiments.experiment_by_id)(experiment_id)
    if await sync_to_async(experiments.request_stop)(experiment):
        experiment_driver.stop_here(experiment.pk)
        await sync_to_async(messages.success)(request, _("Stopping: no further question starts."))
    else:
        await sync_to_async(messages.info)(request, _("The experiment had already ended."))
    return redirect("traces:experiment", experiment.pk)


@admin("POST")
@reads(errors="page")
def experiment_publish(request: HttpRequest, experiment_id: int) -> HttpResponse:
    experiment = experiments.experiment_by_id(experiment_id)
    changed = experiments.decide(experiment, request.user, publish=True)
    messages.success(request, _("Published: new runs use %(what)s.") % {"what": ", ".join(changed)})
    return redirect("traces:experiment", experiment.pk)


@admin("POST")
@reads(errors="page")
def experiment_discard(request: HttpRequest, experiment_id: int) -> HttpResponse:
    experiment = experiments.experiment_by_id(experiment_id)
    experiments.decide(experiment, request.user, publish=False)
    messages.success(request, _("Discarded: nothing changed for players."))
    return redirect("traces:experiment", experiment.pk)
