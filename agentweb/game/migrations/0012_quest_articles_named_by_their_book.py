"""A quest's description, as a knowledge article, is searched by its book's name too
(``agentweb.game.search.documents.article_rows``): the documents are written again."""

from django.db import migrations


def rebuild_documents(apps, schema_editor):
    from agentweb.game.search.documents import refresh_all

    refresh_all(apps=apps)


class Migration(migrations.Migration):
    dependencies = [("game", "0011_fewer_source_indexes")]

    operations = [migrations.RunPython(rebuild_documents, migrations.RunPython.noop)]
