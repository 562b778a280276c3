from django.http import HttpRequest, HttpResponseRedirect, JsonResponse
from django.templatetags.static import static
from django.views.decorators.http import require_GET

from agentweb.lib.inputs.http import reads

# The site's icon; ``base.html`` names it, this answers browsers that ask the root anyway.
FAVICON = "agentweb/favicon.svg"


@require_GET
@reads()
def healthz(request: HttpRequest) -> JsonResponse:
    """Liveness probe for process managers and `make run`'s start-up check."""
    return JsonResponse({"status": "ok"})


@require_GET
@reads(errors="page")
def favicon(request: HttpRequest) -> HttpResponseRedirect:
    """``/favicon.ico``: the site's icon (a permanent redirect to the static file)."""
    return HttpResponseRedirect(static(FAVICON), status=301)
