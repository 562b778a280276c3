"""The game's tools (SPEC §6), registered from ``GameConfig.ready()``.

Read-only, offered to ``system:reasoning``: ``database.query``, ``player.info``,
``item.query``, ``item.source``, ``item.uses``, ``item.materials``, ``mob.drops``. Writes
(free mode and commands, never reasoning): ``player.signin``, ``shop.buy``. The FTB quest
tools live in the optional ``agentweb.ftb`` app.
"""

from __future__ import annotations

from agentweb.game.tools.items import ITEM_QUERY, ITEM_SOURCE
from agentweb.game.tools.knowledge import KNOWLEDGE_QUERY
from agentweb.game.tools.materials import ITEM_MATERIALS
from agentweb.game.tools.mobs import MOB_DROPS
from agentweb.game.tools.player import PLAYER_INFO, PLAYER_SIGNIN
from agentweb.game.tools.shop import SHOP_BUY
from agentweb.game.tools.uses import ITEM_USES

TOOLS = (
    KNOWLEDGE_QUERY,
    PLAYER_INFO,
    ITEM_QUERY,
    ITEM_SOURCE,
    ITEM_USES,
    ITEM_MATERIALS,
    MOB_DROPS,
    PLAYER_SIGNIN,
    SHOP_BUY,
)

__all__ = ["TOOLS"]
