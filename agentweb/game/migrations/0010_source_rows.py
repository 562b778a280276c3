"""Each pack recipe and loot table says how many ways to obtain items it gives.

A re-import keeps a recipe or table whose file did not change without reading it again;
with the count it can tell that some of the rows it gave are gone (deleted by hand) and
read it again. Rows stored before this migration are counted as they are.
"""

from django.db import migrations, models

COUNT = (
    "UPDATE {table} SET source_rows = "
    "(SELECT COUNT(*) FROM game_itemsource s WHERE s.{column} = {table}.id)"
)


def count_existing(apps, schema_editor):
    schema_editor.execute(COUNT.format(table="game_recipe", column="recipe_id"))
    schema_editor.execute(COUNT.format(table="game_loottable", column="loot_table_id"))


class Migration(migrations.Migration):
    dependencies = [("game", "0009_names_in_code_point_order")]

    operations = [
        migrations.AddField(
            model_name="recipe",
            name="source_rows",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="loottable",
            name="source_rows",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.RunPython(count_existing, migrations.RunPython.noop),
    ]
