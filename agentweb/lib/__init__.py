"""Small Django-free helpers: typed environment readers, per-loop singletons, the layer check."""
