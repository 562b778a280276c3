"""Game actions that change state (sign-in, shop), shared by tools and commands.

Synchronous ORM code: every write is one transaction made of conditional
updates (the update's row count is the claim; no read-then-write races), and
each action returns a result that carries what its undo needs.
"""
