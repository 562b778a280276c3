"""Create the demo accounts of SPEC §15 (idempotent).

Players ``alice`` and ``bob``, reviewer ``rita`` and admin ``admin``, all with
the password from ``AGENTWEB_DEMO_PASSWORD`` (default ``demo``).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from agentweb.core.roles import Role, ensure_groups

DEMO_ACCOUNTS: tuple[tuple[str, Role], ...] = (
    ("alice", Role.PLAYER),
    ("bob", Role.PLAYER),
    ("rita", Role.REVIEWER),
    ("admin", Role.ADMIN),
)


class Command(BaseCommand):
    help = "Create the demo accounts (alice, bob, rita, admin) and the demo world."

    @transaction.atomic
    def handle(self, *args: Any, **options: Any) -> None:
        groups = ensure_groups()
        password = settings.AGENTWEB_DEMO_PASSWORD
        User = get_user_model()
        for username, role in DEMO_ACCOUNTS:
            user, created = User.objects.get_or_create(username=username)
            user.set_password(password)
            user.is_staff = role is Role.ADMIN
            user.is_superuser = role is Role.ADMIN
            user.save()
            user.groups.set([groups[role]])
            verb = "created" if created else "updated"
            self.stdout.write(f"{verb} {role.value[:-1]} {username}")
