"""Etori's page: the hand's form with teams named by their players, its history line, its
correction's start."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from games.pages.games.contract import GamePage
from games.pages.matches.deal_form import SUIT_LABELS, DealForm, suit_choices
from games.pages.matches.scoreboard import team_rows
from games.pages.numbers import NumberField
from games.pages.words import Table
from games.rules.cards import FRENCH_SUITS

SLUG = "etori"


# The winners' aces as the chip rule sees them (games/rules/etori.py): a key each, with what
# the losers pay for them; "by honours" is 1, 2 or 4 chips by the honours taken.
WINNERS_ACES_KEYS = (
    ("no_ace", gettext_lazy("No ace"), gettext_lazy("4 chips")),
    ("plain_aces", gettext_lazy("1 or 2 plain"), gettext_lazy("2 chips")),
    ("other", gettext_lazy("Others"), gettext_lazy("by honours")),
)


class EtoriDealForm(DealForm):
    """Trumps (kept from the last hand), one team's honours (the other's are the rest) and one
    key for the aces the winners were dealt, which enters the hand: the rule needs no more of
    the aces. At 8 honours each, the team dealt the rensho too."""

    keys = WINNERS_ACES_KEYS

    def build(self):
        playing = self.state["next"]["playing"]
        self.playing = playing
        first = playing[0]
        self.ERROR_FIELDS = {
            "honours": f"honours_{first}",
            "aces": "winners_aces",
            "winners_aces": "winners_aces",
            "rensho_dealt_to": "rensho_dealt_to",
        }
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
        self.missing_messages[f"honours_{first}"] = _(
            "Enter the honours taken by %(team)s or by %(other)s."
        ) % {"team": self.table.team(first), "other": self.table.team(playing[1])}
        self.fields["rensho_dealt_to"] = self.team_field(
            _("At 8 to 8, the rensho was dealt to"), teams=playing
        )
        self.missing_messages["rensho_dealt_to"] = _("Tap the team dealt the rensho.")
        self.fields["winners_aces"] = forms.ChoiceField(
            label=gettext_lazy("Aces the winners were dealt"),
            choices=[(value, label) for value, label, _chips in WINNERS_ACES_KEYS],
            required=False,
        )
        self.missing_messages["winners_aces"] = _("Tap the aces the winners were dealt.")

    def clean(self):
        data = self.cleaned_data
        if all(data.get(f"honours_{team}") is None for team in self.playing):
            self.add_error(f"honours_{self.playing[0]}", self.missing(f"honours_{self.playing[0]}"))
        return super().clean()

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
        raw: dict[str, Any] = {
            "trump": data.get("trump") or None,
            "honours": [given.get(t) for t in range(teams)],
            "winners_aces": data.get("winners_aces") or None,
        }
        if data.get("rensho_dealt_to") is not None:
            raw["rensho_dealt_to"] = data["rensho_dealt_to"]
        return raw

    @property
    def eight_all(self) -> str:
        """The honours field the rensho's row follows: shown at 8 only (app.js)."""
        return f"honours_{self.playing[0]}=8"


def summary(raw: dict[str, Any], outcome: dict[str, Any], table: Table, options: Any) -> str:
    won = ngettext(
        "%(team)s win %(chips)d chip", "%(team)s win %(chips)d chips", outcome["chips"]
    ) % {
        "team": table.team(outcome["winner"]),
        "chips": outcome["chips"],
    }
    return " · ".join([won, str(SUIT_LABELS.get(outcome["trump"], outcome["trump"]))])


def initial(raw: dict[str, Any]) -> dict[str, Any]:
    """The hand as entered; one entered with each team's aces (through the API) shows its
    honours and trumps, and its correction taps the winners' aces anew."""
    values = {k: v for k, v in raw.items() if not isinstance(v, (dict, list))}
    for team, count in enumerate(raw.get("honours") or []):
        values[f"honours_{team}"] = count
    return values


# --- the scoreboard ------------------------------------------------------------------------


def scoreboard_rows(state, *, names, labels, stake) -> list[dict]:
    chips = state["chips"]
    return team_rows(labels, chips, [ngettext("chip", "chips", abs(c)) for c in chips])


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


# --- the glossary (games/pages/matches/glossary.py) -----------------------------------

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


class EtoriPage(GamePage):
    slug = SLUG
    deal_form = EtoriDealForm
    glossary = GLOSSARY
    summary = staticmethod(summary)
    initial = staticmethod(initial)
    scoreboard_rows = staticmethod(scoreboard_rows)
    next_roles = staticmethod(next_roles)


PAGE = EtoriPage()
