"""Small helpers: typed environment readers (settings) and per-loop singletons."""
