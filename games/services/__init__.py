"""Every write to the games domain goes through these functions, one transaction each."""

from games.permissions import edit_key_matches

from .clubs import (
    club_create,
    club_director_add,
    club_member_add,
    club_members_add_many,
    player_merge,
)
from .deals import deal_record, deal_replace, deal_undo
from .errors import Conflict, KeyTaken, NotFound, Refused, ServiceError, StaleVersion
from .idempotency import (
    IdempotencyKey,
    idempotency_answer,
    idempotency_claim,
    idempotency_complete,
    idempotency_store,
    idempotency_unseal,
)
from .matches import CreatedMatch, match_create, match_recompute
from .presets import PresetRules, check_preset_rules, preset_create, preset_delete, preset_find

__all__ = [
    "Conflict",
    "CreatedMatch",
    "IdempotencyKey",
    "KeyTaken",
    "NotFound",
    "PresetRules",
    "Refused",
    "ServiceError",
    "StaleVersion",
    "check_preset_rules",
    "club_create",
    "club_director_add",
    "club_member_add",
    "club_members_add_many",
    "deal_record",
    "deal_replace",
    "deal_undo",
    "edit_key_matches",
    "idempotency_answer",
    "idempotency_claim",
    "idempotency_complete",
    "idempotency_store",
    "idempotency_unseal",
    "match_create",
    "match_recompute",
    "player_merge",
    "preset_create",
    "preset_delete",
    "preset_find",
]
