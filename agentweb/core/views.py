from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_GET

from agentweb.lib.inputs.http import reads


@require_GET
@reads()
def healthz(request: HttpRequest) -> JsonResponse:
    """Liveness probe for process managers and `make run`'s start-up check."""
    return JsonResponse({"status": "ok"})
