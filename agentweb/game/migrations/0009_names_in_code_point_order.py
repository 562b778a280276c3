"""The folded names' B-tree in code point order on PostgreSQL too.

Exact names and prefixes are one range of the folded names' index, read in its order.
SQLite's B-tree (made with the field in 0006) already compares by code point. On
PostgreSQL the index Django made compares under the database's collation, where a prefix
is not a range (``LIKE 'uran%'`` read the index from its start: half a second over a
large pack's 650,000 names), and its ``varchar_pattern_ops`` twin cannot give the order:
both are replaced by one B-tree on ``folded COLLATE "C"``, which gives both, whatever
the database's own collation. The field's ``db_index`` goes from the state: the index is
this migration's, like the trigram one of 0006.
"""

from django.db import migrations, models

POSTGRES_INDEX = "game_name_folded_c"
# The two indexes Django made for ``db_index=True`` on PostgreSQL (names as 0006 made them).
DJANGO_INDEXES = {
    "game_gamename_folded_38a32bd4": "(folded)",
    "game_gamename_folded_38a32bd4_like": "(folded varchar_pattern_ops)",
}


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return  # SQLite keeps its B-tree from 0006: it is in code point order
    for name in DJANGO_INDEXES:
        schema_editor.execute(f"DROP INDEX IF EXISTS {name}")
    schema_editor.execute(f'CREATE INDEX {POSTGRES_INDEX} ON game_gamename ((folded COLLATE "C"))')


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(f"DROP INDEX IF EXISTS {POSTGRES_INDEX}")
    for name, columns in DJANGO_INDEXES.items():
        schema_editor.execute(f"CREATE INDEX {name} ON game_gamename {columns}")


class Migration(migrations.Migration):
    dependencies = [("game", "0008_chinese_search_terms")]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="gamename",
                    name="folded",
                    field=models.CharField(max_length=300),
                )
            ],
            database_operations=[migrations.RunPython(forwards, backwards)],
        )
    ]
