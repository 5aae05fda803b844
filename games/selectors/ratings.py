"""Reads of the club ratings: a club's list for a game, and a member's rating history."""

from __future__ import annotations

from typing import Any

from games.models import Club, Player, Rating, RatingList, RatingStep


def rating_list_get(club: Club, game: str) -> RatingList | None:
    return RatingList.objects.filter(club=club, game=game).first()


def club_ratings(club: Club, game: str) -> dict[str, Any]:
    """The club's members rated at the game, best first (by ordinal: mu - 3 sigma)."""
    rating_list = rating_list_get(club, game)
    rows = []
    if rating_list is not None:
        ratings = (
            Rating.objects.filter(list=rating_list, player__clubs=club)
            .select_related("player")
            .order_by("-ordinal", "player_id")
        )
        for rank, rating in enumerate(ratings, start=1):
            rows.append(
                {
                    "rank": rank,
                    "player": rating.player_id,
                    "name": rating.player.name,
                    "rating": round(rating.ordinal, 2),
                    "mu": round(rating.mu, 3),
                    "sigma": round(rating.sigma, 3),
                    "played": rating.played,
                }
            )
    return {
        "club": club.slug,
        "game": game,
        "dirty": bool(rating_list and rating_list.dirty),
        "computed_at": rating_list.computed_at if rating_list else None,
        "results": rating_list.applied_count if rating_list else 0,
        "ratings": rows,
    }


def rating_history(club: Club, game: str, player: Player) -> list[dict[str, Any]]:
    """A player's rating after each of their rated results at the club, oldest first."""
    rating_list = rating_list_get(club, game)
    if rating_list is None:
        return []
    return [
        {
            "sequence": sequence,
            "at": at,
            "match": public_id,
            "rating": round(ordinal, 2),
            "mu": round(mu, 3),
            "sigma": round(sigma, 3),
        }
        for sequence, at, public_id, ordinal, mu, sigma in RatingStep.objects.filter(
            list=rating_list, player=player
        )
        .order_by("sequence")
        .values_list("sequence", "at", "match__public_id", "ordinal", "mu", "sigma")
    ]
