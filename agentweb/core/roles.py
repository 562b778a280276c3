"""The three kinds of people who use agentweb, as Django groups (SPEC §0)."""

from __future__ import annotations

from enum import StrEnum
from functools import cache

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, Group
from django.db import connection


class Role(StrEnum):
    PLAYER = "players"
    REVIEWER = "reviewers"
    ADMIN = "admins"


def ensure_groups() -> dict[Role, Group]:
    return {role: Group.objects.get_or_create(name=role.value)[0] for role in Role}


def has_role(user: AbstractBaseUser | AnonymousUser, role: Role) -> bool:
    """Superusers have every role; others are in the role's group. One hand-written
    statement (each socket asks as it connects)."""
    if not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    with connection.cursor() as cursor:
        cursor.execute(_member_query(), [user.pk, role.value])
        return cursor.fetchone() is not None


@cache
def _member_query() -> str:
    """Parameters: the user's primary key, the group's name."""
    qn = connection.ops.quote_name
    links = get_user_model()._meta.get_field("groups").remote_field.through._meta
    user_column = links.get_field(get_user_model()._meta.model_name).column
    group_column = links.get_field("group").column
    return (
        f"SELECT 1 FROM {qn(links.db_table)} l INNER JOIN {qn(Group._meta.db_table)} g "
        f"ON g.{qn(Group._meta.pk.column)} = l.{qn(group_column)} "
        f"WHERE l.{qn(user_column)} = %s AND g.{qn('name')} = %s LIMIT 1"
    )
