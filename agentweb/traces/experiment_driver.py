"""Running an experiment: each question under the baseline, then under the candidate, one
run at a time, through the run machinery players' messages go through.

The settings in force are read once, when the experiment starts: both arms of every
question compare the same baseline, whatever an admin saves meanwhile. Each run is
made already running under this driver's lease and executed here with its sandbox
(``assistant.runs.sandbox``); a heartbeat renews the lease and reads the run's stop
flag, as a worker's does (``assistant.runs.leases``), so a run of a driver that died
is interrupted by the reaper like any other. Stopping is the experiment's status
(``experiments.request_stop``): no question starts after it, and the run in flight
ends at once when it runs in this process, else at its next step.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta

from channels.db import database_sync_to_async
from django.db import transaction
from django.utils import timezone

from agentweb.assistant import config
from agentweb.assistant.models import run_status
from agentweb.assistant.runs import leases
from agentweb.assistant.runs.lifecycle import execute_run
from agentweb.assistant.runs.live import live_run
from agentweb.assistant.runs.sandbox import Sandbox
from agentweb.assistant.runs.worker import default_name
from agentweb.engine import AgentFailure
from agentweb.traces import candidates, experiments
from agentweb.traces.models import Arm, Experiment, ExperimentRun, ExperimentStatus
from agentweb.traces.models.experiments import OWNER_LENGTH

logger = logging.getLogger("agentweb.traces")


class Driver:
    """Drives one experiment in this process."""

    def __init__(self, experiment_id: int) -> None:
        self.experiment_id = experiment_id
        self.owner = f"experiment-{experiment_id}@{default_name()}"[:OWNER_LENGTH]
        self.run_id: int | None = None

    async def run(self) -> None:
        sandboxes = await _begin(self.experiment_id, self.owner)
        if sandboxes is None:
            return  # another process drives it, or it was stopped before it started
        try:
            while (entry := await _next(self.experiment_id)) is not None:
                run_id = await _new_run(entry, self.owner)
                await self._execute(run_id, sandboxes[entry.arm])
        except Exception as exc:
            logger.exception("experiment %s failed", self.experiment_id)
            await _end(self.experiment_id, ExperimentStatus.FAILED, f"internal error: {exc}")
            raise
        await _end(self.experiment_id, None, "")

    async def _execute(self, run_id: int, sandbox: Sandbox) -> None:
        beat = asyncio.create_task(self._beat(run_id), name=f"experiment-beat-{run_id}")
        try:
            self.run_id = run_id
            await execute_run(run_id, owner=self.owner, sandbox=sandbox)
        except Exception:
            logger.exception("experiment %s: run %s crashed", self.experiment_id, run_id)
        finally:
            beat.cancel()
            await asyncio.gather(beat, return_exceptions=True)
            self.run_id = None

    async def _beat(self, run_id: int) -> None:
        while True:
            await asyncio.sleep(leases.heartbeat_s())
            renewal = await database_sync_to_async(_renew)(self.experiment_id, self.owner, run_id)
            if renewal.lost or renewal.flagged:
                self.stop()

    def stop(self) -> None:
        """The run in flight ends now (the loop then finds the experiment stopping)."""
        live = live_run(self.run_id) if self.run_id is not None else None
        if live is not None and live.owner == self.owner and not live.stopping():
            live.cancel(AgentFailure.CANCELLED)


# The experiments this process drives: a stop asked here reaches the run in flight at once.
_driving: dict[int, Driver] = {}
_tasks: set[asyncio.Task[None]] = set()


async def drive(experiment_id: int) -> None:
    """Run the experiment to its end here (``manage.py run_experiment``, tests)."""
    driver = Driver(experiment_id)
    _driving[experiment_id] = driver
    try:
        await driver.run()
    finally:
        _driving.pop(experiment_id, None)


def start(experiment_id: int) -> asyncio.Task[None]:
    """Run the experiment in the background of this process's event loop; returns at once."""
    task = asyncio.create_task(drive(experiment_id), name=f"experiment-{experiment_id}")
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)
    return task


def stop_here(experiment_id: int) -> None:
    """The experiment's run in flight ends at once, if this process drives it."""
    driver = _driving.get(experiment_id)
    if driver is not None:
        driver.stop()


async def wait_all() -> None:
    """Tests and shutdown: every experiment this process drives has ended."""
    while _tasks:
        await asyncio.gather(*list(_tasks), return_exceptions=True)


@database_sync_to_async
def _begin(experiment_id: int, owner: str) -> dict[str, Sandbox] | None:
    """queued → running under ``owner``; the two arms' settings, read now."""
    now = timezone.now()
    claimed = Experiment.objects.filter(pk=experiment_id, status=ExperimentStatus.QUEUED).update(
        status=ExperimentStatus.RUNNING, owner=owner, started_at=now, beat_at=now
    )
    if not claimed:
        return None
    candidate = Experiment.objects.values_list("candidate", flat=True).get(pk=experiment_id)
    baseline = config.snapshot()
    return {
        Arm.BASELINE: Sandbox(baseline),
        Arm.CANDIDATE: Sandbox(
            candidates.settings_with(baseline, candidate), candidates.model_of(candidate)
        ),
    }


@database_sync_to_async
def _next(experiment_id: int) -> ExperimentRun | None:
    """The next question and arm to run; ``None`` when all ran or the experiment stops."""
    running = Experiment.objects.filter(pk=experiment_id, status=ExperimentStatus.RUNNING)
    if not running.update(beat_at=timezone.now()):
        return None
    entries = ExperimentRun.objects.filter(experiment_id=experiment_id, run__isnull=True)
    return entries.order_by("position", "arm").first()


@database_sync_to_async
def _new_run(entry: ExperimentRun, owner: str) -> int:
    """The entry's run: made running under the driver's lease, as the account's."""
    now = timezone.now()
    with transaction.atomic():
        run_id = run_status.started_run(
            user_id=experiments.account().pk,
            question=entry.question,
            started_at=now,
            lease_owner=owner,
            lease_expires_at=now + timedelta(seconds=leases.lease_s()),
        )
        ExperimentRun.objects.filter(pk=entry.pk).update(run_id=run_id)
    return run_id


def _renew(experiment_id: int, owner: str, run_id: int) -> leases.Renewal:
    Experiment.objects.filter(pk=experiment_id).update(beat_at=timezone.now())
    return leases.renew(owner, [run_id])


@database_sync_to_async
def _end(experiment_id: int, status: str | None, message: str) -> None:
    """running → finished, stopping → stopped (or ``status``, when given)."""
    now = timezone.now()
    found = Experiment.objects.filter(pk=experiment_id)
    if status is not None:
        found.update(status=status, message=message, finished_at=now)
        return
    found.filter(status=ExperimentStatus.RUNNING).update(
        status=ExperimentStatus.FINISHED, finished_at=now
    )
    found.filter(status=ExperimentStatus.STOPPING).update(
        status=ExperimentStatus.STOPPED, finished_at=now
    )
