"""What a run starts with: one call (``begin``), two statements.

``begin`` takes the configuration snapshot (``config.py``), claims the run and
reads the rest, and returns all of it (``Prepared``): the request the workflows
get, the module states, the flags the run was claimed with, the search backend
and the name service.

1. The claim (``models.run_status.begin``) writes the prompt snapshot and returns the
   run's row as claimed: its question, options, generation and flags.
2. One read returns the rest: the player, her memory switches, whether steering messages
   already wait for the run, the game data's stamp (held for every tool call of
   the run, ``game.versions.held``) and the exchanges the model remembers.
"""

from __future__ import annotations

import time
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from typing import Any

from channels.db import database_sync_to_async
from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import connection

from agentweb.assistant import config
from agentweb.assistant.config import ConfigSnapshot
from agentweb.assistant.memory import recent_query
from agentweb.assistant.models import InboxEntry, InboxStatus, MemoryState, Run, rows, run_status
from agentweb.assistant.runs.live import Flags
from agentweb.assistant.runs.sandbox import Sandbox
from agentweb.core.commands import commands
from agentweb.core.modules import DbModuleStates
from agentweb.engine.options import RunOptions
from agentweb.engine.policy import ROUTABLE
from agentweb.research.search import SearchBackend
from agentweb.workflows.env import Request

# What the run's row gives the run (the rest stays deferred).
RUN_FIELDS = (
    "id",
    "user_id",
    "question",
    "language",
    "allow_web",
    "options",
    "memory_generation",
    "cancel_requested",
    "undo_requested",
    "status",
    "last_seq",
    "created_at",
    "started_at",
)


@dataclass(frozen=True, slots=True)
class Start:
    run: Run
    user: Any
    generation: int
    assistant_enabled: bool
    inbox_waiting: bool
    memory: list[dict[str, str]]
    # The game data's stamp at the start (None: no game data, or no stamp yet).
    game_stamp: str | None


@dataclass(slots=True)
class Prepared:
    """Everything a run starts with (``begin``)."""

    run: Run
    user: Any
    config: ConfigSnapshot
    request: Request
    modules: DbModuleStates
    flags: Flags
    inbox_waiting: bool
    game_stamp: str | None
    search: SearchBackend | None
    names: Any
    sandbox: Sandbox | None = None


@database_sync_to_async
def begin(run_id: int, owner: str | None, sandbox: Sandbox | None = None) -> Prepared | None:
    """Claim the run and read everything it starts with, in one hop to the database
    thread. ``None``: another process had claimed it.

    The claim is the one write (it stores the prompt snapshot too) and returns
    the run's row; one read returns the player, her memory switches, whether
    messages already wait for the run, the game data's stamp and the memory
    (a sandboxed run starts with none).
    """
    snapshot = sandbox.config if sandbox else config.snapshot()
    run = claim(run_id, owner, snapshot.prompts)
    if run is None:
        return None
    began = read(run)
    run.user = began.user
    flags = (run.cancel_requested, run.undo_requested, began.generation, began.assistant_enabled)
    workflow, text = _explicit_workflow(run.question)
    request = Request(
        text,
        allow_web=run.allow_web,
        memory=[] if sandbox else began.memory,
        workflow=workflow,
        options=RunOptions.model_validate(run.options) if run.options else None,
        staff=config.is_staff(began.user),
    )
    return Prepared(
        run,
        began.user,
        snapshot,
        request,
        DbModuleStates(began.user).refresh_sync(),
        flags,
        began.inbox_waiting,
        began.game_stamp,
        config.search_backend(),
        name_service(),
        sandbox,
    )


def _explicit_workflow(text: str) -> tuple[str | None, str]:
    """``/reason …`` and ``分析 …`` enter their workflow without a router call (R-ROUTE-3)."""
    match = commands.match(text)
    if match is None:
        return None, text
    command, args = match
    if command.handler is None and command.workflow in ROUTABLE and args.strip():
        return command.workflow, args.strip()
    return None, text


def claim(run_id: int, owner: str | None, prompts: dict[str, str]) -> Run | None:
    """Claim the run with its prompt snapshot: queued → running, or — a worker's run,
    claimed under its lease — still running under it. ``None``: someone else has it.

    A run its worker claimed a moment ago with these very prompts (``handed_over``)
    starts from the row that claim returned: no statement."""
    held = _handed.pop(run_id, None)
    if held is not None and owner and held.fresh(owner, prompts):
        return held.run
    found = run_status.begin(run_id, owner, run_columns(), prompt_snapshot=prompts)
    return rows.instance(Run, RUN_FIELDS, found[0]) if found else None


def run_columns() -> list[str]:
    """The columns of ``RUN_FIELDS``, in order (what a claim returns of the run's row)."""
    return [Run._meta.get_field(name).column for name in RUN_FIELDS]


# A row handed over by the worker's claim is used this long; later the run's start
# reads its row again, so its flags are never older than this.
HANDED_OVER_S = 1.0


@dataclass(frozen=True, slots=True)
class _Handed:
    run: Run
    owner: str
    prompts: dict[str, str]
    at: float

    def fresh(self, owner: str, prompts: dict[str, str]) -> bool:
        return (
            self.owner == owner
            and self.prompts == prompts
            and time.monotonic() - self.at < HANDED_OVER_S
        )


_handed: dict[int, _Handed] = {}


def handed_over(owner: str, prompts: dict[str, str], found: list[tuple]) -> list[int]:
    """A worker claimed these runs with their prompt snapshot (rows of ``run_columns()``):
    each starts from its row (``claim``). Returns their ids."""
    now = time.monotonic()
    for run_id, held in list(_handed.items()):
        if now - held.at >= HANDED_OVER_S:  # claimed, but never started here
            _handed.pop(run_id, None)
    ids = []
    for row in found:
        run = rows.instance(Run, RUN_FIELDS, row)
        _handed[run.pk] = _Handed(run, owner, prompts, now)
        ids.append(run.pk)
    return sorted(ids)


def read(run: Run) -> Start:
    """Everything else the run starts with, in one statement (after the claim)."""
    user_model = get_user_model()
    names = rows.concrete(user_model)
    with connection.cursor() as cursor:
        cursor.execute(
            _query(),
            [run.pk, run.user_id, run.memory_generation, run.user_id],
        )
        found = cursor.fetchall()
    first = found[0]
    width = len(names)
    generation, enabled, waiting, stamp = first[width : width + 4]
    memory = [{"q": row[-2], "a": row[-1]} for row in found if row[-3] is not None]
    return Start(
        run=run,
        user=rows.instance(user_model, names, first[:width]),
        generation=generation or 0,
        assistant_enabled=enabled is None or bool(enabled),
        inbox_waiting=bool(waiting),
        memory=memory,
        game_stamp=stamp,
    )


def game_data(stamp: str | None) -> AbstractContextManager[None]:
    """The run's tool calls read the game data as of the stamp it started with."""
    if not apps.is_installed("agentweb.game"):
        return nullcontext()
    from agentweb.game import versions

    return versions.held(stamp)


def name_service() -> Any:
    """The game's name index for the workflows (``agentweb.workflows.names``), if installed."""
    if not apps.is_installed("agentweb.game"):
        return None
    from agentweb.game.mentions import QuestionNames

    return QuestionNames()


def _query() -> str:
    """Parameters: the run's id, the player's id, the run's generation, the player's id.

    One row per remembered exchange, oldest first (one row without any); the
    player's columns and the rest repeat on each."""
    user_model = get_user_model()
    col = rows.quote
    user_pk = col(user_model._meta.pk.column)
    stamp = "NULL"
    if apps.is_installed("agentweb.game"):
        from agentweb.game import versions

        stamp = versions.stamp_query()
    return (
        f"SELECT {rows.select_list(user_model, 'u', rows.concrete(user_model))}, "
        f"m.{col('generation')}, m.{col('assistant_enabled')}, "
        f"EXISTS (SELECT 1 FROM {rows.table(InboxEntry)} i WHERE i.{col('run_id')} = %s "
        f"AND i.{col('status')} = '{InboxStatus.QUEUED.value}' AND i.{col('steer')}), "
        f"{stamp}, x.n, x.q, x.a "
        f"FROM {rows.table(user_model)} u "
        f"LEFT JOIN {rows.table(MemoryState)} m ON m.{col('user_id')} = u.{user_pk} "
        f"LEFT JOIN ({recent_query()}) x ON 1 = 1 "
        f"WHERE u.{user_pk} = %s ORDER BY x.n"
    )
