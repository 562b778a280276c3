"""Knowledge-base articles: hand-written server pages and quest descriptions.

An article may exist in several languages. The version in the article's first language
has the plain key (``manual:daily-sign-in``, ``quest:<book>:<id>``); each translation has
the same key followed by ``:<language>`` (``manual:daily-sign-in:zh_cn``), so every
version shares one :attr:`KnowledgeArticle.stem` and a search answers with one of them.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.core.validators import RegexValidator
from django.db import models

from agentweb.game.models.names import LANGUAGE_LENGTH
from agentweb.game.models.quests import TITLE_LENGTH

# A game language code as the packs write them: en_us, zh_cn, lol_us.
LANGUAGE_CODE = RegexValidator(
    r"^[a-z]{2,3}_[a-z0-9]{2,4}$", "A game language code such as en_us or zh_cn."
)


class ArticleSource(models.TextChoices):
    MANUAL = "manual", "Written by the server staff"
    QUEST = "quest", "Quest description"


class ArticleQuerySet(models.QuerySet):
    def in_language(
        self, found: Iterable[KnowledgeArticle], language: str
    ) -> list[KnowledgeArticle]:
        """Each article of ``found`` once, in their order, as the version in ``language``
        where one exists; else the version of no stated language, else the one found.
        ``language`` is a game code (``zh_cn``); one query."""
        found = list(found)
        stems = {a.stem for a in found}
        keys = stems | {f"{stem}:{language}" for stem in stems}
        versions: dict[str, list[KnowledgeArticle]] = {}
        for article in [*found, *self.filter(key__in=keys).select_related("quest")]:
            same = versions.setdefault(article.stem, [])
            if all(a.pk != article.pk for a in same):
                same.append(article)
        chosen: list[KnowledgeArticle] = []
        for article in found:
            if article.stem in versions:
                same = versions.pop(article.stem)
                chosen.append(min(same, key=lambda a: _preference(a, language)))
        return chosen


def _preference(article: KnowledgeArticle, language: str) -> int:
    # min() keeps the first of equals: the version the search found before a fetched one.
    return 0 if article.language == language else 1 if not article.language else 2


class KnowledgeArticle(models.Model):
    """A searchable text. ``key`` is stable across imports (``quest:<book>:<id>``)."""

    key = models.CharField(max_length=200, unique=True)
    source = models.CharField(max_length=16, choices=ArticleSource.choices, db_index=True)
    title = models.CharField(max_length=TITLE_LENGTH, db_index=True)
    body = models.TextField()
    # Comma-separated, lower case: simple to search with icontains on any database.
    tags = models.CharField(max_length=500, blank=True)
    quest = models.ForeignKey(
        "game.Quest", null=True, blank=True, on_delete=models.CASCADE, related_name="articles"
    )
    language = models.CharField(
        max_length=LANGUAGE_LENGTH,
        blank=True,
        validators=[LANGUAGE_CODE],
        help_text="The game language the article is written in (en_us, zh_cn); blank: "
        "shown to players of every language. A translation's key is the original's "
        "key followed by :<language>.",
    )
    updated_at = models.DateTimeField(auto_now=True)

    objects = ArticleQuerySet.as_manager()

    class Meta:
        ordering = ["title"]

    def __str__(self) -> str:
        return self.title

    @property
    def tag_list(self) -> list[str]:
        return [tag.strip() for tag in self.tags.split(",") if tag.strip()]

    @property
    def stem(self) -> str:
        """The key every language's version of this article shares."""
        suffix = f":{self.language}"
        return self.key.removesuffix(suffix) if self.language else self.key
