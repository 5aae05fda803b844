"""Every write to the games domain goes through these functions, one transaction each."""

from .deals import deal_record, deal_replace, deal_undo
from .errors import Conflict, NotFound, ServiceError, StaleVersion
from .idempotency import idempotency_claim, idempotency_complete
from .matches import CreatedMatch, edit_key_matches, match_create, match_recompute

__all__ = [
    "Conflict",
    "CreatedMatch",
    "NotFound",
    "ServiceError",
    "StaleVersion",
    "deal_record",
    "deal_replace",
    "deal_undo",
    "edit_key_matches",
    "idempotency_claim",
    "idempotency_complete",
    "match_create",
    "match_recompute",
]
