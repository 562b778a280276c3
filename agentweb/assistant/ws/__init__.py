"""The websocket edge: client frames in (``frames``), run events out (``consumer``)."""
