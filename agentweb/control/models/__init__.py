"""The control app's tables, split by concern; import them from here."""

from agentweb.control.models.catalog import ToolCatalog
from agentweb.control.models.effective import EffectivePolicyPage
from agentweb.control.models.policies import (
    PolicyOverride,
    PolicyOverrideVersion,
    PromptVersion,
    changed_fields,
    clean_policy_config,
    known_workflows,
    set_override,
)
from agentweb.control.models.switches import AssistantSettings, ModelCallSlot
from agentweb.control.models.usage import OUTCOME_OK, DailyUsage, PlayerQuota, UsageEntry
from agentweb.control.models.versions import Version

__all__ = [
    "OUTCOME_OK",
    "AssistantSettings",
    "DailyUsage",
    "EffectivePolicyPage",
    "ModelCallSlot",
    "PlayerQuota",
    "PolicyOverride",
    "PolicyOverrideVersion",
    "PromptVersion",
    "ToolCatalog",
    "UsageEntry",
    "Version",
    "changed_fields",
    "clean_policy_config",
    "known_workflows",
    "set_override",
]
