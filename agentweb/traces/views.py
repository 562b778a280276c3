"""The viewer's pages: thin views over ``listing``, ``detail`` and ``compare`` (GET only)."""

from __future__ import annotations

from typing import Annotated

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from pydantic import Field

from agentweb.assistant.actions import ServiceError
from agentweb.assistant.models import Run
from agentweb.assistant.page.labels import js_labels
from agentweb.assistant.ws.consumer import WS_PATH
from agentweb.lib.inputs.fields import IntText
from agentweb.lib.inputs.http import reads
from agentweb.lib.inputs.models import Params
from agentweb.traces import compare as comparing
from agentweb.traces.access import readable_run, reviewer_view
from agentweb.traces.datasets import dataset_names
from agentweb.traces.detail import run_detail
from agentweb.traces.filters import RunFilterForm
from agentweb.traces.listing import feedback_count, page_of


def _run(request: HttpRequest, run_id: int) -> Run:
    try:
        return readable_run(request.user, run_id)
    except ServiceError:
        raise Http404(f"There is no run {run_id}.") from None


class ListQuery(Params):
    before: IntText() | None = None
    after: IntText() | None = None


@reviewer_view
@reads(query=ListQuery, errors="page")
def run_list(request: HttpRequest, *, query: ListQuery) -> HttpResponse:
    """Runs, newest first, filtered; keyset pages of ``PAGE_SIZE``.

    The filters are a Django form (``RunFilterForm``): its fields validate
    themselves and an invalid one filters nothing out."""
    form = RunFilterForm(request.GET or None)
    runs = form.apply(Run.objects.all()) if form.is_bound else Run.objects.all()
    page = page_of(runs, query.before, query.after)
    context = {
        "form": form,
        "page": page,
        "feedback": feedback_count(runs),
        # The newest runs: the list follows new runs over the socket (traces-list.js).
        "live": query.before is None and query.after is None,
        "boot": {
            "ws_path": WS_PATH,
            "words": {
                "live": _("Live: new runs and their ends appear as they happen."),
                "reconnecting": _("Connection lost; reconnecting…"),
                "refused": _("Live updates refused:"),
            },
        },
        "dataset_names": dataset_names(),
    }
    return render(request, "traces/list.html", context)


@reviewer_view
@reads(errors="page")
def run_page(request: HttpRequest, run_id: int) -> HttpResponse:
    """One run, step by step; a running run keeps updating over the websocket."""
    detail = run_detail(_run(request, run_id))
    boot = {
        "run_id": detail.run.pk,
        "after_seq": detail.last_seq,
        "active": detail.run.active,
        # A running run's duration counts from here (traces.js).
        "created_at": detail.run.created_at.isoformat(),
        # The assistant websocket (SPEC §15); reviewers subscribe read-only.
        "ws_path": WS_PATH,
        # The same words as the chat page's trace (render.js describes both).
        "labels": js_labels(),
        "live_words": {
            "live": _("Live: following this run as it goes."),
            "reconnecting": _("Connection lost; reconnecting…"),
            "refused": _("Live updates refused:"),
            "finished": _("The run has finished; the page shows all of it."),
            "data": _("data"),
        },
    }
    context = {"d": detail, "boot": boot, "dataset_names": dataset_names()}
    return render(request, "traces/detail.html", context)


class CompareQuery(Params):
    a: IntText() | None = None
    b: IntText() | None = None
    run: Annotated[list[IntText()], Field(max_length=2)] = []


@reviewer_view
@reads(query=CompareQuery, errors="page")
def compare(request: HttpRequest, *, query: CompareQuery) -> HttpResponse:
    """Two runs side by side: ``?a=<id>&b=<id>`` (or two ``run`` checkboxes of the list)."""
    a, b = query.a, query.b
    if a is None or b is None:
        a, b = [*query.run, None, None][:2]
    if a is None or b is None:
        return render(request, "traces/compare.html", {"missing": True}, status=400)
    left, right = run_detail(_run(request, a)), run_detail(_run(request, b))
    sums = comparing.summary(left), comparing.summary(right)
    context = {
        "left": left,
        "right": right,
        "left_url": reverse("traces:run", args=[left.run.pk]),
        "right_url": reverse("traces:run", args=[right.run.pk]),
        "rows": comparing.align(comparing.path_of(left), comparing.path_of(right)),
        "summary": [(k, sums[0][k], sums[1][k]) for k in sums[0]],
        "policy": comparing.diff(left.policy, right.policy),
        "prompts": comparing.changed_prompts(left, right),
    }
    return render(request, "traces/compare.html", context)
