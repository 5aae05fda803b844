"""Deals explained in the API's answers: ``?explain=1`` on the deal list, a deal and the match
adds each deal's ``explain``, its explanation line by line in the request's language
(games.selectors.explanations); without it the answers are as they always were."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from api.query import Choice
from games.selectors.explanations import deal_explanations

# As the season standing's (api/views/seasons.py): asked for, never in the default answer.
EXPLAIN = Choice(
    "explain",
    "1: each deal's explanation in plain words (`explain`, a list of lines), in the request's "
    "language, seats and teams said by the players' names; an empty list for a game that does "
    "not explain its deals.",
    ("1", "0", "true", "false"),
)


def explaining(request) -> bool:
    return EXPLAIN.read(request) in ("1", "true")


def with_explanations(match, deals: Iterable[Any], body: list[dict]) -> list[dict]:
    """``body``, the deals' answers, each with its ``explain`` lines."""
    said = deal_explanations(match, deals)
    for item in body:
        item["explain"] = said.get(item["number"], [])
    return body
