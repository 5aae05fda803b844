"""Tens's page: one tap on the first partnership's points (the other's are the rest of ten),
its history line, its correction's start, its scoreboard."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _

from games.pages.games.contract import GamePage
from games.pages.matches.deal_form import DealForm
from games.pages.matches.scoreboard import team_rows

SLUG = "tens"


class TensDealForm(DealForm):
    def build(self):
        self.fields["points"] = forms.TypedChoiceField(
            label=_("Points of %(team)s") % {"team": self.table.team(0)},
            choices=[(str(n), str(n)) for n in range(11)],
            coerce=int,
            widget=forms.RadioSelect,
        )

    def to_input(self):
        first = self.cleaned_data["points"]
        return {"points": [first, 10 - first]}


def summary(raw: dict[str, Any], outcome: dict[str, Any], table, options) -> str:
    return " – ".join(str(p) for p in outcome["points"])


def initial(raw: dict[str, Any]) -> dict[str, Any]:
    return {"points": raw["points"][0]}


def scoreboard_rows(state, *, names, labels, stake) -> list[dict]:
    return team_rows(labels, state["scores"])


def next_roles(state, *, name, labels) -> dict:
    return {"roles": [(_("Deals"), name(state["next"]["dealer"]))]}


class TensPage(GamePage):
    slug = SLUG
    deal_form = TensDealForm
    summary = staticmethod(summary)
    initial = staticmethod(initial)
    scoreboard_rows = staticmethod(scoreboard_rows)
    next_roles = staticmethod(next_roles)


PAGE = TensPage()
