"""Chinese text is indexed as character bigrams (``agentweb.game.search.terms.index_text``):
the documents of existing articles and quests are written again with them."""

from django.db import migrations


def rebuild_documents(apps, schema_editor):
    from agentweb.game.search.documents import refresh_all

    refresh_all(apps=apps)


class Migration(migrations.Migration):
    dependencies = [("game", "0007_pack_world")]

    operations = [migrations.RunPython(rebuild_documents, migrations.RunPython.noop)]
