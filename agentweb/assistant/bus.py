"""Channel-layer group names. The layer is the doorbell; the database is the log."""

# Every process that executes runs listens here for cancel requests it must act on.
CONTROL_GROUP = "assistant.control"


def run_group(run_id: int) -> str:
    return f"assistant.run.{run_id}"


def user_group(user_id: int) -> str:
    return f"assistant.user.{user_id}"
