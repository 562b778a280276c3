"""The viewer's pages: thin views over ``listing``, ``detail`` and ``compare`` (GET only)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from agentweb.assistant.actions import ServiceError
from agentweb.assistant.models import Run
from agentweb.assistant.page.labels import js_labels
from agentweb.assistant.ws.consumer import WS_PATH
from agentweb.traces import compare as comparing
from agentweb.traces.access import readable_run, reviewer_view
from agentweb.traces.detail import run_detail
from agentweb.traces.filters import RunFilterForm
from agentweb.traces.listing import page_of


def _int_param(request: HttpRequest, name: str) -> int | None:
    raw = request.GET.get(name, "")
    return int(raw) if raw.isdigit() else None


def _run(request: HttpRequest, run_id: int) -> Run:
    try:
        return readable_run(request.user, run_id)
    except ServiceError:
        raise Http404(f"There is no run {run_id}.") from None


@reviewer_view
def run_list(request: HttpRequest) -> HttpResponse:
    """Runs, newest first, filtered; keyset pages of ``PAGE_SIZE``."""
    form = RunFilterForm(request.GET or None)
    runs = form.apply(Run.objects.all()) if form.is_bound else Run.objects.all()
    page = page_of(runs, _int_param(request, "before"), _int_param(request, "after"))
    return render(request, "traces/list.html", {"form": form, "page": page})


@reviewer_view
def run_page(request: HttpRequest, run_id: int) -> HttpResponse:
    """One run, step by step; a running run keeps updating over the websocket."""
    detail = run_detail(_run(request, run_id))
    boot = {
        "run_id": detail.run.pk,
        "after_seq": detail.last_seq,
        "active": detail.run.active,
        # The assistant websocket (SPEC §15); reviewers subscribe read-only.
        "ws_path": WS_PATH,
        # The same words as the chat page's trace (render.js describes both).
        "labels": js_labels(),
    }
    return render(request, "traces/detail.html", {"d": detail, "boot": boot})


@reviewer_view
def compare(request: HttpRequest) -> HttpResponse:
    """Two runs side by side: ``?a=<id>&b=<id>`` (or two ``run`` checkboxes of the list)."""
    ids = [int(v) for v in request.GET.getlist("run") if v.isdigit()]
    a, b = _int_param(request, "a"), _int_param(request, "b")
    if a is None or b is None:
        a, b = [*ids, None, None][:2]
    if a is None or b is None:
        return render(request, "traces/compare.html", {"missing": True}, status=400)
    left, right = run_detail(_run(request, a)), run_detail(_run(request, b))
    sums = comparing.summary(left), comparing.summary(right)
    context = {
        "left": left,
        "right": right,
        "rows": comparing.align(comparing.path_of(left), comparing.path_of(right)),
        "summary": [(k, sums[0][k], sums[1][k]) for k in sums[0]],
        "policy": comparing.diff(left.policy, right.policy),
        "prompts": comparing.changed_prompts(left, right),
    }
    return render(request, "traces/compare.html", context)
