"""Runs hold the game data's stamp they started with. After an import, the runs still
going hold the old stamp and the new ones the new: what an old run builds is not kept
over what the new runs built (or both would rebuild in turn until the old runs end),
and a stamp read again from the database — a write rolled back — is kept again."""

import contextvars

import pytest
from django.db import transaction

from agentweb.game import versions
from agentweb.game.models import Item

# An item namespace of this test's own.
PROBE = "stampprobe"


class Counted:
    def __init__(self) -> None:
        self.builds = 0

    def __call__(self) -> list[str]:
        self.builds += 1
        # Only the probe's namespace: other tests' game world may be in the database too.
        items = Item.objects.filter(namespace=PROBE)
        return list(items.order_by("pk").values_list("display_name", flat=True))


@pytest.fixture
def flint(db):
    return Item.objects.create(
        item_id=f"{PROBE}:flint", namespace=PROBE, name="flint", display_name="Flint"
    )


@pytest.fixture
def start_run():
    """A run's context: it read the stamp at its start and holds it (as ``execute_run``)."""
    started = []

    def start() -> contextvars.Context:
        run, holding = contextvars.Context(), versions.held(versions.current())
        run.run(holding.__enter__)
        started.append((run, holding))
        return run

    yield start
    for run, holding in reversed(started):
        run.run(holding.__exit__, None, None, None)


def _tool_call(run: contextvars.Context, fn):
    def call():
        with versions.pinned():
            return fn()

    return run.run(call)


def test_an_old_run_reads_fresh_without_evicting_the_new_runs_cache(flint, start_run):
    build = Counted()
    names = versions.Versioned(build)
    keyed = versions.VersionedMap(
        lambda keys: dict(Item.objects.filter(pk__in=keys).values_list("pk", "display_name"))
    )
    old_run = start_run()
    assert _tool_call(old_run, names.get) == ["Flint"]
    flint.display_name = "Knapped Stone"
    flint.save()  # the import: a new stamp
    new_run = start_run()

    for _ in range(3):  # the new and the old run take turns
        assert _tool_call(new_run, names.get) == ["Knapped Stone"]
        assert _tool_call(new_run, lambda: keyed.get(flint.pk)) == "Knapped Stone"
        assert _tool_call(old_run, names.get) == ["Knapped Stone"]  # afresh, not kept
        assert _tool_call(old_run, lambda: keyed.get(flint.pk)) == "Knapped Stone"
    assert build.builds == 1 + 1 + 3, "the new run built once; the old run each time"
    assert _tool_call(start_run(), names.get) == ["Knapped Stone"]
    assert build.builds == 5, "the newest value was kept throughout"


def test_after_a_rolled_back_write_the_stamp_in_the_database_is_kept_again(flint):
    build = Counted()
    names = versions.Versioned(build)
    names.get()

    def rename_read_and_fail():
        with transaction.atomic():
            flint.display_name = "Knapped Stone"
            flint.save()
            assert names.get() == ["Knapped Stone"]
            raise RuntimeError("rolled back")

    with pytest.raises(RuntimeError):
        rename_read_and_fail()

    assert names.get() == ["Flint"]
    builds = build.builds
    assert names.get() == ["Flint"] and build.builds == builds, "kept again"
