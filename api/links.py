"""OpenAPI links: what an answer lets a client do next, with the values it carries (a new
match's id and edit key lead to its deals; a deal's number to its replacement and its undo).
A client, or a stateful test such as schemathesis', follows them without knowing our URLs."""

from __future__ import annotations

ID = "$response.body#/id"
SAME_ID = "$request.path.public_id"
SAME_EDIT_KEY = "$request.header.X-Edit-Key"
NUMBER = "$response.body#/number"
SLUG = "$response.body#/slug"

# The match a request names, with the edit key it was sent with.
SAME_MATCH = {"public_id": SAME_ID, "header.X-Edit-Key": SAME_EDIT_KEY}
A_DEAL = {**SAME_MATCH, "number": NUMBER}

# operationId -> (status of the answer, {link name: (target operationId, parameters)}).
LINKS: dict[str, tuple[str, dict[str, tuple[str, dict[str, str]]]]] = {
    "matches_create": (
        "201",
        {
            "GetMatch": ("matches_retrieve", {"public_id": ID}),
            "PostDeal": (
                "matches_deals_create",
                {"public_id": ID, "header.X-Edit-Key": "$response.body#/edit_key"},
            ),
            "ListDeals": ("matches_deals_list", {"public_id": ID}),
            "Export": ("matches_export_retrieve", {"public_id": ID}),
            # No link to the settlement: only a match played for money has one.
        },
    ),
    "matches_deals_create": (
        "201",
        {
            "GetDeal": ("matches_deals_retrieve", {"public_id": SAME_ID, "number": NUMBER}),
            "ReplaceDeal": ("matches_deals_update", A_DEAL),
            "UndoDeal": ("matches_deals_destroy", A_DEAL),
            "PostNextDeal": ("matches_deals_create", SAME_MATCH),
            "GetMatch": ("matches_retrieve", {"public_id": SAME_ID}),
        },
    ),
    "sessions_create": (
        "201",
        {
            "GetSession": ("sessions_retrieve", {"public_id": ID}),
            "AddMatch": (
                "sessions_matches_create",
                {"public_id": ID, "header.X-Edit-Key": "$response.body#/edit_key"},
            ),
            "Settle": (
                "sessions_settle_create",
                {"public_id": ID, "header.X-Edit-Key": "$response.body#/edit_key"},
            ),
        },
    ),
    "tournaments_create": (
        "201",
        {
            "GetTournament": ("tournaments_retrieve", {"public_id": ID}),
            "AddEntrant": ("tournaments_entrants_create", {"public_id": ID}),
            "ListEntrants": ("tournaments_entrants_list", {"public_id": ID}),
            "DrawRound": ("tournaments_rounds_create", {"public_id": ID}),
            "Standings": ("tournaments_standings_retrieve", {"public_id": ID}),
            "Results": ("tournaments_results_retrieve", {"public_id": ID}),
        },
    ),
    "tournaments_entrants_create": (
        "201",
        {
            "UpdateEntrant": (
                "tournaments_entrants_partial_update",
                {"public_id": SAME_ID, "entrant_id": ID},
            ),
        },
    ),
    "tournaments_rounds_create": (
        "202",
        {
            "GetRound": ("tournaments_rounds_retrieve", {"public_id": SAME_ID, "number": NUMBER}),
            "CancelRound": (
                "tournaments_rounds_destroy",
                {"public_id": SAME_ID, "number": NUMBER},
            ),
        },
    ),
    "clubs_create": (
        "201",
        {
            "GetClub": ("clubs_retrieve", {"slug": SLUG}),
            "AddMember": ("clubs_members_create", {"slug": SLUG}),
            "GetOptions": ("clubs_options_retrieve", {"slug": SLUG}),
            "SetOptions": ("clubs_options_partial_update", {"slug": SLUG}),
        },
    ),
    "clubs_members_create": (
        "201",
        {"GetPlayer": ("players_retrieve", {"player_id": ID})},
    ),
    "presets_create": (
        "201",
        {
            "GetPreset": ("presets_retrieve", {"key": "$response.body#/key"}),
            "DeletePreset": ("presets_destroy", {"key": "$response.body#/key"}),
        },
    ),
}


def add_links(result, generator, request, public):
    """Postprocessing hook: the links above, on the answers they start from."""
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            if not isinstance(operation, dict) or operation.get("operationId") not in LINKS:
                continue
            status, links = LINKS[operation["operationId"]]
            operation["responses"][status]["links"] = {
                name: {"operationId": target, "parameters": dict(parameters)}
                for name, (target, parameters) in links.items()
            }
    return result
