"""The one command registry (R-ROUTE-3): slash commands, their aliases and completion.

Apps register the commands of the workflows they own from ``AppConfig.ready()``.
The same registry answers three questions:

* ``match(text)`` — is this message a command? (``/name args``, ``/alias args``,
  or a slash-less alias word such as ``分析 <request>``);
* ``snapshot(user)`` — the list the page's autocompletion is built from
  (names, aliases, usage, completion source), so the page has no list of its own;
* ``completions(source, prefix, user, limit)`` — argument suggestions.

``run_direct(text, user)`` is the deterministic path of SPEC §2: a command
with a handler, or a message that is exactly a known name ("local semantic
direct" hit, answered by matchers the apps register), gets its answer here
with no model call. Handlers and matchers are synchronous ORM code: call
``run_direct`` through ``sync_to_async`` from async code. What they say is written with
``gettext``, in the language the caller activated (a run: ``core.languages``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from agentweb.engine import Source

# Workflow id of commands that run without any model call (SPEC §2).
DETERMINISTIC = "deterministic"
MAX_COMPLETIONS = 20
MAX_COMPLETION_PREFIX = 100
# A direct name hit is a short message: a name, not a sentence.
MAX_DIRECT_NAME = 100
# Item and quest names are a few words; a longer message is a sentence.
MAX_NAME_WORDS = 8
# Separators allowed between a slash-less alias and its argument.
_ALIAS_SEPARATOR = re.compile(r"^[\s:：,，]+")
_SLASH = re.compile(r"/(\S*)(.*)", re.DOTALL)


@dataclass(slots=True)
class DirectResult:
    """A deterministic answer: text, result cards and the sources it shows."""

    text: str
    cards: list[dict[str, Any]] = field(default_factory=list)
    sources: list[Source] = field(default_factory=list)
    command: str | None = None
    ok: bool = True
    # Writes the command made, as a tool would record them, so undo can revert them:
    # ``{"tool", "module", "input", "output"}`` (JSON values).
    writes: list[dict[str, Any]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "cards": self.cards,
            "sources": [{"n": i, **s.as_dict()} for i, s in enumerate(self.sources, 1)],
            "command": self.command,
            "ok": self.ok,
        }


Handler = Callable[[str, Any], DirectResult]
CompletionSource = Callable[[str, Any, int], list[str]]
DirectMatcher = Callable[[str, Any], DirectResult | None]


@dataclass(frozen=True, slots=True)
class Command:
    """One command. ``handler(args, user)`` runs it directly; ``None`` means the
    owning workflow runs it (``/reason`` enters ``system:reasoning``)."""

    name: str
    aliases: tuple[str, ...] = ()
    usage: str = ""
    description: str = ""
    workflow: str = DETERMINISTIC
    completion: str | None = None
    handler: Handler | None = None
    staff_only: bool = False
    # The module that must be enabled for the player (``None``: always available).
    module: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": f"/{self.name}",
            "aliases": list(self.aliases),
            "usage": self.usage or f"/{self.name}",
            "description": self.description,
            "workflow": self.workflow,
            "completion": self.completion,
            "direct": self.handler is not None,
            "staff_only": self.staff_only,
        }


def _is_staff(user: Any) -> bool:
    return bool(getattr(user, "is_staff", False) or getattr(user, "is_superuser", False))


def _module_enabled(module: str | None, user: Any) -> bool:
    if module is None:
        return True
    from agentweb.core.modules import DbModuleStates  # the ORM only when it matters

    return DbModuleStates(user).instance(module) is not None


class CommandRegistry:
    """Commands by name and alias, completion sources by name, direct-hit matchers."""

    def __init__(self) -> None:
        self._commands: dict[str, Command] = {}
        self._slash: dict[str, str] = {}
        self._words: dict[str, str] = {}
        self._completions: dict[str, CompletionSource] = {}
        self._matchers: dict[str, tuple[DirectMatcher, str | None]] = {}

    # --- registration -------------------------------------------------------
    def register(self, command: Command) -> Command:
        """Add (or replace, by name) a command; an alias owned by another command is an error."""
        name = command.name.lower().lstrip("/")
        keys = [(self._slash, name)]
        for alias in command.aliases:
            alias = alias.strip().lower()
            keys.append((self._slash, alias[1:]) if alias.startswith("/") else (self._words, alias))
        for table, key in keys:
            owner = table.get(key)
            if owner is not None and owner != name:
                raise ValueError(f"/{name}: {key!r} already belongs to /{owner}")
        self.unregister(name)
        self._commands[name] = command
        for table, key in keys:
            table[key] = name
        return command

    def unregister(self, name: str) -> None:
        name = name.lower().lstrip("/")
        self._commands.pop(name, None)
        for table in (self._slash, self._words):
            for key in [k for k, v in table.items() if v == name]:
                del table[key]

    def register_completion(self, source: str, fn: CompletionSource) -> None:
        self._completions[source] = fn

    def register_matcher(self, key: str, fn: DirectMatcher, *, module: str | None = None) -> None:
        """Add a direct-hit matcher (``key`` makes re-registration idempotent)."""
        self._matchers[key] = (fn, module)

    def get(self, name: str) -> Command | None:
        return self._commands.get(name.lower().lstrip("/"))

    # --- lookup -------------------------------------------------------------
    def match(self, text: str) -> tuple[Command, str] | None:
        """The command a message invokes and its argument text, or ``None``."""
        text = text.strip()
        if not text:
            return None
        if text.startswith("/"):
            head, rest = _SLASH.match(text).groups()
            name = self._slash.get(head.lower())
            if name is None:
                return None
            return self._commands[name], rest.strip()
        lowered = text.lower()
        # Longest alias first, so a short alias never shadows a longer one.
        for alias in sorted(self._words, key=len, reverse=True):
            if not lowered.startswith(alias):
                continue
            rest = text[len(alias) :]
            # A whole word only: "签到有什么奖励" asks about sign-in, it must not sign in.
            if rest and not _ALIAS_SEPARATOR.match(rest):
                continue
            return self._commands[self._words[alias]], _ALIAS_SEPARATOR.sub("", rest).strip()
        return None

    def available(self, command: Command, user: Any) -> bool:
        if command.staff_only and not _is_staff(user):
            return False
        return _module_enabled(command.module, user)

    def snapshot(self, user: Any = None) -> list[dict[str, Any]]:
        """What the client's autocompletion shows; filtered for ``user`` when given."""
        commands = sorted(self._commands.values(), key=lambda c: c.name)
        if user is not None:
            commands = [c for c in commands if self.available(c, user)]
        return [c.as_dict() for c in commands]

    def completions(self, source: str, prefix: str, user: Any, limit: int = 10) -> list[str]:
        """Argument suggestions from a registered source; unknown sources give none."""
        fn = self._completions.get(source)
        if fn is None:
            return []
        limit = max(1, min(limit, MAX_COMPLETIONS))
        return fn(prefix.strip()[:MAX_COMPLETION_PREFIX], user, limit)[:limit]

    # --- the deterministic path --------------------------------------------
    def run_direct(self, text: str, user: Any) -> DirectResult | None:
        """Answer a command with a handler or an exact-name message; ``None`` otherwise.

        ``None`` also for commands owned by a workflow (``/reason``): the caller
        routes those by ``match(text)[0].workflow``.
        """
        text = text.strip()
        matched = self.match(text)
        if matched is not None:
            command, args = matched
            if command.staff_only and not _is_staff(user):
                return DirectResult(
                    _("/%(command)s is for admins only.") % {"command": command.name},
                    command=command.name,
                    ok=False,
                )
            if not _module_enabled(command.module, user):
                return DirectResult(
                    _("/%(command)s is not available to you right now.")
                    % {"command": command.name},
                    command=command.name,
                    ok=False,
                )
            if command.handler is None:
                return None
            result = command.handler(args, user)
            result.command = command.name
            return result
        if text.startswith("/"):
            known = ", ".join(f"/{name}" for name in sorted(self._commands))
            word = text.split()[0]
            unknown = _("Unknown command %(word)s. Commands: %(known)s.")
            return DirectResult(unknown % {"word": word, "known": known}, ok=False)
        return self._direct_hit(text, user)

    def _direct_hit(self, text: str, user: Any) -> DirectResult | None:
        if not text or len(text) > MAX_DIRECT_NAME or "\n" in text:
            return None
        if not _could_be_a_name(text):
            return None
        hits = [
            hit
            for fn, module in self._matchers.values()
            if _module_enabled(module, user) and (hit := fn(text, user)) is not None
        ]
        if not hits:
            return None
        if len(hits) == 1:
            return hits[0]
        return DirectResult(
            "\n\n".join(hit.text for hit in hits),
            [card for hit in hits for card in hit.cards],
            [source for hit in hits for source in hit.sources],
        )


def _could_be_a_name(text: str) -> bool:
    """A question or a sentence is never exactly an item or quest name: skip the lookups."""
    stripped = text.strip()
    return not stripped.endswith(("?", "？")) and len(stripped.split()) <= MAX_NAME_WORDS


commands = CommandRegistry()


def run_direct(text: str, user: Any) -> DirectResult | None:
    """The deterministic path of the project's registry (see ``CommandRegistry.run_direct``)."""
    return commands.run_direct(text, user)
