"""The chat page edge: the page and its history (``views``, ``history``), its words (``labels``)."""
