"""Control: what admins tune at run time (R-UI-3).

Policies and prompts with history, per-player quotas, the server-wide model
concurrency gate, the usage ledger and the assistant's switches. The run
executor reads them through ``config`` (snapshots), ``quotas`` (atomic
counters) and ``guards`` (engine hooks).
"""
