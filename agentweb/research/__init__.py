"""Web research for ``system:question``: a pluggable search backend and the web tools."""
