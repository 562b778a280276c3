"""A person has a role when she is in its group (superusers have every role, nobody
signed out has one), asked in one statement."""

import pytest
from django.contrib.auth.models import AnonymousUser, Group

from agentweb.core.roles import Role, ensure_groups, has_role
from tests.sql_counts import counting_statements

pytestmark = pytest.mark.django_db


def test_membership_of_the_role_s_group_and_nothing_else_gives_the_role(alice, rita, admin):
    ensure_groups()
    Group.objects.create(name="reviewers-in-training").user_set.add(alice)
    with counting_statements() as statements:
        assert has_role(rita, Role.REVIEWER)
    assert len(statements) == 1, statements.listing()
    assert not has_role(rita, Role.ADMIN)
    assert has_role(alice, Role.PLAYER) and not has_role(alice, Role.REVIEWER)
    assert all(has_role(admin, role) for role in Role)
    assert not has_role(AnonymousUser(), Role.PLAYER)

    Group.objects.get(name=Role.REVIEWER).user_set.remove(rita)
    assert not has_role(rita, Role.REVIEWER)  # nothing kept: a change counts at once
