"""The three kinds of people who use agentweb, as Django groups (SPEC §0)."""

from __future__ import annotations

from enum import StrEnum

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, Group


class Role(StrEnum):
    PLAYER = "players"
    REVIEWER = "reviewers"
    ADMIN = "admins"


def ensure_groups() -> dict[Role, Group]:
    return {role: Group.objects.get_or_create(name=role.value)[0] for role in Role}


def has_role(user: AbstractBaseUser | AnonymousUser, role: Role) -> bool:
    if not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    return user.groups.filter(name=role.value).exists()
