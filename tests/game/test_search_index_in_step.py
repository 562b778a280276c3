"""The search documents follow the data: imports, admin edits, deletes, and the migration."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.urls import reverse

from agentweb.game import queries
from agentweb.game.demo import KNOWLEDGE_DIR, load_manual_articles
from agentweb.game.importers.minecraft import import_minecraft_data
from agentweb.game.models import (
    ArticleSource,
    Item,
    KnowledgeArticle,
    Quest,
    SearchDocument,
    Task,
)
from agentweb.game.search import search
from agentweb.game.search.documents import Scope, refresh, refresh_all
from tests.game.conftest import FIXTURES

ROOT = Path(__file__).resolve().parents[2]


def assert_index_matches_documents() -> None:
    """FTS5's own check that each index equals the text of the documents it indexes."""
    if connection.vendor != "sqlite":
        return
    with connection.cursor() as cursor:
        for kind in ("article", "quest", "item"):
            table = f"game_search_fts_{kind}"
            cursor.execute(f"INSERT INTO {table}({table}, rank) VALUES ('integrity-check', 0)")


def test_every_article_quest_and_item_has_one_document(world):
    load_manual_articles(KNOWLEDGE_DIR)
    assert SearchDocument.objects.filter(kind="article").count() == KnowledgeArticle.objects.count()
    assert SearchDocument.objects.filter(kind="quest").count() == Quest.objects.count()
    assert SearchDocument.objects.filter(kind="item").count() == Item.objects.count()


def test_a_quest_document_names_what_the_quest_asks_for_and_gives(world):
    doc = SearchDocument.objects.get(quest__title="Crafting Table", quest__chapter__order=0)
    assert "Torch" in doc.names
    assert "Crafting Table" in doc.title


def test_refreshing_unchanged_data_writes_nothing(world):
    load_manual_articles(KNOWLEDGE_DIR)
    assert refresh_all() == 0
    assert_index_matches_documents()


def test_reimporting_items_keeps_the_documents(world):
    before = dict(SearchDocument.objects.filter(kind="item").values_list("item_id", "pk"))
    from agentweb.game.demo import MINECRAFT_DATA_DIR, MINECRAFT_VERSION

    import_minecraft_data(MINECRAFT_DATA_DIR, MINECRAFT_VERSION)
    after = dict(SearchDocument.objects.filter(kind="item").values_list("item_id", "pk"))
    assert before == after


def test_an_import_that_removes_items_removes_their_documents(world):
    import_minecraft_data(FIXTURES / "minecraft" / "data", "tiny")
    assert Item.objects.count() < 50
    assert SearchDocument.objects.filter(kind="item").count() == Item.objects.count()
    assert search("golden carrot", ["item"]) == []
    assert_index_matches_documents()


@pytest.fixture
def admin_client(client):
    boss = get_user_model().objects.create_superuser("boss", "boss@example.com", "pw")
    client.force_login(boss)
    return client


def test_an_article_edited_in_the_admin_is_found_by_its_new_words(world, admin_client):
    load_manual_articles(KNOWLEDGE_DIR)
    article = KnowledgeArticle.objects.get(key="manual:server-rules")
    assert queries.search_knowledge("trampoline etiquette") == []
    response = admin_client.post(
        reverse("admin:game_knowledgearticle_change", args=[article.pk]),
        {
            "key": article.key,
            "source": article.source,
            "title": article.title,
            "body": article.body + "\nTrampoline etiquette: one jumper at a time.",
            "tags": article.tags,
            "quest": "",
        },
    )
    assert response.status_code == 302, response.content[:500]
    assert [a.key for a in queries.search_knowledge("trampoline etiquette")] == [article.key]
    assert_index_matches_documents()


def test_an_article_added_in_the_admin_is_found_and_a_deleted_one_is_not(world, admin_client):
    response = admin_client.post(
        reverse("admin:game_knowledgearticle_add"),
        {
            "key": "manual:elytra",
            "source": ArticleSource.MANUAL,
            "title": "Elytra racing",
            "body": "Races start at spawn every Friday.",
            "tags": "events",
            "quest": "",
        },
    )
    assert response.status_code == 302
    (found,) = queries.search_knowledge("elytra races")
    response = admin_client.post(
        reverse("admin:game_knowledgearticle_delete", args=[found.pk]), {"post": "yes"}
    )
    assert response.status_code == 302
    assert queries.search_knowledge("elytra races") == []
    assert not SearchDocument.objects.filter(article_id=found.pk).exists()
    assert_index_matches_documents()


def test_tasks_saved_and_deleted_one_by_one_update_their_quest(
    world, django_capture_on_commit_callbacks
):
    quest = Quest.objects.get(quest_id="7013762E5C89BE35")
    task = Task.objects.create(
        quest=quest,
        task_id="X1",
        order=99,
        type="item",
        raw_type="item",
        item_id="minecraft:trident",
        item_display_name="Trident",
    )
    assert "Trident" in SearchDocument.objects.get(quest=quest).names
    with django_capture_on_commit_callbacks(execute=True):
        task.delete()
    assert "Trident" not in SearchDocument.objects.get(quest=quest).names
    assert_index_matches_documents()


def test_a_quest_renamed_with_save_is_found_by_its_new_title(world):
    quest = Quest.objects.get(quest_id="7013762E5C89BE35")
    quest.title = "Scorching Contraption"
    quest.save()
    assert [q.quest_id for q in queries.match_quests("scorching contraption")[0]] == [
        quest.quest_id
    ]
    hits = search("scorching contraption", ["quest"])
    assert [h.target_id for h in hits] == [quest.pk]
    assert_index_matches_documents()


def test_a_refresh_scoped_to_some_objects_leaves_the_others_alone(world):
    item = Item.objects.get(item_id="minecraft:flint")
    Item.objects.filter(pk=item.pk).update(display_name="Knapped Stone")
    assert refresh(Scope(items=[item.pk])) == 1
    assert [h.target_id for h in search("knapped stone", ["item"])] == [item.pk]
    assert_index_matches_documents()


def _manage(env, *args):
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    ).stdout


# Rows as the schema of 0002 has them (today's models have columns added since).
CREATE_ROWS = """
from django.db import connection
with connection.cursor() as cursor:
    cursor.execute(
        "INSERT INTO game_item (item_id, namespace, name, display_name, stack_size, mc_version)"
        " VALUES ('minecraft:bone', 'minecraft', 'bone', 'Bone', 64, '')")
    cursor.execute(
        "INSERT INTO game_knowledgearticle (key, source, title, body, tags, updated_at)"
        " VALUES ('manual:graves', 'manual', 'Graves', 'Your items wait at your grave.', '',"
        " CURRENT_TIMESTAMP)")
"""
SEARCH = """
from agentweb.game import queries
print([a.title for a in queries.search_knowledge("items grave")], queries.find_items("bones"))
"""


def test_the_migration_builds_the_index_for_rows_that_existed_before_it(tmp_path):
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'before.sqlite3'}"}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    _manage(env, "migrate", "game", "0002_shop_and_deliveries", "-v0")
    _manage(env, "shell", "-c", CREATE_ROWS)
    _manage(env, "migrate", "-v0")
    out = _manage(env, "shell", "-c", SEARCH)
    assert "['Graves']" in out
    assert "minecraft:bone" in out


def test_the_refresh_command_repairs_documents_after_raw_edits(world):
    from io import StringIO

    from django.core.management import call_command

    item = Item.objects.get(item_id="minecraft:flint")
    Item.objects.filter(pk=item.pk).update(display_name="Knapped Stone")
    out = StringIO()
    call_command("refresh_search_index", stdout=out)
    assert out.getvalue().strip() == "search documents changed: 1"
    assert [h.target_id for h in search("knapped stone", ["item"])] == [item.pk]
    call_command("refresh_search_index", stdout=out)
    assert out.getvalue().strip().endswith("changed: 0")
