"""The live pages' poll tokens (``games.polls``), with the database reads a cache miss or a cache
that is down falls back to. A page asks for its token before it reads what it shows."""

from __future__ import annotations

from games import polls
from games.models import Match, Tournament

from .matches import match_version
from .tournaments import tournament_id_of, tournament_version


def match_poll_token(public_id: str) -> str | None:
    def fingerprint() -> str | None:
        version = match_version(public_id)
        return None if version is None else str(version)

    return polls.token(
        polls.MATCH,
        public_id,
        exists=lambda: Match.objects.filter(public_id=public_id).exists(),
        fingerprint=fingerprint,
    )


def tournament_poll_token(public_id: str) -> str | None:
    def fingerprint() -> str | None:
        tournament_id = tournament_id_of(public_id)
        return None if tournament_id is None else tournament_version(tournament_id)

    return polls.token(
        polls.TOURNAMENT,
        public_id,
        exists=lambda: Tournament.objects.filter(public_id=public_id).exists(),
        fingerprint=fingerprint,
    )
