"""Every change to an admin override tells all processes to rebuild their cache.

The bump runs in the saving transaction, so no process can see the new
version without the new rows (R-POL-4: new runs only, R-SCALE).
"""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from agentweb.control.models import AssistantSettings, PlayerQuota, PolicyOverride, PromptVersion


@receiver(post_save, sender=PolicyOverride)
@receiver(post_delete, sender=PolicyOverride)
@receiver(post_save, sender=PromptVersion)
@receiver(post_delete, sender=PromptVersion)
def config_changed(sender: type, **kwargs: Any) -> None:
    AssistantSettings.bump_config_version()


@receiver(post_save, sender=PlayerQuota)
@receiver(post_delete, sender=PlayerQuota)
@receiver(post_save, sender=AssistantSettings)
def limits_changed(sender: type, **kwargs: Any) -> None:
    """Quota and gate limits are cached briefly; this process sees a change at once."""
    from agentweb.control.quotas import clear_limits_cache

    clear_limits_cache()
