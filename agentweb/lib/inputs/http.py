"""``@reads``: every HTTP view declares what it reads, and gets it parsed and typed.

    @require_POST
    @api_view
    @reads(body=ChatMessage)
    async def start_run(request, *, body: ChatMessage) -> JsonResponse: ...

The view receives the validated models as keyword arguments (``body``,
``query``, ``form``, ``headers``; a ``path`` model replaces the URL's own
keyword arguments with its fields). Bad input never reaches the view: the
answer is a 4xx with ``{"error": {"code", "message"}}`` (``errors="json"``)
or a short text page (``errors="page"``, for HTML views and htmx partials).
A ``Refusal`` the view raises (the assistant's ``ServiceError``, …) is
answered the same way.
A body is read only when one is declared, through the one JSON reader, after
its size is checked; text inputs (query, form, headers, path) are refused
when they hold a NUL, and a single-valued parameter given twice is refused.

The declaration stays on the view (``declaration_of``): the route-walking
test (``tests/test_every_route_refuses_bad_input.py``) attacks every field
of it, so a new route is attacked without anyone remembering to.
"""

from __future__ import annotations

import functools
import inspect
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, get_origin

from django.db import OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict
from pydantic import BaseModel

from agentweb.lib.inputs.errors import InputError, Refusal
from agentweb.lib.inputs.models import Params, parse_json, validate
from agentweb.lib.storable_text import NUL

# A request body larger than this is refused before it is parsed (a view may declare
# its own limit: a player-state push names thousands of quest ids).
MAX_BODY_BYTES = 256 * 1024
ErrorStyle = Literal["json", "page"]
BUSY = "The database is busy; try again in a few seconds."
RETRY_AFTER_S = 5
ATTRIBUTE = "agentweb_reads"


@dataclass(frozen=True)
class Reads:
    """What one view reads; the models of each place, and how its refusals are answered."""

    body: type[BaseModel] | None = None
    query: type[Params] | None = None
    form: type[Params] | None = None
    headers: type[Params] | None = None
    path: type[Params] | None = None
    errors: ErrorStyle = "json"
    max_body: int = MAX_BODY_BYTES
    places: dict[str, type[BaseModel]] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        for place in ("body", "query", "form", "headers", "path"):
            model = getattr(self, place)
            if model is not None:
                self.places[place] = model

    def read(self, request: HttpRequest, kwargs: dict[str, Any]) -> dict[str, Any]:
        """The view's keyword arguments: the URL's (or the path model's) and each model's."""
        parsed: dict[str, Any] = {}
        if self.path is not None:
            path = validate(
                self.path, _texts(self.path, kwargs), what="path", field_code="bad_field"
            )
            kwargs = {**kwargs, **path.model_dump()}
        if self.query is not None:
            parsed["query"] = _params(self.query, request.GET, "query")
        if self.form is not None:
            parsed["form"] = _params(self.form, request.POST, "form")
        if self.headers is not None:
            parsed["headers"] = _params(self.headers, request.headers, "headers")
        if self.body is not None:
            parsed["body"] = parse_json(
                self.body, read_body(request, self.max_body), what="body", field_code="bad_field"
            )
        return {**kwargs, **parsed}

    def busy(self, exc: OperationalError) -> HttpResponse:
        """A database that stayed locked past the connection's wait: ``503 busy``."""
        if not locked(exc):
            raise exc
        response = self.refuse(Refusal("busy", BUSY, 503))
        response["Retry-After"] = str(RETRY_AFTER_S)
        return response

    def refuse(self, exc: Refusal) -> HttpResponse:
        if self.errors == "page":
            return HttpResponse(exc.message, status=exc.status, content_type="text/plain")
        return error_response(exc.status, exc.code, exc.message)


def error_response(status: int, code: str, message: str) -> JsonResponse:
    """Every refusal of the JSON API: ``{"error": {"code", "message"}}``."""
    return JsonResponse({"error": {"code": code, "message": message}}, status=status)


def reads(
    *,
    body: type[BaseModel] | None = None,
    query: type[Params] | None = None,
    form: type[Params] | None = None,
    headers: type[Params] | None = None,
    path: type[Params] | None = None,
    errors: ErrorStyle = "json",
    max_body: int = MAX_BODY_BYTES,
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Declare what the view reads (nothing, when called with no argument); see the module."""
    declaration = Reads(body, query, form, headers, path, errors, max_body)

    def decorate(view: Callable[..., Any]) -> Callable[..., Any]:
        # A method (an admin's view) gets ``self`` first, then the request.
        at = 1 if next(iter(inspect.signature(view).parameters), "") == "self" else 0
        if inspect.iscoroutinefunction(view):

            async def wrapper(*args: Any, **kwargs: Any) -> Any:
                try:
                    return await view(*args, **declaration.read(args[at], kwargs))
                except Refusal as exc:
                    return declaration.refuse(exc)
                except OperationalError as exc:
                    return declaration.busy(exc)

        else:

            def wrapper(*args: Any, **kwargs: Any) -> Any:
                try:
                    return view(*args, **declaration.read(args[at], kwargs))
                except Refusal as exc:
                    return declaration.refuse(exc)
                except OperationalError as exc:
                    return declaration.busy(exc)

        functools.update_wrapper(wrapper, view)
        setattr(wrapper, ATTRIBUTE, declaration)
        return wrapper

    return decorate


def declaration_of(view: Callable[..., Any]) -> Reads | None:
    """The ``@reads`` declaration of a view, through the decorators wrapped around it."""
    seen = 0
    while view is not None and seen < 50:
        found = getattr(view, ATTRIBUTE, None)
        if isinstance(found, Reads):
            return found
        view = getattr(view, "__wrapped__", None)
        seen += 1
    return None


def read_body(request: HttpRequest, limit: int) -> bytes:
    """The raw body, refused with 413 when larger than ``limit`` (checked before reading
    when the client says its length); an empty body reads as ``{}``."""
    declared = request.META.get("CONTENT_LENGTH") or ""
    if declared.isascii() and declared.isdigit() and int(declared) > limit:
        raise InputError("body_too_large", f"The request body is larger than {limit} bytes.", 413)
    raw = request.body
    if len(raw) > limit:
        raise InputError("body_too_large", f"The request body is larger than {limit} bytes.", 413)
    return raw or b"{}"


def read_query(request: HttpRequest, model: type[Params], default: Any) -> Any:
    """A query model read outside a view's declaration (an admin form's initial data);
    ``default`` when the query is malformed."""
    try:
        return _params(model, request.GET, "query")
    except InputError:
        return default


def _params(model: type[Params], source: Mapping[str, Any], place: str) -> Any:
    return validate(model, _texts(model, source), what=place, field_code="bad_field")


def _texts(model: type[BaseModel], source: Mapping[str, Any]) -> dict[str, Any]:
    """The model's fields from text: lists where the field is one, else a single value."""
    out: dict[str, Any] = {}
    getlist = source.getlist if isinstance(source, QueryDict) else None
    for name, info in model.model_fields.items():
        key = info.alias or name
        if getlist is not None:
            values = getlist(key)
        else:
            value = source.get(key)
            values = [] if value is None else [value]
        if not values:
            continue
        texts = [v for v in values if isinstance(v, str)]
        if any(NUL in v for v in texts):
            raise InputError("bad_field", f"{key}: must not contain a NUL character (U+0000)")
        if get_origin(info.annotation) is list:
            out[key] = values
        elif len(values) > 1:
            raise InputError("bad_field", f"{key}: give it once, not {len(values)} times.")
        else:
            out[key] = values[0]
    return out


# ``Authorization: Bearer <key>``: exactly one space, a key of URL-safe characters.
_BEARER = re.compile(r"Bearer ([A-Za-z0-9_-]{1,256})")


def locked(exc: BaseException | None) -> bool:
    """The database refused because another connection held its lock too long (SQLite)."""
    return isinstance(exc, OperationalError) and "locked" in str(exc)


def authorization(request: HttpRequest) -> str:
    """The ``Authorization`` header as sent (``""`` without one)."""
    return request.headers.get("Authorization", "")


def bearer_key(header: str) -> str | None:
    """The key of an ``Authorization: Bearer <key>`` header, or ``None`` when it is not one."""
    found = _BEARER.fullmatch(header)
    return found.group(1) if found else None


def login_required_json(view: Callable[..., Any]) -> Callable[..., Any]:
    """A session view that answers JSON: ``401 login_required`` instead of a login redirect."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
        if not request.user.is_authenticated:
            return error_response(401, "login_required", "Log in first.")
        return view(request, *args, **kwargs)

    return wrapper
