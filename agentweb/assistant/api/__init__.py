"""The JSON API edge: token or session auth (``auth``), thin async views (``views``)."""
