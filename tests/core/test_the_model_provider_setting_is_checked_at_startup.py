"""AGENTWEB_LLM: a provider that cannot work stops the server at startup, with a message."""

from tests.core.startup import refused, started


def test_openai_without_a_model_name_stops_the_server():
    message = refused({"AGENTWEB_LLM": "openai", "AGENTWEB_LLM_BASE_URL": "http://127.0.0.1:9/v1"})

    assert "ImproperlyConfigured" in message
    assert "AGENTWEB_LLM_MODEL" in message


def test_scripted_is_not_a_provider_a_server_can_run_with():
    message = refused({"AGENTWEB_LLM": "scripted"})

    assert "AGENTWEB_LLM='scripted' must be one of offline, openai" in message


def test_openai_with_a_model_name_and_the_default_start():
    assert started({"AGENTWEB_LLM": "openai", "AGENTWEB_LLM_MODEL": "qwen2.5:7b"}, "AGENTWEB_LLM")
    assert started({}, "AGENTWEB_LLM") == {"AGENTWEB_LLM": "offline"}
