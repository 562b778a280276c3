"""The ways to obtain items keep only the indexes their queries use.

Every lookup of an item's sources, and the cascade when an item goes, is served by the
(item, kind) index; nothing looks rows up by kind or by source name alone; and the
``varchar_pattern_ops`` twin PostgreSQL gets beside the unique index on ``key`` serves
only ``LIKE``, which no query uses on it. Each was one more B-tree to write for each of a
large pack's 200,000 rows.
"""

import django.db.models.deletion
from django.db import migrations, models


def drop_key_pattern_index(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return  # only PostgreSQL makes the twin
    table = apps.get_model("game", "ItemSource")._meta.db_table
    name = schema_editor._create_index_name(table, ["key"], suffix="_like")
    schema_editor.execute(f"DROP INDEX IF EXISTS {schema_editor.quote_name(name)}")


def create_key_pattern_index(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    table = apps.get_model("game", "ItemSource")._meta.db_table
    name = schema_editor._create_index_name(table, ["key"], suffix="_like")
    schema_editor.execute(
        f"CREATE INDEX {schema_editor.quote_name(name)} ON {schema_editor.quote_name(table)} "
        "(key varchar_pattern_ops)"
    )


class Migration(migrations.Migration):

    dependencies = [
        ('game', '0010_source_rows'),
    ]

    operations = [
        migrations.AlterField(
            model_name='itemsource',
            name='item',
            field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='sources', to='game.item'),
        ),
        migrations.AlterField(
            model_name='itemsource',
            name='kind',
            field=models.CharField(choices=[('crafting_shaped', 'Crafting (shaped)'), ('crafting_shapeless', 'Crafting (shapeless)'), ('smelting', 'Smelting (furnace)'), ('blasting', 'Blasting (blast furnace)'), ('smoking', 'Smoking (smoker)'), ('campfire', 'Campfire cooking'), ('stonecutting', 'Stonecutting'), ('smithing', 'Smithing'), ('processing', "A mod's recipe (machine or station)"), ('block_drop', 'Block drop'), ('mob_drop', 'Mob drop'), ('chest_loot', 'Chest loot'), ('gameplay_loot', 'Gameplay loot (fishing, bartering, gifts, digging)')], max_length=32),
        ),
        migrations.AlterField(
            model_name='itemsource',
            name='source_name',
            field=models.CharField(blank=True, max_length=200),
        ),
        migrations.RunPython(drop_key_pattern_index, create_key_pattern_index),
    ]
