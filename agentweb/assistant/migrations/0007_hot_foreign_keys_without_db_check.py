"""Runs and exchanges without the database's foreign-key checks (see the models).

SQLite rebuilds ``assistant_run`` for this, which it refuses while the event
trigger of 0006 names the table: the trigger is dropped first and made again after.
"""

from importlib import import_module

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


trigger = import_module("agentweb.assistant.migrations.0006_event_numbers_trigger")


class Migration(migrations.Migration):

    dependencies = [
        ('assistant', '0006_event_numbers_trigger'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RunPython(trigger.drop, trigger.create),
        migrations.AlterField(
            model_name='exchange',
            name='run',
            field=models.OneToOneField(db_constraint=False, on_delete=django.db.models.deletion.CASCADE, related_name='exchange', to='assistant.run'),
        ),
        migrations.AlterField(
            model_name='exchange',
            name='user',
            field=models.ForeignKey(db_constraint=False, on_delete=django.db.models.deletion.CASCADE, related_name='exchanges', to=settings.AUTH_USER_MODEL),
        ),
        migrations.AlterField(
            model_name='run',
            name='user',
            field=models.ForeignKey(db_constraint=False, on_delete=django.db.models.deletion.CASCADE, related_name='runs', to=settings.AUTH_USER_MODEL),
        ),
        migrations.RunPython(trigger.create, trigger.drop),
    ]
