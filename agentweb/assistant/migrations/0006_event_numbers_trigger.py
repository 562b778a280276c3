"""SQLite: a stored event advances its run's ``last_seq`` (``event_numbers.write_event``).

On SQLite one event is written by one INSERT that takes its number from the
run's row; this trigger, part of that statement, advances the row's count.
PostgreSQL needs none: there the same statement is an ``UPDATE … RETURNING``
feeding the INSERT.

SQLite drops a table's triggers with the table, and a migration that alters
``RunEvent`` rebuilds it there: such a migration must create the trigger again
(``create`` below); ``tests/assistant/test_event_numbers.py`` fails without it.
"""

from django.db import migrations

TRIGGER = "assistant_runevent_advances_last_seq"


def create(apps, schema_editor):
    if schema_editor.connection.vendor != "sqlite":
        return
    schema_editor.execute(
        f"CREATE TRIGGER IF NOT EXISTS {TRIGGER} AFTER INSERT ON assistant_runevent "
        "BEGIN UPDATE assistant_run SET last_seq = NEW.seq "
        "WHERE id = NEW.run_id AND last_seq < NEW.seq; END"
    )


def drop(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {TRIGGER}")


class Migration(migrations.Migration):
    dependencies = [
        ("assistant", "0005_run_event_without_fk_check"),
    ]

    operations = [migrations.RunPython(create, drop)]
