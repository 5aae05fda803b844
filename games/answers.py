"""The answers to writes, as plain data. One function per answer builds both what the API replies
and what is kept to answer a retry of the same write (an Idempotency-Key's record, a page form
sent again), so the two cannot differ; the services keep it, the views reply with it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

CREATED = 201


@dataclass(frozen=True)
class Answer:
    """A write's answer: its status, its body (plain JSON data) and the headers kept with it."""

    status: int
    body: dict[str, Any]
    headers: dict[str, str] = field(default_factory=dict)


def version_tag(version: int) -> str:
    """The ETag of a match's (or an evening's) version: what a writer sends back in If-Match."""
    return f'"{version}"'


def deal_body(match: Any, deal: Any) -> dict[str, Any]:
    """A deal as entered, its outcome, and the match state and version after it."""
    return {
        "number": deal.number,
        "input": deal.input,
        "outcome": deal.outcome,
        "state": match.state,
        "version": match.version,
    }


def deal_recorded(match: Any, deal: Any) -> Answer:
    """The answer to a new deal (the API's 201, a resent deal form's "Deal n was recorded")."""
    return Answer(CREATED, deal_body(match, deal), {"ETag": version_tag(match.version)})
