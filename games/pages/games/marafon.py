"""Marafon-Beccaccino's page: the one-tap deal form, its history line, its correction's start."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from games.pages.games.contract import GamePage
from games.pages.matches.deal_form import DealForm, suit_choices
from games.pages.matches.scoreboard import Said, team_rows
from games.pages.numbers import NumberField
from games.pages.words import Table
from games.rules.cards import LATIN_SUITS

SLUG = "marafon"


class MarafonDealForm(DealForm):
    ERROR_FIELDS = {
        "claim": "claim_seat",
        "cards.*.figures": "figures_*",
        "cards.*": "aces_*",
        "cards": "aces_0",
        "annulled": None,
    }
    # One tap enters the deal: team 1's points, team 2 gets the rest of the 11.
    point_buttons = [(k, 11 - k) for k in range(12)]

    def build(self):
        if self.state["next"]["battezzante"] is None:
            self.fields["battezzante"] = self.seat_field(
                gettext_lazy("Battezzante (dealt the 4 of coins)")
            )
        self.fields["trump"] = forms.ChoiceField(
            label=gettext_lazy("Trumps"),
            choices=suit_choices(LATIN_SUITS),
            widget=forms.RadioSelect,
        )
        self.fields["marafona"] = self.seat_field(
            gettext_lazy("Marafona declared by"), required=False, empty=gettext_lazy("Nobody")
        )
        self.fields["points"] = NumberField(required=False, min_value=0, max_value=11)
        for team in (0, 1):
            self.fields[f"aces_{team}"] = NumberField(
                label=gettext_lazy("Aces"), required=False, min_value=0, max_value=4
            )
            self.fields[f"figures_{team}"] = NumberField(
                label=gettext_lazy("Figures"), required=False, min_value=0, max_value=20
            )
        self.fields["last_trick"] = self.team_field(gettext_lazy("Last trick taken by"))
        self.fields["claim_seat"] = self.seat_field(gettext_lazy("Claimed by"), required=False)
        self.fields["claim_aces"] = NumberField(
            label=gettext_lazy("Aces so far"), required=False, min_value=0, max_value=4
        )
        self.fields["claim_figures"] = NumberField(
            label=gettext_lazy("Figures so far"), required=False, min_value=0, max_value=20
        )
        self.fields["action"] = forms.CharField(required=False)

    def to_input(self):
        data = self.cleaned_data
        raw: dict[str, Any] = {"trump": data["trump"]}
        if data.get("battezzante") is not None:
            raw["battezzante"] = data["battezzante"]
        if data.get("marafona") is not None:
            raw["marafona"] = data["marafona"]
        action = data.get("action") or ""
        if action == "claim":
            raw["claim"] = {
                "seat": data.get("claim_seat"),
                "aces": data.get("claim_aces"),
                "figures": data.get("claim_figures"),
            }
        elif action == "cards":
            raw["cards"] = [
                {"aces": data.get(f"aces_{t}"), "figures": data.get(f"figures_{t}")} for t in (0, 1)
            ]
            raw["last_trick"] = data.get("last_trick")
        elif action == "annul":
            raw["annulled"] = True
            raw.pop("marafona", None)
        elif data.get("points") is not None:
            raw["points"] = [data["points"], 11 - data["points"]]
        return raw


def summary(raw: dict[str, Any], outcome: dict[str, Any], table: Table, options: Any) -> str:
    if outcome.get("annulled"):
        return _("Annulled (mandare a monte)")
    if outcome.get("claim"):
        claim = outcome["claim"]
        verdict = _("right") if claim["correct"] else _("wrong")
        return _("Claim by %(who)s: %(verdict)s") % {
            "who": table.who(claim["seat"]),
            "verdict": verdict,
        }
    parts = ["{} – {}".format(*outcome["points"])]
    if outcome.get("marafona") is not None:
        seat = raw.get("marafona")
        who = table.who(seat) if isinstance(seat, int) else table.team(outcome["marafona"])
        parts.append(_("marafona by %(who)s") % {"who": who})
    if raw.get("cards") and isinstance(raw.get("last_trick"), int):
        parts.append(_("last trick %(team)s") % {"team": table.team(raw["last_trick"])})
    if outcome.get("cappotto") is not None:
        parts.append(_("cappotto"))
    return " · ".join(parts)


def initial(raw: dict[str, Any]) -> dict[str, Any]:
    values = {k: v for k, v in raw.items() if not isinstance(v, (dict, list))}
    if "points" in raw:
        values["points"] = raw["points"][0]
    if isinstance(raw.get("cards"), list):
        for team, count in enumerate(raw["cards"][:2]):
            if isinstance(count, dict):
                values[f"aces_{team}"] = count.get("aces")
                values[f"figures_{team}"] = count.get("figures")
    if isinstance(raw.get("claim"), dict):
        claim = raw["claim"]
        values.update(
            claim_seat=claim.get("seat"),
            claim_aces=claim.get("aces"),
            claim_figures=claim.get("figures"),
        )
    return values


# --- the scoreboard ------------------------------------------------------------------------


def scoreboard_rows(state, *, names, labels, stake) -> list[dict]:
    games_won = [_("games won: %(n)d") % {"n": n} for n in state["games_won"]]
    return team_rows(labels, state["scores"], games_won)


def next_roles(state, *, name, labels) -> dict:
    upcoming = state["next"]
    shown = {
        "roles": [
            (pgettext("who is next", "Deals"), name(upcoming["dealer"])),
            (
                Said(_("Battezzante: %(who)s, who names trumps and leads")),
                name(upcoming["battezzante"]),
            ),
        ]
    }
    if upcoming["must_not_look"] is not None:
        shown["reminder"] = _("%(who)s must not look at their cards until trumps are named.") % {
            "who": name(upcoming["must_not_look"])
        }
    return shown


def dealt_again(options) -> list[tuple[str, str]]:
    """The deal form's fields that say the same dealer deals again (an annulled deal): the
    rotation stays where it was (offline.js, counting the deals that wait on a phone)."""
    return [("action", "annul")] if options.mandare_a_monte else []


# --- the glossary (games/pages/matches/glossary.py) -----------------------------------

# Each term as Marafon-Beccaccino players say it; each meaning in one plain line.
GLOSSARY = [
    (
        # Translators: the word Marafon-Beccaccino players use in your language.
        pgettext_lazy("Marafon-Beccaccino", "battezzante"),
        pgettext_lazy(
            "Marafon-Beccaccino",
            "The player who names trumps and leads the first trick: in the first deal whoever"
            " was dealt the 4 of coins, later the player to the dealer's right.",
        ),
    ),
    (
        # Translators: the word Marafon-Beccaccino players use in your language.
        pgettext_lazy("Marafon-Beccaccino", "marafona"),
        pgettext_lazy(
            "Marafon-Beccaccino",
            "The 3, 2 and ace of trumps in one hand, declared during the first trick: 3 more "
            "points for the team.",
        ),
    ),
    (
        # Translators: the word Marafon-Beccaccino players use in your language.
        pgettext_lazy("Marafon-Beccaccino", "cappotto"),
        pgettext_lazy(
            "Marafon-Beccaccino",
            "A team that scores no whole point in a deal: a label only, no extra score.",
        ),
    ),
    (
        # Translators: the word Marafon-Beccaccino players use in your language.
        pgettext_lazy("Marafon-Beccaccino", "figures"),
        pgettext_lazy(
            "Marafon-Beccaccino",
            "The 3s, 2s, kings, horses and jacks: a third of a point each; an ace is a whole "
            "point, and so is the last trick.",
        ),
    ),
    (
        # Translators: the word Marafon-Beccaccino players use in your language.
        pgettext_lazy("Marafon-Beccaccino", "busso"),
        pgettext_lazy(
            "Marafon-Beccaccino",
            "A signal while leading (a knock on the table): partner should win the trick with"
            " their highest card of the suit and lead it back.",
        ),
    ),
    (
        # Translators: the word Marafon-Beccaccino players use in your language.
        pgettext_lazy("Marafon-Beccaccino", "volo"),
        pgettext_lazy(
            "Marafon-Beccaccino",
            "A signal while leading (the card thrown so that it flies): no more cards of the "
            "suit led.",
        ),
    ),
    (
        # Translators: the word Marafon-Beccaccino players use in your language.
        pgettext_lazy("Marafon-Beccaccino", "striscio"),
        pgettext_lazy(
            "Marafon-Beccaccino",
            "A signal while leading (the card slid onto the table): more low cards of the "
            "suit led.",
        ),
    ),
    (
        # Translators: the word Marafon-Beccaccino players use in your language.
        pgettext_lazy("Marafon-Beccaccino", "la bella"),
        pgettext_lazy(
            "Marafon-Beccaccino",
            "The third game of a match, played when the first two (le brutte) are split.",
        ),
    ),
    (
        # Translators: the word Marafon-Beccaccino players use in your language.
        pgettext_lazy("Marafon-Beccaccino", "mandare a monte"),
        pgettext_lazy(
            "Marafon-Beccaccino",
            "Annulling the deal: a battezzante whose cards are worth less than a point and a "
            "figure may, where the house rules allow.",
        ),
    ),
]


class MarafonPage(GamePage):
    slug = SLUG
    deal_form = MarafonDealForm
    glossary = GLOSSARY
    summary = staticmethod(summary)
    initial = staticmethod(initial)
    scoreboard_rows = staticmethod(scoreboard_rows)
    next_roles = staticmethod(next_roles)
    dealt_again = staticmethod(dealt_again)


PAGE = MarafonPage()
