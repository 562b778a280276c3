from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_GET


@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """Liveness probe for process managers and `make run`'s start-up check."""
    return JsonResponse({"status": "ok"})
