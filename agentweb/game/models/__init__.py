"""The game world's models, split by domain; import them from here."""

from agentweb.game.models.deliveries import Delivery, DeliveryKind, DeliveryState
from agentweb.game.models.items import (
    COOKING_KINDS,
    CRAFTING_KINDS,
    DROP_KINDS,
    LOOT_KINDS,
    STATION_KINDS,
    Item,
    ItemSource,
    SourceKind,
)
from agentweb.game.models.knowledge import ArticleSource, KnowledgeArticle
from agentweb.game.models.names import GameName, NameKind, NameOrigin
from agentweb.game.models.packs import (
    ImportStatus,
    ItemTag,
    LootKind,
    LootTable,
    PackImport,
    Recipe,
)
from agentweb.game.models.players import PlayerProfile, QuestProgress, QuestStatus
from agentweb.game.models.quests import (
    Chapter,
    ChapterGroup,
    Quest,
    QuestBook,
    Reward,
    RewardTable,
    RewardTableEntry,
    Task,
    TaskType,
    TitleSource,
)
from agentweb.game.models.search import DocumentKind, SearchDocument
from agentweb.game.models.shop import Purchase, ShopItem
from agentweb.game.models.versions import DataVersion

__all__ = [
    "COOKING_KINDS",
    "CRAFTING_KINDS",
    "DROP_KINDS",
    "LOOT_KINDS",
    "STATION_KINDS",
    "ArticleSource",
    "Chapter",
    "ChapterGroup",
    "DataVersion",
    "Delivery",
    "DeliveryKind",
    "DeliveryState",
    "DocumentKind",
    "GameName",
    "ImportStatus",
    "Item",
    "ItemSource",
    "ItemTag",
    "KnowledgeArticle",
    "LootKind",
    "LootTable",
    "NameKind",
    "NameOrigin",
    "PackImport",
    "PlayerProfile",
    "Purchase",
    "Quest",
    "QuestBook",
    "QuestProgress",
    "QuestStatus",
    "Recipe",
    "Reward",
    "RewardTable",
    "RewardTableEntry",
    "SearchDocument",
    "ShopItem",
    "SourceKind",
    "Task",
    "TaskType",
    "TitleSource",
]
