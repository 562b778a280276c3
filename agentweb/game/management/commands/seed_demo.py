"""Create the demo accounts of SPEC §15 and the demo world (idempotent).

Players ``alice`` and ``bob``, reviewer ``rita`` and admin ``admin``, all with
the password from ``AGENTWEB_DEMO_PASSWORD`` (default ``demo``). The demo
world (``agentweb.game.demo``) is the shipped minecraft-data and quest pack,
the server's knowledge articles and game profiles for alice and bob.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from agentweb.core.roles import Role, ensure_groups
from agentweb.game.demo import ensure_demo_players, load_demo_world
from agentweb.game.importers.errors import ImportFailed
from agentweb.game.services.shop import ensure_demo_shop

DEMO_ACCOUNTS: tuple[tuple[str, Role], ...] = (
    ("alice", Role.PLAYER),
    ("bob", Role.PLAYER),
    ("rita", Role.REVIEWER),
    ("admin", Role.ADMIN),
)


class Command(BaseCommand):
    help = "Create the demo accounts (alice, bob, rita, admin) and the demo world."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--no-world", action="store_true", help="only the accounts, not the game data"
        )

    @transaction.atomic
    def handle(self, *args: Any, **options: Any) -> None:
        users: dict[str, Any] = {}
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
            users[username] = user
        if options["no_world"]:
            return
        try:
            lines = load_demo_world()
        except ImportFailed as exc:
            raise CommandError(f"demo world not loaded: {exc}") from exc
        lines += ensure_demo_players(users)
        lines += ensure_demo_shop()
        if options["verbosity"] >= 1:
            for line in lines:
                self.stdout.write(line)
