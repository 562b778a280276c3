"""A submitted run is one INSERT (``new_run``): the row is the one ``Run.objects.create``
would write, every column not given at its field's default; a name that is not a
field of a run is refused and writes nothing."""

import pytest

from agentweb.assistant.models import Run, run_status
from tests.sql_counts import counting_statements

pytestmark = pytest.mark.django_db

GIVEN = {"question": "q", "allow_web": True, "client_msg_id": "m1", "options": {"a": 1}}


def _row(run: Run) -> dict:
    return {f.attname: getattr(run, f.attname) for f in Run._meta.concrete_fields}


def test_the_row_is_the_orm_s_in_one_statement(alice):
    with counting_statements() as statements:
        pk = run_status.new_run(user_id=alice.pk, memory_generation=2, **GIVEN)
    assert [s.split()[0] for s in statements.sql] == ["INSERT"], statements.listing()

    ours = _row(Run.objects.get(pk=pk))
    theirs = Run.objects.create(user=alice, memory_generation=2, **{**GIVEN, "client_msg_id": ""})
    theirs = _row(Run.objects.get(pk=theirs.pk))
    differ = {"id", "client_msg_id", "created_at"}
    assert {k: v for k, v in ours.items() if k not in differ} == {
        k: v for k, v in theirs.items() if k not in differ
    }
    assert ours["client_msg_id"] == "m1" and ours["status"] == "queued" and ours["created_at"]


def test_a_name_that_is_not_a_field_is_refused(alice):
    with pytest.raises(TypeError, match="colour"):
        run_status.new_run(user_id=alice.pk, question="q", colour="red")
    assert not Run.objects.exists()
