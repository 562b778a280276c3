"""Every route refuses crafted input with a clear 4xx and changes nothing (SPEC §14, R-REL-2).

The URL configuration is walked, not listed: each view of ours carries its
``@reads`` declaration (``agentweb/lib/inputs/http.py``), and every field of
every declared model — body, query string, form, headers, path — is sent the
crafted values of its type (``tests/attacks.py``). A route added later is
attacked the same way; a route without a declaration fails here, saying what
to add. JSON routes must answer ``{"error": {"code", "message"}}``; HTML views
and htmx partials (``errors="page"``) a short text page. After each route the
database holds exactly what it held before.

Django's own views (the admin's model pages, the auth views, the language
switch) read their input through Django's forms: they are only checked for
not failing (no 5xx) on crafted query strings and object ids.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from functools import partial
from typing import Any
from urllib.parse import quote, urlencode

import pytest
from channels.db import database_sync_to_async
from django.apps import apps
from django.db import connection
from django.test import AsyncClient
from django.urls import Resolver404, URLPattern, URLResolver, get_resolver, resolve

from agentweb.assistant.api.auth import new_token as new_api_token
from agentweb.assistant.models import Run, Status
from agentweb.game.models import Delivery, DeliveryState
from agentweb.gameserver.auth import new_token as new_game_token
from agentweb.gameserver.inputs import EXAMPLE_UUID
from agentweb.gameserver.models import AccountLink, GameChat
from agentweb.lib.inputs.http import Reads, declaration_of
from tests import attacks
from tests.game.tool_kit import make_player

# The routes run in the server's threads: the world is committed, not in a test transaction.
attacked = pytest.mark.django_db(transaction=True, reset_sequences=True)

# The names Django's admin gives the pages of every registered model, and its own pages.
ADMIN_PAGES = re.compile(r".*_(changelist|add|history|delete|change|password_change)")
ADMIN_OWN = {"index", "login", "logout", "password_change", "password_change_done"}
ADMIN_OWN |= {"autocomplete", "jsi18n", "view_on_site", "app_list", None}
# Rows a refused request is meant to write: wrong link codes are counted for the lockout.
COUNTERS_OF_REFUSALS = {"gameserver_linkattempt"}
HOW_TO_DECLARE = (
    "decorate the view with @reads(...) from agentweb.lib.inputs.http (@reads() when it "
    "reads nothing) and type every input with the request layer's models — see "
    "docs/architecture.md, 'Reading requests'"
)


@dataclass(frozen=True)
class Route:
    pattern: str  # "api/runs/<int:run_id>"
    name: str | None
    namespace: str | None
    view: Any

    @property
    def label(self) -> str:
        module = getattr(self.view, "__module__", "?")
        return f"/{self.pattern} ({module}.{getattr(self.view, '__name__', '?')})"

    @property
    def djangos(self) -> bool:
        """A view of Django's own (its admin's model pages included): not ours to declare."""
        if self.namespace == "admin":
            return self.name in ADMIN_OWN or bool(ADMIN_PAGES.fullmatch(self.name or ""))
        return getattr(self.view, "__module__", "").startswith("django.")

    def path(self, **values: str) -> str:
        def value(match: re.Match[str]) -> str:
            return quote(values.get(match.group(2), "1"), safe="")

        return "/" + re.sub(r"<(?:(\w+):)?(\w+)>", value, self.pattern)


def all_routes() -> list[Route]:
    def walk(patterns: list[Any], prefix: str, namespace: str | None) -> Any:
        for entry in patterns:
            if isinstance(entry, URLResolver):
                yield from walk(
                    entry.url_patterns, prefix + str(entry.pattern), entry.namespace or namespace
                )
            elif isinstance(entry, URLPattern):
                yield Route(prefix + str(entry.pattern), entry.name, namespace, entry.callback)

    return list(walk(get_resolver().url_patterns, "", None))


OURS = [route for route in all_routes() if not route.djangos]
DJANGOS = [route for route in all_routes() if route.djangos]


def test_every_route_of_ours_declares_what_it_reads():
    undeclared = [route.label for route in OURS if declaration_of(route.view) is None]

    assert not undeclared, f"routes without an input declaration ({HOW_TO_DECLARE}): {undeclared}"


def test_every_declared_field_has_attacks():
    uncovered = []
    for route in OURS:
        for place, model in declaration_of(route.view).places.items():
            try:
                list(attacks.fields(model))
            except attacks.Uncovered as exc:
                uncovered.append(f"{route.label} {place}: {exc}")

    assert not uncovered, uncovered


def test_every_path_part_is_an_integer_or_declared():
    loose = []
    for route in OURS:
        declared = declaration_of(route.view).path
        names = set(declared.model_fields) if declared else set()
        for converter, name in re.findall(r"<(?:(\w+):)?(\w+)>", route.pattern):
            if converter != "id" and name not in names:
                loose.append(f"{route.label}: <{converter or 'str'}:{name}>")

    assert not loose, (
        "ids are <id:name> (a database integer, lib/inputs/converters.py); declare any other "
        f"path part in a path model (@reads(path=...)): {loose}"
    )


# --- the attack ---------------------------------------------------------------------------


@dataclass
class World:
    session: AsyncClient
    game: dict[str, str]
    api_key: str
    game_key: str


def _world() -> dict[str, Any]:
    alice = make_player("alice")
    AccountLink.objects.create(profile=alice.game_profile, uuid=EXAMPLE_UUID, linked_by="test")
    admin = type(alice).objects.create_superuser("admin", password="pw-admin-123")
    run = Run.objects.create(user=admin, question="hello", status=Status.COMPLETED)
    game_token, game_key = new_game_token("server")
    Delivery.objects.create(
        profile=alice.game_profile,
        kind="item",
        item_id="minecraft:bread",
        label="Bread",
        reason="purchase:1",
        state=DeliveryState.SENDING,
        channel="api",
        claimed_by=f"token:{game_token.pk}",
    )
    chat_run = Run.objects.create(user=alice, question="hi", status=Status.COMPLETED)
    GameChat.objects.create(run=chat_run, link=alice.game_profile.minecraft_link, token=game_token)
    assert run.pk == 1
    return {"admin": admin, "api_key": new_api_token(admin, "script")[1], "game_key": game_key}


def fingerprint() -> str:
    """Every row of every table, hashed (tokens' "last used" is bookkeeping, not a change)."""
    digest = hashlib.sha256()
    with connection.cursor() as cursor:
        for model in apps.get_models(include_auto_created=True):
            if model._meta.proxy or not model._meta.managed:
                continue
            columns = [
                connection.ops.quote_name(f.column)
                for f in model._meta.concrete_fields
                if f.name != "last_used_at"
            ]
            if model._meta.db_table in COUNTERS_OF_REFUSALS:
                continue
            table = connection.ops.quote_name(model._meta.db_table)
            cursor.execute(f"SELECT {', '.join(columns)} FROM {table} ORDER BY 1")
            digest.update(model._meta.db_table.encode())
            digest.update(repr(cursor.fetchall()).encode())
    return digest.hexdigest()


@pytest.fixture
async def world() -> World:
    made = await database_sync_to_async(_world)()
    session = AsyncClient()
    await session.aforce_login(made["admin"])
    game = {"Authorization": f"Bearer {made['game_key']}"}
    return World(session, game, made["api_key"], made["game_key"])


async def _send(world: World, route: Route, method: str, url: str, **kw: Any) -> Any:
    headers = dict(kw.pop("headers", {}))
    if route.pattern.startswith("api/game/"):
        headers = {**world.game, **headers}
    client = world.session
    if method == "GET":
        return await client.get(url, headers=headers, **kw)
    call = {"POST": client.post, "PUT": client.put}[method]
    return await call(url, headers=headers, **kw)


async def _method(world: World, route: Route) -> str:
    """The method the route answers (read off a 405's Allow header)."""
    response = await _send(world, route, "GET", route.path())
    if response.status_code != 405:
        return "GET"
    allowed = [m.strip() for m in response["Allow"].split(",")]
    return next(m for m in ("POST", "PUT", "GET") if m in allowed)


def _reaches(path: str, route: Route) -> bool:
    try:
        return resolve(path).func is route.view
    except Resolver404:
        return False


def _problem(route: Route, declared: Reads, what: str, response: Any) -> str | None:
    status = response.status_code
    if not 400 <= status < 500:
        return f"{route.label} {what}: {status}"
    content_type = response.get("Content-Type", "")
    if declared.errors == "json" or route.pattern.startswith("api/"):
        try:
            error = json.loads(response.content)["error"]
        except (ValueError, KeyError, TypeError):
            return f"{route.label} {what}: {status} is not a JSON error ({content_type})"
        if not (isinstance(error.get("code"), str) and isinstance(error.get("message"), str)):
            return f"{route.label} {what}: {status} without code and message"
    elif not content_type.startswith(("text/plain", "text/html")):
        return f"{route.label} {what}: {status} answered {content_type}"
    return None


async def _attack(world: World, route: Route, method: str) -> list[str]:
    declared = declaration_of(route.view)
    sent: list[tuple[str, Any]] = []
    problems: list[str] = []
    url = route.path()
    if declared.body is not None:
        for label, raw in attacks.body_attacks(declared.body, declared.max_body):
            sent.append(
                (
                    f"body {label}",
                    partial(
                        _send, world, route, method, url, data=raw, content_type="application/json"
                    ),
                )
            )
    for place, model in (("query", declared.query), ("form", declared.form)):
        if model is None:
            continue
        for name, label, values in attacks.params_attacks(model):
            if place == "query":
                target = f"{url}?{urlencode([(name, v) for v in values])}"
                call = partial(_send, world, route, method, target)
            else:
                call = partial(
                    _send,
                    world,
                    route,
                    method,
                    url,
                    data=urlencode([(name, v) for v in values]),
                    content_type="application/x-www-form-urlencoded",
                )
            sent.append((f"{place} {name} {label}", call))
    if declared.headers is not None:
        for name, label, values in attacks.params_attacks(declared.headers):
            if "\n" in values[0] or "\x00" in values[0] or len(values) > 1:
                continue  # not sendable as one header line
            # A header arrives as bytes read as latin-1 (UTF-8 "²" arrives as "Â²").
            value = values[0].encode().decode("latin-1")
            sent.append(
                (
                    f"header {name} {label}",
                    partial(_send, world, route, method, url, headers={name: value}),
                )
            )
    for name in re.findall(r"<id:(\w+)>", route.pattern):
        for label, value in (("a huge id", "9" * 30), ("an id past bigint", str(2**63))):
            # No id: the URL is not this route's (a 404, or the admin's catch-all redirect).
            target = route.path(**{name: value})
            if _reaches(target, route):
                problems.append(f"{route.label} path {name} {label}: reaches the view")
            elif (await _send(world, route, method, target)).status_code >= 500:
                problems.append(f"{route.label} path {name} {label}: a server error")
    if declared.path is not None:
        for name, label, values in attacks.params_attacks(declared.path):
            if len(values) > 1:
                continue  # a path part is given once
            target = route.path(**{name: values[0]})
            sent.append((f"path {name} {label}", partial(_send, world, route, method, target)))
    if route.pattern.startswith("api/"):
        key = world.game_key if route.pattern.startswith("api/game/") else world.api_key
        for label, header in (
            ("two spaces", f"Bearer  {key}"),
            ("a trailing space", f"Bearer {key} "),
            ("a lower-case scheme", f"bearer {key}"),
            ("a tab", f"Bearer\t{key}"),
        ):
            sent.append(
                (
                    f"Authorization {label}",
                    partial(_send, world, route, method, url, headers={"Authorization": header}),
                )
            )
    for what, call in sent:
        problem = _problem(route, declared, what, await call())
        if problem:
            problems.append(problem)
    return problems


@attacked
async def test_crafted_input_gets_a_4xx_and_changes_nothing_on_every_route(world):
    problems = []
    for route in OURS:
        method = await _method(world, route)
        before = await database_sync_to_async(fingerprint)()
        problems += await _attack(world, route, method)
        if await database_sync_to_async(fingerprint)() != before:
            problems.append(f"{route.label} changed data")

    assert not problems, "\n".join(problems)


ADMIN_CRAFTED_QUERY = "?" + urlencode(
    {"q": "a\x00b", "p": "²", "o": "①", "e": "1\n", "all": "9" * 30, "_changelist_filters": "\x00"}
)


@attacked
async def test_djangos_own_views_never_fail_on_crafted_input(world):
    failures = []
    for route in DJANGOS:
        if route.name is None or not route.name.endswith(("_changelist", "_change")):
            continue  # the admin's lists and objects read the ids and filters
        url = route.path(object_id="9" * 30) + ADMIN_CRAFTED_QUERY
        response = await world.session.get(url)
        if response.status_code >= 500:
            failures.append(f"{route.label}: {response.status_code}")

    assert not failures, failures
