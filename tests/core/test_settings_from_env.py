import pytest
from django.core.exceptions import ImproperlyConfigured

from agentweb.lib.env import env_bool, env_choice, env_float, env_int


def test_unset_and_empty_variables_give_the_default(monkeypatch):
    monkeypatch.delenv("AW_X", raising=False)
    assert env_int("AW_X", 7) == 7
    monkeypatch.setenv("AW_X", "  ")
    assert env_bool("AW_X", True) is True
    assert env_float("AW_X", None) is None


@pytest.mark.parametrize(
    ("reader", "value"),
    [
        (lambda: env_int("AW_X", 1), "ten"),
        (lambda: env_int("AW_X", 1, minimum=1), "0"),
        (lambda: env_bool("AW_X", False), "maybe"),
        (lambda: env_float("AW_X", None), "warm"),
        (lambda: env_choice("AW_X", "offline", ("offline", "openai")), "gpt"),
    ],
)
def test_a_malformed_value_fails_loudly_naming_the_variable(monkeypatch, reader, value):
    monkeypatch.setenv("AW_X", value)

    with pytest.raises(ImproperlyConfigured, match="AW_X"):
        reader()


def test_well_formed_values_are_parsed(monkeypatch):
    monkeypatch.setenv("AW_X", "yes")
    assert env_bool("AW_X", False) is True
    monkeypatch.setenv("AW_X", "0.7")
    assert env_float("AW_X", None) == 0.7
