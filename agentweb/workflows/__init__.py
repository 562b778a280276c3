"""Workflows (SPEC §2): router, reasoning, question, free chat and the chat fallback.

Django-free: the web layer hands in an ``Environment`` (tools, module states,
prompts, policies, model, search, memory, event sink, guards) and gets a
``RunOutcome`` back; every step goes to the sink as a trace event.
"""
