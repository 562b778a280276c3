from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET


@require_GET
@login_required
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "core/home.html")


@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """Liveness probe for process managers and `make run`'s start-up check."""
    return JsonResponse({"status": "ok"})
