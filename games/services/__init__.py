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
    Idempotency,
    IdempotencyKey,
    Kept,
    idempotency_kept,
    idempotency_record,
    idempotency_store,
)
from .matches import CreatedMatch, match_create, match_recompute
from .presets import PresetRules, check_preset_rules, preset_create, preset_delete, preset_find

__all__ = [
    "Conflict",
    "CreatedMatch",
    "Idempotency",
    "IdempotencyKey",
    "Kept",
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
    "idempotency_kept",
    "idempotency_record",
    "idempotency_store",
    "match_create",
    "match_recompute",
    "player_merge",
    "preset_create",
    "preset_delete",
    "preset_find",
]
