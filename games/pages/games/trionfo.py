"""Trionfo's page: the deal form (a chiamo or di più is made or failed by its points, never
asked), its history line, its correction's start."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from games.pages.games.contract import GamePage
from games.pages.matches.deal_form import DealForm, suit_choices
from games.pages.matches.scoreboard import balance_rows
from games.pages.numbers import NumberField
from games.pages.words import Table
from games.rules.cards import LATIN_40_RANKS, LATIN_SUITS

SLUG = "trionfo"

BIDS = [
    ("pass", gettext_lazy("All pass")),
    ("chiamo", gettext_lazy("Chiamo")),
    ("di_piu", gettext_lazy("Di più")),
    ("maso", gettext_lazy("Maso")),
    ("maso_dei_masi", gettext_lazy("Maso dei masi")),
]
BID_NAMES = dict(BIDS)
# Which bids are decided by the signore's side's card points, and which are just made or not.
BY_POINTS = ("chiamo", "di_piu")


class TrionfoDealForm(DealForm):
    ERROR_FIELDS = {"called_card.suit": "called_suit", "called_card": "called_rank"}

    def build(self):
        if self.state["next"]["first_speaker"] is None:
            self.fields["first_speaker"] = self.seat_field(
                gettext_lazy("First speaker (dealt the 5 of swords)")
            )
        self.fields["bid"] = forms.ChoiceField(
            label=gettext_lazy("Bid"), choices=BIDS, widget=forms.RadioSelect
        )
        self.fields["declarer"] = self.seat_field(
            gettext_lazy("Signore (declarer)"), required=False
        )
        self.fields["trump"] = self.tap_field(gettext_lazy("Trumps"), suit_choices(LATIN_SUITS))
        self.fields["partner"] = self.seat_field(
            gettext_lazy("Amico (holds the called card)"), required=False
        )
        self.fields["called_rank"] = self.tap_field(
            gettext_lazy("Called card"), [(r, r) for r in LATIN_40_RANKS]
        )
        self.fields["called_suit"] = self.tap_field(
            gettext_lazy("Suit of the called card"), suit_choices(LATIN_SUITS)
        )
        self.fields["points"] = NumberField(
            label=gettext_lazy("Signore's side's card points"),
            required=False,
            min_value=0,
            max_value=11,
        )
        self.fields["made"] = forms.TypedChoiceField(
            label=gettext_lazy("Made?"),
            required=False,
            coerce=lambda v: v == "yes",
            empty_value=None,
            choices=[("yes", gettext_lazy("Made")), ("no", gettext_lazy("Failed"))],
            widget=forms.RadioSelect,
        )

    def to_input(self):
        data = self.cleaned_data
        raw: dict[str, Any] = {"bid": data["bid"]}
        if data.get("first_speaker") is not None:
            raw["first_speaker"] = data["first_speaker"]
        if data["bid"] == "pass":
            return raw
        raw.update(declarer=data.get("declarer"), trump=data.get("trump") or None)
        if data["bid"] == "chiamo":
            raw["partner"] = data.get("partner")
            if data.get("called_rank") and data.get("called_suit"):
                raw["called_card"] = {"rank": data["called_rank"], "suit": data["called_suit"]}
        if data["bid"] in BY_POINTS:
            raw["points"] = data.get("points")
        else:
            raw["made"] = data.get("made")
        return raw


def summary(raw: dict[str, Any], outcome: dict[str, Any], table: Table, options: Any) -> str:
    if outcome["bid"] == "pass":
        return _("All passed")
    bid = BID_NAMES.get(outcome["bid"], outcome["bid"].replace("_", " "))
    parts = [f"{bid} {table.who(outcome['declarer'])}"]
    if outcome.get("partner") is not None:
        parts.append(_("with %(who)s") % {"who": table.who(outcome["partner"])})
    elif outcome["bid"] == "chiamo" and outcome.get("alone"):
        # A chiamo without an amico: the signore called a card of their own hand and played
        # alone against four. The players name it so; "made" alone would hide it.
        parts.append(pgettext("Trionfo", "chiamata in mano"))
    made = _("made") if outcome["made"] else _("failed")
    if isinstance(raw.get("points"), int):
        made = ngettext(
            "%(points)d point, %(made)s", "%(points)d points, %(made)s", raw["points"]
        ) % {"points": raw["points"], "made": made}
    parts.append(made)
    return " · ".join(parts)


def initial(raw: dict[str, Any]) -> dict[str, Any]:
    values = {k: v for k, v in raw.items() if not isinstance(v, (dict, list))}
    if isinstance(raw.get("called_card"), dict):
        card = raw["called_card"]
        values.update(called_rank=card.get("rank"), called_suit=card.get("suit"))
    if isinstance(raw.get("made"), bool):
        values["made"] = "yes" if raw["made"] else "no"
    return values


# --- the scoreboard ------------------------------------------------------------------------


def scoreboard_rows(state, *, names, labels, stake) -> list[dict]:
    return balance_rows(names, state["balances"], stake)


def next_roles(state, *, name, labels) -> dict:
    upcoming = state["next"]
    return {
        "roles": [
            (pgettext("who is next", "Deals"), name(upcoming["dealer"])),
            (_("Speaks first and leads"), name(upcoming["first_speaker"])),
        ]
    }


# --- the glossary (games/pages/matches/glossary.py) -----------------------------------

# Each term as Trionfo players say it; each meaning in one plain line.
GLOSSARY = [
    (
        # Translators: the word Trionfo players use in your language.
        pgettext_lazy("Trionfo", "chiamo"),
        pgettext_lazy(
            "Trionfo",
            "“I call”: the lowest bid; the declarer calls a card, and its holder is the partner.",
        ),
    ),
    (
        # Translators: the word Trionfo players use in your language.
        pgettext_lazy("Trionfo", "di più"),
        pgettext_lazy(
            "Trionfo",
            "“More”: alone against four, winning with more card points.",
        ),
    ),
    (
        # Translators: the word Trionfo players use in your language.
        pgettext_lazy("Trionfo", "maso"),
        pgettext_lazy(
            "Trionfo",
            "“Most”: alone, 6 card points before the opponents take a whole point.",
        ),
    ),
    (
        # Translators: the word Trionfo players use in your language.
        pgettext_lazy("Trionfo", "maso dei masi"),
        pgettext_lazy(
            "Trionfo",
            "“Most of all”: alone, every trick.",
        ),
    ),
    (
        # Translators: the word Trionfo players use in your language.
        pgettext_lazy("Trionfo", "signore"),
        pgettext_lazy(
            "Trionfo",
            "The declarer: the highest bidder, who names trumps.",
        ),
    ),
    (
        # Translators: the word Trionfo players use in your language.
        pgettext_lazy("Trionfo", "amico"),
        pgettext_lazy(
            "Trionfo",
            "The partner in chiamo: the holder of the called card, secret until it is played.",
        ),
    ),
    (
        # Translators: the word Trionfo players use in your language.
        pgettext_lazy("Trionfo", "chiamata in mano"),
        pgettext_lazy(
            "Trionfo",
            "Calling a card in one's own hand: playing alone against four.",
        ),
    ),
    (
        # Translators: the word Trionfo players use in your language.
        pgettext_lazy("Trionfo", "va a monte"),
        pgettext_lazy(
            "Trionfo",
            "Everyone passed: the hand is thrown in, nobody pays, and the next dealer deals.",
        ),
    ),
]


class TrionfoPage(GamePage):
    slug = SLUG
    deal_form = TrionfoDealForm
    glossary = GLOSSARY
    summary = staticmethod(summary)
    initial = staticmethod(initial)
    scoreboard_rows = staticmethod(scoreboard_rows)
    next_roles = staticmethod(next_roles)


PAGE = TrionfoPage()
