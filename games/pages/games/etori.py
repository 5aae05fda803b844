"""Etori's page: the hand's form with teams named by their players, its history line, its
correction's start."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from games.rules.cards import FRENCH_SUITS

from ..deal_form import SUIT_LABELS, DealForm, suit_choices
from ..numbers import NumberField
from ..scoreboard import team_rows
from ..words import Table

SLUG = "etori"


class EtoriDealForm(DealForm):
    ERROR_FIELDS = {"aces": "ace_spades"}

    def build(self):
        playing = self.state["next"]["playing"]
        self.playing = playing
        self.fields["trump"] = forms.ChoiceField(
            label=gettext_lazy("Trumps"),
            choices=suit_choices(FRENCH_SUITS),
            widget=forms.RadioSelect,
            initial=self.state["next"]["trump"],
        )
        for team in playing:
            self.fields[f"honours_{team}"] = NumberField(
                label=_("Honours taken by %(team)s") % {"team": self.table.team(team)},
                required=False,
                min_value=0,
                max_value=16,
            )
        for suit in FRENCH_SUITS:
            self.fields[f"ace_{suit}"] = self.team_field(
                _("Ace of %(suit)s dealt to") % {"suit": SUIT_LABELS[suit]},
                teams=playing,
                required=True,
            )
            self.missing_messages[f"ace_{suit}"] = _("Tap the team dealt the ace of %(suit)s.") % {
                "suit": str(SUIT_LABELS[suit]).lower()
            }

    def to_input(self):
        data = self.cleaned_data
        teams = len(self.state["chips"])
        first, second = self.playing
        given = {t: data.get(f"honours_{t}") for t in self.playing}
        # One count is enough: the other team took the rest of the 16 honours.
        if given[first] is None and given[second] is not None:
            given[first] = 16 - given[second]
        elif given[second] is None and given[first] is not None:
            given[second] = 16 - given[first]
        honours = [given.get(t) for t in range(teams)]
        aces: list[list[str] | None] = [[] if t in self.playing else None for t in range(teams)]
        for suit in FRENCH_SUITS:
            aces[data[f"ace_{suit}"]].append(suit)
        return {"trump": data["trump"], "honours": honours, "aces": aces}


DealFormClass = EtoriDealForm


def summary(raw: dict[str, Any], outcome: dict[str, Any], table: Table, options: Any) -> str:
    won = _("%(team)s win %(chips)d") % {
        "team": table.team(outcome["winner"]),
        "chips": outcome["chips"],
    }
    return " · ".join([won, str(SUIT_LABELS.get(outcome["trump"], outcome["trump"]))])


def initial(raw: dict[str, Any]) -> dict[str, Any]:
    values = {k: v for k, v in raw.items() if not isinstance(v, (dict, list))}
    for team, count in enumerate(raw.get("honours") or []):
        values[f"honours_{team}"] = count
    for team, suits in enumerate(raw.get("aces") or []):
        for suit in suits or []:
            values[f"ace_{suit}"] = team
    return values


# --- the scoreboard ------------------------------------------------------------------------


def scoreboard_rows(state, *, names, labels, stake) -> list[dict]:
    return team_rows(labels, state["chips"], [_("chips")] * len(labels))


def next_roles(state, *, name, labels) -> dict:
    upcoming = state["next"]
    return {
        "roles": [
            (pgettext("who is next", "Deal"), labels[upcoming["dealers"]]),
            (pgettext("who is next", "Lead"), labels[upcoming["leaders"]]),
            (_("Trumps"), str(SUIT_LABELS.get(upcoming["trump"], upcoming["trump"]))),
            (_("May change trumps"), labels[upcoming["trump_changer"]]),
        ]
    }


# --- the glossary (games/pages/glossary.py) ---------------------------------------------------

# Each term as Etori players say it; each meaning in one plain line.
GLOSSARY = [
    (
        # Translators: the word Etori players use in your language.
        pgettext_lazy("Etori", "honours"),
        pgettext_lazy(
            "Etori",
            "The aces, kings, queens and jacks: 16 in all. A hand is won with 9 or more.",
        ),
    ),
    (
        # Translators: the word Etori players use in your language.
        pgettext_lazy("Etori", "rensho"),
        pgettext_lazy(
            "Etori",
            "The ace of spades (or by option the ace of clubs when spades are trumps): it "
            "wins any trick it is played to.",
        ),
    ),
    (
        # Translators: the word Etori players use in your language.
        pgettext_lazy("Etori", "chips"),
        pgettext_lazy(
            "Etori",
            "Each team starts with 5; the losers of a hand pay the winners 4, 2 or 1. A team "
            "out of chips ends the game.",
        ),
    ),
    (
        # Translators: the word Etori players use in your language.
        pgettext_lazy("Etori", "dealers"),
        pgettext_lazy(
            "Etori",
            "The team that deals, both its players; the losers of a hand deal the next. With "
            "six players the dealers sit the hand out.",
        ),
    ),
    (
        # Translators: the word Etori players use in your language.
        pgettext_lazy("Etori", "8 to 8"),
        pgettext_lazy(
            "Etori",
            "Honours level: the team that was not dealt the rensho wins the hand.",
        ),
    ),
    (
        # Translators: the word Etori players use in your language.
        pgettext_lazy("Etori", "sticks"),
        pgettext_lazy(
            "Etori",
            "Numbered sticks drawn for the seats: number 1 sits anywhere, 2 to their right, "
            "and so on.",
        ),
    ),
]
