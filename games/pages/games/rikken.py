"""Rikken's page: the deal form (contract, declarer, partner and the tricks as the last tap),
its history line in contract names, its correction's start."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from games.rules.cards import FRENCH_SUITS
from games.rules.rikken.contracts import contract_name
from games.translation import translated

from ..deal_form import DealForm, suit_choices
from ..numbers import NumberField
from ..scoreboard import balance_rows, points_rows
from ..words import Table

SLUG = "rikken"

SPECIAL_GAMES = {
    "schuppen_mie": gettext_lazy("Schuppen mie"),
    "mie_en": gettext_lazy("Mie en"),
    "one_five_eleven": gettext_lazy("1-5-11"),
    "one_three_five": gettext_lazy("1-3-5"),
}


class RikkenDealForm(DealForm):
    # The tricks are the last tap: each key enters the deal.
    trick_keys = list(range(14))
    ERROR_FIELDS = {
        "contracts.1.contract": "contract_2",
        "contracts.1.declarer": "declarer_2",
        "contracts.1.tricks": "tricks_2",
        "contracts.1": "contract_2",
        "contracts.*.called": "called_suit",
        "contracts.*.contract": "contract",
        "contracts.*.declarer": "declarer",
        "contracts.*.partner_tricks": "partner_tricks",
        "contracts.*.partner": "partner",
        "contracts.*.tricks": "tricks",
        "contracts.*.trump": "trump",
        "contracts.*.beter": "beter",
        "contracts": "contract",
        "special.tricks.*": "count_*",
        "special.queens.*": "count_*",
        "special.queen_of_spades": "queen_of_spades",
        "special.last_trick": "last_trick",
        "doubled": "doubled",
        "doubled_by": "doubled",
    }

    def build(self):
        players = self.options.players
        if self.state["next"]["dealer"] is None:
            self.fields["dealer"] = self.seat_field(gettext_lazy("Dealer"), seats=range(players))
        contracts = [(row.slug, _contract(row)) for row in self.options.contracts]
        together = set(self.needs["second"].split("|"))
        seats = range(len(_totals(self.state)))
        if players == 3:
            self.names = [*self.names, str(_("Blind man"))]
        for suffix, label, choices in (
            ("", gettext_lazy("Contract"), contracts),
            (
                "_2",
                gettext_lazy("Second contract (misère/piek)"),
                [(slug, name) for slug, name in contracts if slug in together],
            ),
        ):
            self.fields[f"contract{suffix}"] = self.tap_field(label, choices)
            self.fields[f"declarer{suffix}"] = self.seat_field(
                gettext_lazy("Declarer"), required=False, seats=seats
            )
            self.fields[f"tricks{suffix}"] = NumberField(
                label=gettext_lazy("Tricks taken by the declaring side"),
                required=False,
                min_value=0,
                max_value=13,
            )
        self.fields["partner"] = self.seat_field(
            gettext_lazy("Partner"), required=False, seats=seats
        )
        self.fields["trump"] = self.tap_field(gettext_lazy("Trumps"), suit_choices(FRENCH_SUITS))
        self.fields["called_suit"] = self.tap_field(
            gettext_lazy("Called ace"), suit_choices(FRENCH_SUITS)
        )
        self.fields["partner_tricks"] = NumberField(
            label=gettext_lazy("Partner's own tricks"), required=False, min_value=0, max_value=13
        )
        self.fields["beter"] = self.tap_field(
            gettext_lazy("Beter suit (cut)"), suit_choices(FRENCH_SUITS)
        )
        self.fields["queen_of_spades"] = self.seat_field(
            gettext_lazy("Took the queen of spades"), required=False, seats=seats
        )
        self.fields["last_trick"] = self.seat_field(
            gettext_lazy("Took the last trick"), required=False, seats=seats
        )
        for seat in seats:
            self.fields[f"count_{seat}"] = NumberField(
                label=self.names[seat], required=False, min_value=0, max_value=13
            )
        if self.options.scoring == "penalty_points":
            # One tap: not doubled, doubled, or doubled by a player (named in the history).
            self.fields["doubled"] = self.tap_field(
                gettext_lazy("Doubled (counts twice)"),
                [("", _("No")), ("yes", _("Yes")), *((str(s), self.names[s]) for s in seats)],
            )
        self.fields["action"] = forms.CharField(required=False)

    @cached_property
    def needs(self) -> dict[str, str]:
        """For each row that only some contracts need, those contracts (``rik|troela``): once
        a contract is tapped, only its rows stay on the screen (app.js, data-show-when)."""
        rows = self.options.contracts
        ranks = [row.rank for row in rows if row.side == "alone" and row.trumps == "none"]

        def of(needed) -> str:
            return "|".join(row.slug for row in rows if needed(row))

        return {
            "partner": of(lambda row: row.side != "alone"),
            "trump": of(lambda row: row.trumps in ("declarer", "partner")),
            "beter": of(lambda row: row.trumps == "beter"),
            "called_suit": of(lambda row: row.side == "partner"),
            # A second misère or piek: only with a contract another can be played with.
            "second": of(
                lambda row: (
                    row.side == "alone" and row.trumps == "none" and ranks.count(row.rank) > 1
                )
            ),
        }

    def _contract(self, suffix: str) -> dict[str, Any] | None:
        """One contract entry, as tapped: a row the contract has no use for (a partner in a
        misère) is not dropped here but refused by the rules, as the API refuses it; the page
        hides such rows once the contract is tapped."""
        data = self.cleaned_data
        slug = data.get(f"contract{suffix}")
        if not slug:
            return None
        row = next(r for r in self.options.contracts if r.slug == slug)
        entry: dict[str, Any] = {
            "contract": slug,
            "declarer": data.get(f"declarer{suffix}"),
            "tricks": data.get(f"tricks{suffix}"),
        }
        if suffix:
            return entry
        for key in ("partner", "partner_tricks"):
            if data.get(key) is not None:
                entry[key] = data[key]
        trump = data.get("trump") or None
        if trump is None and row.trumps == "beter":
            # A beter contract's trumps are the beter suit: hearts, or the suit cut.
            trump = "hearts" if self.options.beter_suit == "hearts" else data.get("beter") or None
        if trump is not None or row.trumps != "none":
            entry["trump"] = trump
        if data.get("called_suit"):
            entry["called"] = {"rank": "A", "suit": data["called_suit"]}
        if self.options.beter_suit == "cut" and data.get("beter"):
            entry["beter"] = data["beter"]
        return entry

    def to_input(self):
        data = self.cleaned_data
        raw: dict[str, Any] = {}
        if data.get("dealer") is not None:
            raw["dealer"] = data["dealer"]
        if data.get("action") == "all_pass":
            raw.update(contracts=[], all_pass=True)
            game = self.options.all_pass
            seats = range(len(_totals(self.state)))
            self._doubled(raw)
            if game == "schuppen_mie":
                raw["special"] = {
                    "game": game,
                    "queen_of_spades": data.get("queen_of_spades"),
                    "last_trick": data.get("last_trick"),
                }
            elif game in ("mie_en", "one_five_eleven", "one_three_five"):
                key = "queens" if game == "mie_en" else "tricks"
                raw["special"] = {"game": game, key: [data.get(f"count_{s}") for s in seats]}
            return raw
        raw["contracts"] = [c for c in (self._contract(""), self._contract("_2")) if c]
        self._doubled(raw)
        return raw

    def _doubled(self, raw: dict[str, Any]) -> None:
        doubled = self.cleaned_data.get("doubled")
        if doubled:
            raw["doubled"] = True
            if doubled != "yes":
                raw["doubled_by"] = int(doubled)


def _totals(state: dict[str, Any]) -> list[int]:
    """Each seat's total: units won or lost, or penalty points."""
    return state["points"] if "points" in state else state["balances"]


DealFormClass = RikkenDealForm


def summary(raw: dict[str, Any], outcome: dict[str, Any], table: Table, options: Any) -> str:
    """The deal in the match's own contract names: "Rik Ana with Bruno: 8 tricks, made"; under
    penalty points with each player's points of the deal."""
    if outcome.get("special"):
        game = outcome["special"]["game"]
        return str(SPECIAL_GAMES.get(game, game.replace("_", " "))) + _points_line(outcome, table)
    if outcome.get("redeal"):
        return _("All passed: redeal")
    names = {row.slug: _contract(row) for row in options.contracts}
    parts = _contract_lines(outcome, table, names)
    if outcome.get("doubled"):
        by = outcome.get("doubled_by")
        parts.append(
            _("doubled by %(who)s") % {"who": table.who(by)} if by is not None else _("doubled")
        )
    return " · ".join(parts) + _points_line(outcome, table)


def _points_line(outcome: dict[str, Any], table: Table) -> str:
    """Penalty points: who got how many in this deal ("Bram 7, Dirk 7"), or that nobody did."""
    if "points" not in outcome:
        return ""
    got = [f"{table.who(s)} {p}" for s, p in enumerate(outcome["points"]) if p]
    return ": " + (", ".join(got) if got else _("no points"))


def _contract_lines(outcome: dict[str, Any], table: Table, names: dict[str, str]) -> list[str]:
    parts = []
    for entry in outcome["contracts"]:
        who = table.who(entry["declarer"])
        if entry.get("partner") is not None:
            who = _("%(declarer)s with %(partner)s") % {
                "declarer": who,
                "partner": table.who(entry["partner"]),
            }
        parts.append(
            ngettext(
                "%(contract)s %(who)s: %(tricks)d trick, %(made)s",
                "%(contract)s %(who)s: %(tricks)d tricks, %(made)s",
                entry["tricks"],
            )
            % {
                "contract": names.get(entry["contract"], entry["contract"]),
                "who": who,
                "tricks": entry["tricks"],
                "made": _("made") if entry["made"] else _("failed"),
            }
        )
    return parts


def initial(raw: dict[str, Any]) -> dict[str, Any]:
    values = {k: v for k, v in raw.items() if not isinstance(v, (dict, list))}
    values.pop("doubled_by", None)
    if raw.get("doubled"):
        by = raw.get("doubled_by")
        values["doubled"] = "yes" if by is None else str(by)
    for suffix, entry in zip(("", "_2"), raw.get("contracts") or [], strict=False):
        values.update({f"{k}{suffix}": v for k, v in entry.items() if not isinstance(v, dict)})
        if isinstance(entry.get("called"), dict):
            values["called_suit"] = entry["called"].get("suit")
    return values


# --- the scoreboard ------------------------------------------------------------------------


def scoreboard_rows(state, *, names, labels, stake) -> list[dict]:
    if "points" in state:  # penalty points: the lowest total leads
        return points_rows(names, state["points"], state["leaders"])
    return balance_rows(names, state["balances"], stake)


def next_roles(state, *, name, labels) -> dict:
    upcoming = state["next"]
    return {
        "roles": [
            (pgettext("who is next", "Deals"), name(upcoming["dealer"])),
            (pgettext("who is next", "Leads"), name(upcoming["leader"])),
        ]
    }


def dealt_again(options) -> list[tuple[str, str]]:
    """The deal form's fields that say the same dealer deals again (all passed, redealt): the
    rotation stays where it was (offline.js, counting the deals that wait on a phone)."""
    return [("action", "all_pass")] if options.all_pass == "redeal" else []


# --- house rules ---------------------------------------------------------------------------


def house_rule_lines(name: str, value: Any, usual: Any) -> list[str] | None:
    """A club's own contract table (or special games' penalties) in words: the rows that
    differ from the usual table, each with what differs (amounts, penalty points)."""
    if name not in ("contracts", "special_penalties") or not isinstance(value, list):
        return None
    usual_rows = {row.get("slug"): row for row in usual or []}
    lines = []
    for row in value:
        before = usual_rows.pop(row.get("slug"), None)
        label = _contract(row) or str(row.get("slug", "")).replace("_", " ").capitalize()
        if before is None:
            lines.append(_("%(contract)s: a contract of the club's own") % {"contract": label})
            continue
        changes = [
            f"{key.replace('_', ' ')} {_worded(row[key])}"
            for key in row
            if key not in ("slug", "name") and row[key] != before.get(key)
        ]
        if changes:
            lines.append(f"{label}: {', '.join(changes)}")
    lines += [
        _("%(contract)s: not played") % {"contract": _contract(row) or row.get("slug")}
        for row in usual_rows.values()
    ]
    return lines


def _contract(row) -> str | None:
    """A contract's name in the request's language (a club's own name as the club wrote it)."""
    return translated(contract_name(row))


def contract_label(slug: str) -> str:
    """A contract named by its slug (a player's statistics): the usual table's name in the
    request's language; a club's own contract by its slug, the one name the statistics keep."""
    return _contract({"slug": slug}) or slug


def _worded(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in value.items())
    return str(value)


# --- the glossary (games/pages/glossary.py) ---------------------------------------------------

# Each term as Rikken players say it; each meaning in one plain line.
GLOSSARY = [
    (
        # Translators: the word Rikken players use in your language.
        pgettext_lazy("Rikken", "rik"),
        pgettext_lazy(
            "Rikken",
            "The declarer calls an ace; its holder is the partner, and the two need 8 tricks.",
        ),
    ),
    (
        # Translators: the word Rikken players use in your language.
        pgettext_lazy("Rikken", "beter"),
        pgettext_lazy(
            "Rikken",
            "The better suit: hearts, or a suit cut before the deal; rik beter is a rik with "
            "it as trumps.",
        ),
    ),
    (
        # Translators: the word Rikken players use in your language.
        pgettext_lazy("Rikken", "alleen"),
        pgettext_lazy(
            "Rikken",
            "Alone: 8 alleen to 13 alleen are solos needing that many tricks.",
        ),
    ),
    (
        # Translators: the word Rikken players use in your language.
        pgettext_lazy("Rikken", "troela"),
        pgettext_lazy(
            "Rikken",
            "The holder of three aces plays with the holder of the fourth, who names trumps; "
            "they need 8 tricks.",
        ),
    ),
    (
        # Translators: the word Rikken players use in your language.
        pgettext_lazy("Rikken", "misère"),
        pgettext_lazy(
            "Rikken",
            "Alone, taking no trick, without trumps.",
        ),
    ),
    (
        # Translators: the word Rikken players use in your language.
        pgettext_lazy("Rikken", "piek"),
        pgettext_lazy(
            "Rikken",
            "Alone, taking exactly one trick, without trumps.",
        ),
    ),
    (
        # Translators: the word Rikken players use in your language.
        pgettext_lazy("Rikken", "open"),
        pgettext_lazy(
            "Rikken",
            "The declarer's hand is shown after the first trick; met een praatje: the "
            "opponents may confer.",
        ),
    ),
    (
        # Translators: the word Rikken players use in your language.
        pgettext_lazy("Rikken", "schoppen mie"),
        pgettext_lazy(
            "Rikken",
            "When all pass: avoid the queen of spades and the last trick; their takers pay.",
        ),
    ),
    (
        # Translators: the word Rikken players use in your language.
        pgettext_lazy("Rikken", "mie en"),
        pgettext_lazy(
            "Rikken",
            "When all pass: avoid the queens; each queen taken pays half the special stake.",
        ),
    ),
    (
        # Translators: the word Rikken players use in your language.
        pgettext_lazy("Rikken", "één-vijf-elf"),
        pgettext_lazy(
            "Rikken",
            "When all pass: take exactly 1, 5 or 11 tricks (één-drie-vijf: 1, 3 or 5); the "
            "others pay.",
        ),
    ),
    (
        # Translators: the word Rikken players use in your language.
        pgettext_lazy("Rikken", "the table chooses"),
        pgettext_lazy(
            "Rikken",
            "When all pass the table names the special game, one of the club's, or deals again.",
        ),
    ),
    (
        # Translators: the word Rikken players use in your language.
        pgettext_lazy("Rikken", "sitting out"),
        pgettext_lazy(
            "Rikken",
            "With five players the dealer, with six the dealer and the player three seats "
            "after, sit the deal out: they neither play nor pay.",
        ),
    ),
    (
        # Translators: the word Rikken players use in your language.
        pgettext_lazy("Rikken", "blind man"),
        pgettext_lazy(
            "Rikken",
            "With three players, the fourth hand: shown and played by the others; he never "
            "deals, bids or pays.",
        ),
    ),
]
