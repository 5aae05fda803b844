"""Everything the service holds about a known player, as one JSON document for the player to
take (issue 31): their names, clubs, matches, evenings and tournaments with the other players
as they appear to them (their own history page's rule), their lines in the club seasons, their
ratings history, and their account. No key, token or password (nor any digest of one) is in it."""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from games.models import Club, Entrant, Player, RatingStep, SeasonLine, Tournament

from .history import player_history

FORMAT = "scorekeeper-own-data"
VERSION = 1


def _when(value) -> str | None:
    return value.isoformat() if value is not None else None


def _account(player: Player) -> dict[str, Any] | None:
    account = player.user
    if account is None:
        return None
    return {
        "username": account.get_username(),
        "email": account.email,
        "first_name": account.first_name,
        "last_name": account.last_name,
        "date_joined": _when(account.date_joined),
        "last_login": _when(account.last_login),
        "directs": [
            {"slug": club.slug, "name": club.name}
            for club in Club.objects.filter(directors=account).order_by("name")
        ],
        "house_rules": [
            {"game": preset.game, "name": preset.name, "rules": preset.rules}
            for preset in account.rule_presets.order_by("game", "name")
        ],
        "api_tokens": account.api_tokens.count(),
    }


def _tournaments(player: Player) -> list[dict[str, Any]]:
    entries = (
        Entrant.objects.filter(Q(player=player) | Q(partner=player))
        .select_related("tournament__club", "player", "partner")
        .order_by("-tournament__created_at")
    )
    rows = []
    for entrant in entries:
        tournament: Tournament = entrant.tournament
        standing = next(
            (row for row in tournament.standings if row.get("entrant") == entrant.pk), None
        )
        rows.append(
            {
                "id": tournament.public_id,
                "name": tournament.name,
                "club": tournament.club.name,
                "game": tournament.game,
                "date": _when(tournament.created_at),
                "entered_as": entrant.name,
                "status": entrant.status,
                "standing": standing,
            }
        )
    return rows


def _seasons(player: Player) -> list[dict[str, Any]]:
    """Each club season that ranks the player: their line of its standing (place, total,
    events played, prize) and what each event gave them, as the season's cache keeps them."""
    rows = []
    for line in (
        SeasonLine.objects.filter(member=player)
        .select_related("season__club")
        .order_by("-season__starts_on", "season_id")
    ):
        season = line.season
        standing = next((row for row in season.standing if row.get("member") == player.pk), {})
        events = {event["key"]: event for event in season.chart.get("events", [])}
        rows.append(
            {
                "id": season.public_id,
                "name": season.name,
                "club": season.club.name,
                "starts_on": season.starts_on.isoformat(),
                "ends_on": season.ends_on.isoformat(),
                "standing": {key: value for key, value in standing.items() if key != "member"},
                "events": [
                    {
                        **result,
                        "event": events.get(result["event"], {}).get("id"),
                        "kind": events.get(result["event"], {}).get("kind"),
                    }
                    for result in line.results
                ],
            }
        )
    return rows


def _ratings(player: Player) -> list[dict[str, Any]]:
    lists: dict[int, dict[str, Any]] = {}
    for step in (
        RatingStep.objects.filter(player=player)
        .select_related("list__club", "match")
        .order_by("list_id", "sequence")
    ):
        entry = lists.setdefault(
            step.list_id,
            {"club": step.list.club.name, "game": step.list.game, "steps": []},
        )
        entry["steps"].append(
            {
                "at": _when(step.at),
                "match": step.match.public_id if step.match else None,
                "rating": round(step.ordinal, 2),
                "mu": round(step.mu, 3),
                "sigma": round(step.sigma, 3),
            }
        )
    return list(lists.values())


def player_own_data(player: Player, *, now) -> dict[str, Any]:
    """The document: the player's own page's history (every match, newest first), and the rest."""
    history = player_history(player, user=player.user, limit=2**31)
    matches = [{**row, "date": _when(row["date"])} for row in history["matches"]]
    sessions = [{**row, "date": _when(row["date"])} for row in history["sessions"]]
    games = [{**game, "contracts": game.get("contracts", [])} for game in history["games"]]
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": _when(now),
        "player": {
            "id": player.pk,
            "name": player.name,
            "known": player.known,
            "history_shown_to": player.history,
            "created_at": _when(player.created_at),
        },
        "account": _account(player),
        "clubs": [
            {"slug": club.slug, "name": club.name}
            for club in Club.objects.filter(members=player).order_by("name")
        ],
        "statistics": games,
        "matches": matches,
        "evenings": sessions,
        "tournaments": _tournaments(player),
        "seasons": _seasons(player),
        "ratings": _ratings(player),
    }
