"""Model providers: the offline planner, an OpenAI-compatible endpoint (no Django here)."""
