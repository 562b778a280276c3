import pytest
from django.contrib import auth
from django.core.management import call_command
from django.test import RequestFactory

from agentweb.core.roles import Role, has_role

pytestmark = pytest.mark.django_db


def authenticate(**credentials):
    # As the login view does: login throttling needs the request.
    return auth.authenticate(RequestFactory().post("/accounts/login/"), **credentials)


def test_it_creates_the_four_demo_accounts_with_their_roles(demo_password):
    call_command("seed_demo", verbosity=0)

    alice = authenticate(username="alice", password=demo_password)
    rita = authenticate(username="rita", password=demo_password)
    admin = authenticate(username="admin", password=demo_password)
    assert alice is not None and has_role(alice, Role.PLAYER)
    assert not has_role(alice, Role.REVIEWER)
    assert rita is not None and has_role(rita, Role.REVIEWER) and not rita.is_staff
    assert admin is not None and admin.is_superuser
    assert authenticate(username="bob", password=demo_password) is not None


def test_running_it_twice_changes_nothing(demo_password, django_user_model):
    call_command("seed_demo", verbosity=0)
    call_command("seed_demo", verbosity=0)

    assert django_user_model.objects.count() == 4
