"""Malilla's page: the deal form, its history line, its correction's start."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from games.pages.games.contract import GamePage
from games.pages.matches.deal_form import DealForm, suit_choices
from games.pages.matches.scoreboard import team_rows
from games.pages.numbers import NumberField
from games.pages.words import Table
from games.rules.malilla import VARIANTS

SLUG = "malilla"

IRREGULARITIES = {
    "misdeal": gettext_lazy("misdeal"),
    "abandoned": gettext_lazy("thrown in"),
    "renege": gettext_lazy("renege"),
    "challenge": gettext_lazy("challenge"),
}


class MalillaDealForm(DealForm):
    ERROR_FIELDS = {
        "turn_up.suit": "turn_suit",
        "turn_up": "turn_rank",
        "totals.*": "total_*",
        "totals": "total_0",
        "renege": "renege",
        "challenge": "challenge",
    }

    def build(self):
        variant = VARIANTS[self.options.variant]
        if self.state["next"]["dealer"] is None:
            self.fields["dealer"] = self.seat_field(gettext_lazy("Dealer"))
        self.fields["turn_rank"] = self.tap_field(
            gettext_lazy("Turned-up card"), [(r, r) for r in variant.pack.ranks]
        )
        self.fields["turn_suit"] = self.tap_field(
            gettext_lazy("Trumps"), suit_choices(variant.pack.suits)
        )
        for team, label in enumerate(self.table.team_labels):
            self.fields[f"total_{team}"] = NumberField(
                label=_("%(team)s: points and tricks") % {"team": label},
                required=False,
                min_value=0,
                max_value=variant.deal_points,
            )
        # A revoke and a challenge that finds none are each one tap on the team that loses
        # the game, said by its players' names (submit buttons: no choice and checkbox to
        # match to a button). A challenge that finds a revoke is the other team's renege.
        self.fields["renege"] = self.team_field(gettext_lazy("Reneged"))
        self.fields["challenge"] = self.team_field(gettext_lazy("Challenged, no revoke found"))
        self.fields["action"] = forms.CharField(required=False)
        self.deal_points = variant.deal_points

    def to_input(self):
        data = self.cleaned_data
        raw: dict[str, Any] = {}
        if data.get("dealer") is not None:
            raw["dealer"] = data["dealer"]
        action = data.get("action") or ""
        if action in ("misdeal", "abandoned"):
            raw[action] = True
        elif data.get("renege") is not None:
            raw["renege"] = {"team": data["renege"]}
        elif data.get("challenge") is not None:
            raw["challenge"] = {"team": data["challenge"], "upheld": False}
        else:
            if data.get("turn_rank") and data.get("turn_suit"):
                raw["turn_up"] = {"rank": data["turn_rank"], "suit": data["turn_suit"]}
            totals = [data.get("total_0"), data.get("total_1")]
            # One total is enough: the other is what is left of the deal's points.
            if totals[0] is None and totals[1] is not None:
                totals[0] = self.deal_points - totals[1]
            elif totals[1] is None and totals[0] is not None:
                totals[1] = self.deal_points - totals[0]
            if None not in totals:
                raw["totals"] = totals
        return raw

    def losing_teams(self) -> list[dict[str, Any]]:
        """The irregularities' buttons: each team, and what each button says of it."""
        return [
            {
                "team": team,
                "reneged": _("%(team)s reneged") % {"team": label},
                "challenged": _("%(team)s challenged: no revoke") % {"team": label},
            }
            for team, label in enumerate(self.table.team_labels)
        ]


# The outcome's bonus status is a value of the API (RULES.md §3), said here in words.
BONUS_STATUS = {
    "counted": pgettext_lazy("Malilla bonus", "counted"),
    "held": pgettext_lazy("Malilla bonus", "held"),
    "added": pgettext_lazy("Malilla bonus", "added"),
    "void": pgettext_lazy("Malilla bonus", "void"),
}


def summary(raw: dict[str, Any], outcome: dict[str, Any], table: Table, options: Any) -> str:
    if outcome.get("irregularity"):
        kind = outcome["irregularity"]
        parts = [str(IRREGULARITIES.get(kind, kind))]
        if outcome.get("loser") is not None:
            parts.append(_("%(team)s lose") % {"team": table.team(outcome["loser"])})
        return " · ".join(parts)
    parts = ["{} – {}".format(*outcome["points"])]
    bonus = outcome.get("bonus")
    if bonus:
        status = BONUS_STATUS.get(bonus["status"], bonus["status"])
        parts.append(_("bonus %(points)d %(status)s") % {**bonus, "status": status})
    if outcome.get("capote") is not None:
        parts.append(_("capote by %(team)s") % {"team": table.team(outcome["capote"])})
    if outcome.get("zapato") is not None:
        parts.append(_("zapato for %(team)s") % {"team": table.team(outcome["zapato"])})
    return " · ".join(parts)


def initial(raw: dict[str, Any]) -> dict[str, Any]:
    values = {k: v for k, v in raw.items() if not isinstance(v, (dict, list))}
    if "totals" in raw:
        values.update(total_0=raw["totals"][0], total_1=raw["totals"][1])
    if isinstance(raw.get("turn_up"), dict):
        values.update(turn_rank=raw["turn_up"].get("rank"), turn_suit=raw["turn_up"].get("suit"))
    return values


# --- the scoreboard ------------------------------------------------------------------------


def scoreboard_rows(state, *, names, labels, stake) -> list[dict]:
    return team_rows(labels, state["scores"])


def next_roles(state, *, name, labels) -> dict:
    upcoming = state["next"]
    shown: dict = {
        "roles": [
            (pgettext("who is next", "Deals"), name(upcoming["dealer"])),
            (pgettext("who is next", "Leads"), name(upcoming["leader"])),
        ]
    }
    if any(state.get("capotes", [])):
        counts = " – ".join(str(c) for c in state["capotes"])
        shown["labels"] = [_("capotes: %(counts)s") % {"counts": counts}]
    return shown


# --- the glossary (games/pages/matches/glossary.py) -----------------------------------

# Each term as Malilla players say it; each meaning in one plain line.
GLOSSARY = [
    (
        # Translators: the word Malilla players use in your language.
        pgettext_lazy("Malilla", "malilla"),
        pgettext_lazy(
            "Malilla",
            "The highest card of each suit, worth 5: the 7 (the 9 in Spanish Manilla).",
        ),
    ),
    (
        # Translators: the word Malilla players use in your language.
        pgettext_lazy("Malilla", "la negra"),
        pgettext_lazy(
            "Malilla",
            "The point each trick is worth besides the card points: 70 points a deal.",
        ),
    ),
    (
        # Translators: the word Malilla players use in your language.
        pgettext_lazy("Malilla", "mano"),
        pgettext_lazy(
            "Malilla",
            "The lead of the first trick; the team that won the albur has it.",
        ),
    ),
    (
        # Translators: the word Malilla players use in your language.
        pgettext_lazy("Malilla", "albur"),
        pgettext_lazy(
            "Malilla",
            "The draw before the first deal: its winners start with 5 points and the lead, "
            "and the other team deals first.",
        ),
    ),
    (
        # Translators: the word Malilla players use in your language.
        pgettext_lazy("Malilla", "capote"),
        pgettext_lazy(
            "Malilla",
            "One team takes every trick (capotín): a label only.",
        ),
    ),
    (
        # Translators: the word Malilla players use in your language.
        pgettext_lazy("Malilla", "zapato"),
        pgettext_lazy(
            "Malilla",
            "A team reaches the target while the other is still on 0: a label only.",
        ),
    ),
    (
        # Translators: the word Malilla players use in your language.
        pgettext_lazy("Malilla", "renegar"),
        pgettext_lazy(
            "Malilla",
            "A revoke: the offending team loses the game; a challenge that finds none loses "
            "it for the challengers.",
        ),
    ),
    (
        # Translators: the word Malilla players use in your language.
        pgettext_lazy("Malilla", "turn-up"),
        pgettext_lazy(
            "Malilla",
            "The dealer's last card, dealt face up: its suit is trumps, and a counting card "
            "scores its value for the dealer's team.",
        ),
    ),
]


class MalillaPage(GamePage):
    slug = SLUG
    deal_form = MalillaDealForm
    glossary = GLOSSARY
    summary = staticmethod(summary)
    initial = staticmethod(initial)
    scoreboard_rows = staticmethod(scoreboard_rows)
    next_roles = staticmethod(next_roles)

    def setup_fields(self, teams, teams_attr) -> dict[str, Any]:
        """The albur: which team, if any, won the draw before the first deal."""
        albur = forms.TypedChoiceField(
            label=gettext_lazy("Albur"),
            required=False,
            coerce=int,
            empty_value=None,
            initial="",
            widget=forms.RadioSelect(attrs={"data-teams": teams_attr}),
            choices=[("", gettext_lazy("Not played"))]
            + [(str(team), label) for team, label in enumerate(teams)],
            help_text=gettext_lazy("The team that won the draw starts with 5 points and the lead."),
        )
        return {"albur": albur}


PAGE = MalillaPage()
