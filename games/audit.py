"""What an operator asks about afterwards: who was refused what. One warning line each, with the
user and the object named (never a key: those are not logged anywhere)."""

from __future__ import annotations

import logging
from typing import Any

logger = logging.getLogger("games.access")


def who(user: Any) -> str:
    if user is None or not getattr(user, "is_authenticated", False):
        return "anonymous"
    return f"user {user.pk} ({user.get_username()})"


def refused(user: Any, action: str, target: Any) -> None:
    logger.warning(
        "refused: %s, %s, by %s",
        action,
        target,
        who(user),
        extra={"action": action, "target": str(target), "user_id": getattr(user, "pk", None)},
    )
