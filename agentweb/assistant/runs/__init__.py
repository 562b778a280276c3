"""The run machinery: one run start to finish (``lifecycle``), where it runs (``executor``,
``worker``, ``leases``), crash recovery (``recovery``) and the event writer (``events``)."""
