"""Small helpers shared by the Django apps (never imported by the engine)."""
