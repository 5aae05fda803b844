"""What an operator asks about afterwards: who was refused what. One warning line each, with the
user's id and the object named (never a key, nor a person's name or username: the operator's
logs hold none, issue 31; the id leads to the account in the database while it exists)."""

from __future__ import annotations

import logging
from typing import Any

logger = logging.getLogger("games.access")


def who(user: Any) -> str:
    if user is None or not getattr(user, "is_authenticated", False):
        return "anonymous"
    return f"user {user.pk}"


def refused(user: Any, action: str, target: Any) -> None:
    logger.warning(
        "refused: %s, %s, by %s",
        action,
        target,
        who(user),
        extra={"action": action, "target": str(target), "user_id": getattr(user, "pk", None)},
    )
