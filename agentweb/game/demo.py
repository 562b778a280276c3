"""The demo world loaded by ``seed_demo``: real game data, server articles, two players.

The data lives in ``agentweb/game/data/`` (see its NOTICE.md). Loading is
idempotent: the importers compare before writing, articles are matched by
key, and existing player profiles keep whatever the players changed since.
"""

from __future__ import annotations

import datetime
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from agentweb.game.importers.errors import ImportFailed
from agentweb.game.importers.ftbquests import import_ftbquests
from agentweb.game.importers.minecraft import import_minecraft_data
from agentweb.game.importers.pack import import_pack
from agentweb.game.importers.sync import SyncCounts, sync_rows
from agentweb.game.models import (
    ArticleSource,
    KnowledgeArticle,
    PlayerProfile,
    Quest,
    QuestProgress,
    QuestStatus,
)
from agentweb.game.models.knowledge import LANGUAGE_CODE
from agentweb.game.models.names import DEFAULT_LANGUAGE
from agentweb.game.search.documents import Scope
from agentweb.game.search.documents import refresh as refresh_documents

DATA_DIR = Path(__file__).resolve().parent / "data"
MINECRAFT_DATA_DIR = DATA_DIR / "minecraft-data" / "data"
MINECRAFT_VERSION = "1.20"
DEMO_PACK_DIR = DATA_DIR / "ftbquests" / "create-grand-expanse"
DEMO_BOOK = "create-grand-expanse"
KNOWLEDGE_DIR = DATA_DIR / "knowledge"
# A small mod of the project's own (Hearthworks: a brick kiln, copper gears, verdant ore),
# zipped into a jar at seed time and imported with import_pack: a modded recipe with its
# station, item tags, loot tables and Chinese names.
DEMO_MOD_DIR = DATA_DIR / "demo-mod"
DEMO_MOD_JAR = "hearthworks-1.0.0.jar"


@dataclass(frozen=True)
class DemoPlayer:
    username: str
    minecraft_name: str
    level: int
    balance: int
    signin_streak: int
    days_since_signin: int | None
    completed: tuple[str, ...]
    claimed: tuple[str, ...]
    in_progress: tuple[str, ...]


# Quest ids from Chapter 0 of the shipped pack, in dependency order.
DEMO_PLAYERS = (
    DemoPlayer(
        username="alice",
        minecraft_name="AliceCrafts",
        level=14,
        balance=1450,
        signin_streak=6,
        days_since_signin=1,
        # Grand Expance, The World, Quality of your life, Crafting Table, Tinkers' Construct
        completed=(
            "5678F1371DC0A1D6",
            "7D722C83CF88C890",
            "33CCC7F268A13A04",
            "2B9CD2BF87525F82",
            "1C442027DCF04578",
        ),
        claimed=("5678F1371DC0A1D6", "2B9CD2BF87525F82"),
        in_progress=("699823917F2E3AF6",),  # Let's get cracking
    ),
    DemoPlayer(
        username="bob",
        minecraft_name="BobTheMiner",
        level=3,
        balance=120,
        signin_streak=1,
        days_since_signin=4,
        completed=("5678F1371DC0A1D6",),
        claimed=(),
        in_progress=("7D722C83CF88C890",),  # The World
    ),
)


def load_demo_world() -> list[str]:
    """Import the shipped minecraft-data and quest pack and the server articles.

    Returns report lines for the command's output.
    """
    minecraft = import_minecraft_data(MINECRAFT_DATA_DIR, MINECRAFT_VERSION)
    quests = import_ftbquests(DEMO_PACK_DIR, slug=DEMO_BOOK)
    mod = import_demo_mod()
    articles = load_manual_articles(KNOWLEDGE_DIR)
    return [*minecraft.lines(), *quests.lines(), *mod.lines(), f"server articles: {articles}"]


def import_demo_mod():
    """Zip the demo mod's files into a jar and import it as a server's pack would be."""
    with tempfile.TemporaryDirectory() as folder:
        jar = Path(folder) / DEMO_MOD_JAR
        with zipfile.ZipFile(jar, "w", zipfile.ZIP_DEFLATED) as zf:
            for path in sorted(DEMO_MOD_DIR.rglob("*")):
                if path.is_file():
                    zf.write(path, path.relative_to(DEMO_MOD_DIR).as_posix())
        return import_pack(jar)


def parse_article(path: Path) -> dict:
    """A Markdown article: ``# Title``, an optional ``Tags: a, b`` line, then the body.

    ``<name>.md`` is in English (key ``manual:<name>``); ``<name>.<language>.md``
    (``daily-sign-in.zh_cn.md``) is its translation into a game language, keyed as one
    (``manual:<name>:<language>``, see :mod:`agentweb.game.models.knowledge`)."""
    lines = path.read_text(encoding="utf-8").strip().splitlines()
    name, _, language = path.stem.partition(".")
    title = lines[0].lstrip("#").strip() if lines else name
    rest = lines[1:]
    tags = ""
    if rest and rest[0].lower().startswith("tags:"):
        tags = ",".join(t.strip().lower() for t in rest[0][5:].split(",") if t.strip())
        rest = rest[1:]
    if language and not LANGUAGE_CODE.regex.match(language):
        raise ImportFailed(path, f"{language!r} is not a game language code such as zh_cn")
    return {
        "key": f"manual:{name}:{language}" if language else f"manual:{name}",
        "source": ArticleSource.MANUAL.value,
        "title": title,
        "body": "\n".join(rest).strip(),
        "tags": tags,
        "quest_id": None,
        "language": language or DEFAULT_LANGUAGE,
    }


def load_manual_articles(folder: Path) -> SyncCounts:
    """Create or update one article per ``*.md`` file; other articles are left alone."""
    rows = [parse_article(path) for path in sorted(folder.glob("*.md"))]
    with transaction.atomic():
        counts, _ = sync_rows(
            KnowledgeArticle,
            KnowledgeArticle.objects.filter(key__in=[row["key"] for row in rows]),
            ("key",),
            rows,
            delete_missing=False,
        )
        keys = [row["key"] for row in rows]
        pks = KnowledgeArticle.objects.filter(key__in=keys).values_list("pk", flat=True)
        refresh_documents(Scope(articles=list(pks)))
    return counts


@transaction.atomic
def ensure_demo_players(users: dict[str, AbstractBaseUser]) -> list[str]:
    """Give the demo players a profile and some quest progress, once.

    A profile that already exists is left as it is: balance and streak are
    the players' to change from then on.
    """
    today = timezone.localdate()
    lines = []
    for demo in DEMO_PLAYERS:
        user = users.get(demo.username)
        if user is None:
            continue
        last = None
        if demo.days_since_signin is not None:
            last = today - datetime.timedelta(days=demo.days_since_signin)
        profile, created = PlayerProfile.objects.get_or_create(
            user=user,
            defaults={
                "minecraft_name": demo.minecraft_name,
                "level": demo.level,
                "balance": demo.balance,
                "signin_streak": demo.signin_streak,
                "last_signin": last,
            },
        )
        if created:
            _seed_progress(profile, demo)
        lines.append(f"{'created' if created else 'kept'} profile {profile.minecraft_name}")
    return lines


def _seed_progress(profile: PlayerProfile, demo: DemoPlayer) -> None:
    wanted = dict.fromkeys(demo.completed, QuestStatus.COMPLETED)
    wanted.update(dict.fromkeys(demo.in_progress, QuestStatus.IN_PROGRESS))
    quests = Quest.objects.filter(book__slug=DEMO_BOOK, quest_id__in=wanted)
    QuestProgress.objects.bulk_create(
        [
            QuestProgress(
                profile=profile,
                quest=quest,
                status=wanted[quest.quest_id],
                reward_claimed=quest.quest_id in demo.claimed,
            )
            for quest in quests
        ],
        ignore_conflicts=True,
    )
