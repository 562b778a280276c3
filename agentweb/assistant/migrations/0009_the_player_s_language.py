"""The player's language on a run and a queued message (``core.languages``).

SQLite rebuilds ``assistant_run`` to add a column, and the event-numbers trigger of
0006 (on ``assistant_runevent``, naming ``assistant_run``) stops the rebuild's rename:
it is dropped before and created again after, as 0006 makes it.
"""

from importlib import import_module

from django.db import migrations, models

trigger = import_module("agentweb.assistant.migrations.0006_event_numbers_trigger")


class Migration(migrations.Migration):
    dependencies = [
        ("assistant", "0008_run_feedback"),
    ]

    operations = [
        migrations.RunPython(trigger.drop, trigger.create),
        migrations.AddField(
            model_name="inboxentry",
            name="language",
            field=models.CharField(blank=True, default="", max_length=16),
        ),
        migrations.AddField(
            model_name="run",
            name="language",
            field=models.CharField(blank=True, default="", max_length=16),
        ),
        migrations.RunPython(trigger.create, trigger.drop),
    ]
