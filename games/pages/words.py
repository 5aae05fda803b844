"""The people at the table, for the pages' words: players by name and teams by their players
("Ana & Dai"), never "seat 0" or "team 1". The rules engines speak of seats and teams by their
API index (what an API client sends); the pages say who that is."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.utils.translation import get_language_bidi
from django.utils.translation import gettext as _

from games.names import isolate, turns_text
from games.translation import by_names, translated

# "seat 2", "Seat 0", "Team 1": the index the rules engines use, 0-based like the API.
_SEAT = re.compile(r"\b[Ss]eat (\d+)\b")
_TEAM = re.compile(r"\b[Tt]eam (\d+)\b")
# "The blind man (seat 3)": the name already says who.
_ASIDE = re.compile(r" \([Ss]eat \d+\)")


def isolated(name: str) -> str:
    """A name inside a sentence made here: isolated (FSI ... PDI) on a right-to-left page, and
    on any page when it holds right-to-left letters or a direction control (``turns_text``).
    A name of left-to-right letters on a left-to-right line cannot move the words around it,
    and is left as typed: a match page names each player in each of its 30 history lines."""
    return isolate(name) if get_language_bidi() or turns_text(name) else name


@dataclass(frozen=True)
class Table:
    names: list[str]
    teams: list[list[int]] = field(default_factory=list)

    @property
    def team_labels(self) -> list[str]:
        said = by_names(self.names, self.teams, name=isolated)
        return [said("team", number) or "" for number in range(len(self.teams))]

    def who(self, seat: int | None) -> str:
        if seat is not None and 0 <= seat < len(self.names):
            return isolated(self.names[seat])
        return _("blind man")

    def team(self, team: int | None) -> str:
        labels = self.team_labels
        if team is not None and 0 <= team < len(labels):
            return labels[team]
        return ""

    def _refer(self, kind: str, number: int) -> str | None:
        if kind == "seat":
            return self.who(number)  # the blind man where no one sits
        return by_names(self.names, self.teams, name=isolated)(kind, number)

    def say(self, message: str) -> str:
        """A rules engine's message in the players' words and the request's language: a seat
        or a team it names is said by the players' names."""
        message = str(translated(message, refer=self._refer))
        # Messages said as plain English text (a service's) name seats and teams in words.
        message = _ASIDE.sub("", message)
        message = _SEAT.sub(lambda m: self.who(int(m.group(1))), message)
        if self.teams:
            message = _TEAM.sub(lambda m: self.team(int(m.group(1))) or m.group(0), message)
        return message
