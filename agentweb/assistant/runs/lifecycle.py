"""Executing one run: load it, build its environment, run it, store what it produced.

Run row (queued) → claim (running, snapshots) → run_request → outcome
→ Run row (final status) + memory exchange (if still the same generation)
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings

from agentweb.assistant.inbox import DbInbox
from agentweb.assistant.models import RunEvent, Status
from agentweb.assistant.models.run_status import finish_running
from agentweb.assistant.runs import end, start
from agentweb.assistant.runs.compensation import compensate
from agentweb.assistant.runs.confirmations import DbConfirmer
from agentweb.assistant.runs.direct import direct_commands
from agentweb.assistant.runs.events import DbEventSink, LeaseLost
from agentweb.assistant.runs.flags import RunStateGuard
from agentweb.assistant.runs.live import LiveRun, open_run
from agentweb.assistant.runs.sandbox import DecliningConfirmer, Sandbox, read_only_direct
from agentweb.assistant.runs.start import Prepared
from agentweb.core import languages
from agentweb.core.modules import ModuleStateGuard
from agentweb.core.tooling import registry
from agentweb.engine import Guard, RunStatus, Source, StopCode, StopReason
from agentweb.engine.events import Event
from agentweb.engine.policy import ROUTABLE
from agentweb.llm.providers import build_provider
from agentweb.workflows.env import Environment, RunOutcome
from agentweb.workflows.runner import run_request

logger = logging.getLogger("agentweb.assistant")


@dataclass(slots=True)
class Ended:
    outcome: RunOutcome
    # Messages are still queued behind the run: the next one starts now.
    inbox_waiting: bool = False


async def execute_run(
    run_id: int,
    owner: str | None = None,
    sandbox: Sandbox | None = None,
) -> Ended | None:
    """Run a run to its end. Returns None when another process had claimed it.

    Without ``owner`` (in-process executor) the run is claimed here, ``queued →
    running``. A worker passes its name: it has already claimed the run under a
    lease (``leases.claim_queued``), and every write is fenced by that lease.
    A ``sandbox``: an experiment's run, outside every quota and memory (``sandbox.py``).
    """
    prepared = await start.begin(run_id, owner, sandbox)
    if prepared is None:
        return None
    live = open_run(prepared.run.pk, prepared.user.pk, prepared.flags, owner)
    try:
        return await _execute(prepared, live, owner)
    finally:
        live.close()


async def _execute(prepared: Prepared, live: LiveRun, owner: str | None) -> Ended | None:
    run, user, modules, sandbox = prepared.run, prepared.user, prepared.modules, prepared.sandbox
    control = [] if sandbox else _control_guards(user.pk, run.pk, owner)
    guards: list[Guard] = [
        RunStateGuard(live, run.memory_generation),
        ModuleStateGuard(modules),
        *control,
    ]
    sink = DbEventSink(run.pk, owner, live)
    env = Environment(
        registry=registry,
        modules=modules,
        prompts=prepared.config.prompts,
        policy=prepared.config.policy,
        model=(sandbox.model if sandbox else None) or build_provider(),
        sink=sink,
        guards=guards,
        principal=user,
        search=prepared.search,
        web_enabled=prepared.config.web_enabled,
        confirmer=DecliningConfirmer() if sandbox else DbConfirmer(run.pk),
        inbox=DbInbox(run.pk, waiting=prepared.inbox_waiting),
        direct=read_only_direct(user) if sandbox else direct_commands(user),
        context_window=settings.AGENTWEB_CONTEXT_WINDOW,
        on_context=live.track,
        on_route=lambda workflow: _label(control, workflow),
        names=prepared.names,
    )
    try:
        # Everything the run says with the site's words (commands' replies, tools' messages,
        # confirmations, cards) in the language it speaks (``core.languages``).
        with start.game_data(prepared.game_stamp), languages.speaking(run.question, run.language):
            outcome = await run_request(env, prepared.request)
    except LeaseLost:
        logger.warning("run %s: lease lost to the reaper; stopped writing", run.pk)
        return None
    except Exception:
        logger.exception("run %s crashed", run.pk)
        await sink.publish_end(await _crashed(run.pk, owner), held=False)
        raise
    extra: dict[str, Any] = {}
    if outcome.status is RunStatus.UNDONE:
        # Undone while running: every write it started has committed or rolled
        # back by now (the engine never abandons one); revert them before the end.
        extra = await compensate(user, run.pk)
    held = sink.finished.data if sink.finished is not None else {}
    data = {**held, **extra}
    # With the ends of the runs that end meanwhile: one trip, before other runs' starts.
    stored, waiting = await end.write_end(_end(outcome, prepared, owner, data, sink.last))
    await sink.publish_end(stored)
    return Ended(outcome, waiting)


def _control_guards(user_id: int, run_id: int, owner: str | None) -> list[Guard]:
    """Quota, concurrency and billing guards, when the control app is installed (R-QUOTA-1).

    A worker's runs hold their model-call slots one lease at a time, renewed
    by its heartbeat (``leases.renew``): a killed worker's slots come back
    when its leases lapse.
    """
    from django.apps import apps

    if not apps.is_installed("agentweb.control"):
        return []
    from agentweb.assistant.runs.leases import lease_s
    from agentweb.control.guards import ControlGuard

    ttl = lease_s() if owner else None
    return [ControlGuard(user_id, run_id, "router", slot_ttl_s=ttl)]


def _label(guards: list[Guard], workflow: str) -> None:
    for guard in guards:
        if hasattr(guard, "workflow"):
            guard.workflow = workflow


@database_sync_to_async
def _crashed(run_id: int, owner: str | None) -> list[RunEvent]:
    stop = StopReason(StopCode.FAILED, "internal error")
    return finish_running(run_id, owner, Status.FAILED, stop)


def _end(
    outcome: RunOutcome,
    prepared: Prepared,
    owner: str | None,
    data: dict[str, Any],
    last: list[Event],
) -> end.End:
    """The run's end (``end.End``): the loop's ``last`` events, its row and
    ``run.finished``, the exchange it leaves in memory."""
    # Keep the numbers the answer cites ("see 3"), not a renumbering.
    numbers = outcome.source_numbers or range(1, len(outcome.sources) + 1)
    sources = [
        {"n": n, **s.as_dict()}
        for n, s in zip(numbers, outcome.sources, strict=False)
        if isinstance(s, Source)
    ]
    policy = (
        prepared.request.policy_for(prepared.config.policy(outcome.workflow))[0].as_config()
        if outcome.workflow in ROUTABLE
        else {}
    )
    # A sandboxed run leaves nothing in memory.
    keep = outcome.status in (RunStatus.COMPLETED, RunStatus.DEGRADED) and not prepared.sandbox
    fields: dict[str, Any] = {
        "workflow": outcome.workflow,
        "failure": outcome.stop.failure.value if outcome.stop.failure else "",
        "answer": outcome.text,
        "sources": sources,
        "cards": outcome.cards,
        "usage": outcome.usage,
        "policy_snapshot": policy,
    }
    if outcome.status is RunStatus.CANCELLED:
        # Stopped here by the player (``actions.acancel``): the flag, with the end.
        fields["cancel_requested"] = True
    return end.End(
        prepared.run,
        owner,
        outcome.status.value,
        outcome.stop,
        last,
        outcome.text if keep else None,
        data,
        fields,
    )
