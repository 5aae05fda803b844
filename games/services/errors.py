"""What a service refuses for reasons other than the rules of the game."""

from django.db import transaction
from django.utils.translation import gettext as _


class ServiceError(Exception):
    """Base of the refusals that the API turns into a status code."""


class StaleVersion(ServiceError):
    """The writer saw an older version of the match than the one stored (HTTP 412)."""

    def __init__(self, current: int):
        self.current = current
        super().__init__(
            _(
                "The match has changed since you read it (now version %(version)s); "
                "reload it and enter the deal again."
            )
            % {"version": current}
        )


class Conflict(ServiceError):
    """The request does not fit the match as it stands (HTTP 409)."""


class NotFound(ServiceError):
    """No such deal (HTTP 404)."""


class KeyTaken(Exception):
    """The Idempotency-Key of a write was stored by another request (a retry sent while the
    first was in flight, now committed): this request's work must be rolled back and the
    stored answer served. Not a refusal: the caller replays the first answer."""


class Refused(ServiceError):
    """The caller may not make this change: wrong key, or not a director (HTTP 403)."""


def inside_transaction(what: str) -> None:
    """For helpers whose writes only make sense with the caller's: called outside a
    transaction they would commit half of a change, so they refuse to run."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError(f"{what} must run inside the caller's transaction.")
