"""Runs of ``import_pack`` as records: the command and the admin start one, the admin shows
the last report.

:func:`run_import` records the run (:class:`~agentweb.game.models.PackImport`), imports,
and keeps the report whatever happens. :func:`start_import` does the same in a
background thread for the admin (an import of a large pack takes a minute or two, longer
than a request should), after claiming the right to run: one import at a time.
"""

from __future__ import annotations

import datetime
import logging
import threading
from pathlib import Path

from django.db import close_old_connections, transaction
from django.utils import timezone

from agentweb.game.importers.pack import PackImportFailed, import_pack
from agentweb.game.importers.pack.report import PackReport
from agentweb.game.models import ImportStatus, PackImport

log = logging.getLogger(__name__)
# An import still "running" after this long died with its process (a large pack takes
# minutes): it no longer blocks the next one.
STALE_AFTER = datetime.timedelta(hours=2)
# The threads the admin started, by import id (tests wait on them).
_threads: dict[int, threading.Thread] = {}


class ImportBusy(Exception):
    """Another import is running."""


def _claim(path: str, dry_run: bool, user=None) -> PackImport:
    with transaction.atomic():
        running = PackImport.objects.select_for_update().filter(status=ImportStatus.RUNNING)
        running.filter(started_at__lt=timezone.now() - STALE_AFTER).update(
            status=ImportStatus.FAILED,
            finished_at=timezone.now(),
            text="Interrupted: the process running it stopped; nothing was written.",
        )
        if running.exists():
            raise ImportBusy(f"an import is running: {running.first()}")
        return PackImport.objects.create(path=path, dry_run=dry_run, requested_by=user)


def _finish(record: PackImport, report: PackReport, status: str) -> PackImport:
    record.status = status
    record.report = report.as_json()
    record.text = "\n".join(report.lines())
    record.finished_at = timezone.now()
    record.save(update_fields=["status", "report", "text", "finished_at"])
    return record


def _execute(record: PackImport, book_slug: str | None) -> PackImport:
    try:
        report = import_pack(Path(record.path), dry_run=record.dry_run, book_slug=book_slug)
    except PackImportFailed as exc:
        return _finish(record, exc.report, ImportStatus.FAILED)
    except Exception as exc:
        log.exception("pack import %s failed", record.pk)
        report = PackReport(path=record.path, dry_run=record.dry_run)
        report.error = f"{type(exc).__name__}: {exc}"
        _finish(record, report, ImportStatus.FAILED)
        raise
    return _finish(record, report, ImportStatus.SUCCEEDED)


def run_import(
    path: str, *, dry_run: bool = False, user=None, book_slug: str | None = None
) -> PackImport:
    """Import now, in this thread; the record holds the report (its status says whether
    anything was written)."""
    return _execute(_claim(str(path), dry_run, user), book_slug)


def start_import(path: str, *, dry_run: bool = False, user=None) -> PackImport:
    """Claim and start an import in a background thread; returns its record at once."""
    record = _claim(str(path), dry_run, user)

    def work() -> None:
        try:
            _execute(record, None)
        except Exception:  # logged by _execute; the thread has nobody to raise to
            pass
        finally:
            close_old_connections()

    thread = threading.Thread(target=work, name=f"pack-import-{record.pk}", daemon=True)
    _threads[record.pk] = thread
    transaction.on_commit(thread.start)
    return record


def wait(record_id: int, timeout: float | None = None) -> None:
    """Wait for an import the admin started (tests; a shutdown)."""
    thread = _threads.get(record_id)
    if thread is not None:
        thread.join(timeout)


def last_report() -> PackImport | None:
    return PackImport.objects.exclude(status=ImportStatus.RUNNING).first()
