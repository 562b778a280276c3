"""Conversations, runs, their events, memory and the inbox: where the engine meets the web."""
