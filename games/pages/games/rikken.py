"""Rikken's page: the deal form (contract, declarer, partner and the tricks as the last tap;
when all pass, the special game, one of the club's when the table chooses), its history line in
contract names, its correction's start, the scoreboard's roles (who sits out at six), and the
house-rule lines of a club's own table."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from games.pages.games import rikken_table
from games.pages.games.contract import GamePage
from games.pages.games.rikken_glossary import GLOSSARY as RIKKEN_GLOSSARY
from games.pages.matches.deal_form import DealForm, suit_choices
from games.pages.matches.scoreboard import balance_rows, points_rows
from games.pages.numbers import NumberField
from games.pages.words import Table
from games.rules.cards import FRENCH_SUITS
from games.rules.rikken import GAME
from games.rules.rikken.contracts import OVERRIDES, contract_name
from games.translation import translated

SLUG = "rikken"
# The game's words, each with its meaning (games/pages/matches/glossary.py), kept in a module
# of their own so that this one stays short.
GLOSSARY = RIKKEN_GLOSSARY

SPECIAL_GAMES = {
    "schuppen_mie": gettext_lazy("Schuppen mie"),
    "mie_en": gettext_lazy("Mie en"),
    "one_five_eleven": gettext_lazy("1-5-11"),
    "one_three_five": gettext_lazy("1-3-5"),
}


# The special games entered as a count a seat: the queens (mie en) or the tricks taken.
COUNTED = ("mie_en", "one_five_eleven", "one_three_five")


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
        "special.game": "special_game",
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
        if self.options.all_pass == "choice":
            # The table names the special game of each all-pass deal: one tap among the
            # club's own list.
            self.fields["special_game"] = self.tap_field(
                gettext_lazy("Special game"),
                [(game, SPECIAL_GAMES.get(game, game)) for game in self.options.special_games],
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

        def pays(row) -> str:
            return row.partner_pays or self.options.partner_pays

        return {
            "partner": of(lambda row: row.side != "alone"),
            # A failed partnership whose partner pays only under two tricks asks for them.
            "partner_tricks": of(
                lambda row: row.side != "alone" and pays(row) == "under_two_tricks"
            ),
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

    @cached_property
    def plays(self) -> dict[str, Any]:
        """The special games an all-pass deal may be, for the fields they need: schuppen mie's
        two takers, or a count a seat (``counted``: ``queens`` for mie en, ``tricks`` for
        1-5-11 and 1-3-5, ``both`` when the table chooses among them); under ``choice`` each
        block shows once its game is tapped (``*_when``, app.js's data-show-when)."""
        choosing = self.options.all_pass == "choice"
        games = self.options.special_games if choosing else (self.options.all_pass,)
        counted = [game for game in games if game in COUNTED]
        kinds = {"queens" if game == "mie_en" else "tricks" for game in counted}

        def when(shown: list[str]) -> str:
            return f"special_game={'|'.join(shown)}" if choosing and shown else ""

        return {
            "schuppen_mie": "schuppen_mie" in games,
            "schuppen_when": when(["schuppen_mie"]),
            "counted": (kinds.pop() if len(kinds) == 1 else "both") if kinds else "",
            "counts_when": when(counted),
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

    def clean(self):
        cleaned = super().clean()
        choosing = self.options.all_pass == "choice" and cleaned.get("action") == "all_pass"
        if choosing and not cleaned.get("special_game") and "special_game" not in self._errors:
            self.add_error("special_game", self.missing("special_game"))
        return cleaned

    def special_game(self) -> str:
        """The special game of an all-pass deal: the match's, or the one the table named."""
        if self.options.all_pass == "choice":
            return self.cleaned_data.get("special_game") or ""
        return self.options.all_pass

    def to_input(self):
        data = self.cleaned_data
        raw: dict[str, Any] = {}
        if data.get("dealer") is not None:
            raw["dealer"] = data["dealer"]
        if data.get("action") == "redeal":  # the table chose to deal again
            raw.update(contracts=[], all_pass=True)
            self._doubled(raw)
            return raw
        if data.get("action") == "all_pass":
            raw.update(contracts=[], all_pass=True)
            game = self.special_game()
            seats = range(len(_totals(self.state)))
            self._doubled(raw)
            if game == "schuppen_mie":
                raw["special"] = {
                    "game": game,
                    "queen_of_spades": data.get("queen_of_spades"),
                    "last_trick": data.get("last_trick"),
                }
            elif game in COUNTED:
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
    special = raw.get("special")
    if isinstance(special, dict):
        # A special game corrected starts from the game named and what each player took.
        values["special_game"] = special.get("game")
        for key in ("queen_of_spades", "last_trick"):
            if key in special:
                values[key] = special[key]
        for seat, count in enumerate(special.get("queens") or special.get("tricks") or []):
            values[f"count_{seat}"] = count
    return values


# --- the scoreboard ------------------------------------------------------------------------


def scoreboard_rows(state, *, names, labels, stake) -> list[dict]:
    if "points" in state:  # penalty points: the lowest total leads
        return points_rows(names, state["points"], state["leaders"])
    return balance_rows(names, state["balances"], stake)


def next_roles(state, *, name, labels) -> dict:
    upcoming = state["next"]
    roles = [
        (pgettext("who is next", "Deals"), name(upcoming["dealer"])),
        (pgettext("who is next", "Leads"), name(upcoming["leader"])),
    ]
    dealer = upcoming["dealer"]
    if len(_totals(state)) == SIX and dealer is not None:
        # Six at the table: the dealer and the player three seats after sit the deal out.
        across = (dealer + SIX // 2) % SIX
        both = _("%(first)s and %(second)s") % {"first": name(dealer), "second": name(across)}
        roles.append((pgettext("who is next", "Sit out"), both))
    return {"roles": roles}


SIX = 6


def dealt_again(options) -> list[tuple[str, str]]:
    """The deal form's fields that say the same dealer deals again (all passed, redealt): the
    rotation stays where it was (offline.js, counting the deals that wait on a phone)."""
    if options.all_pass == "redeal":
        return [("action", "all_pass")]
    if options.all_pass == "choice":
        return [("action", "redeal")]
    return []


# --- house rules ---------------------------------------------------------------------------


def house_rule_lines(name: str, value: Any, usual: Any) -> list[str] | None:
    """A club's own contract table (or special games' penalties) in words: the rows that
    differ from the usual table, each with what differs (amounts, penalty points, a rule of
    its own for that contract only); the special games the table chooses from."""
    if name == "special_games" and isinstance(value, list):
        games = ", ".join(str(SPECIAL_GAMES.get(game, game)) for game in value)
        return [_("Special games the table chooses from: %(games)s") % {"games": games}]
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
            _own_rule(key, row[key]) if key in OVERRIDES else f"{_word(key)} {_worded(row[key])}"
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


def _own_rule(key: str, value: Any) -> str:
    """A row's own rule option, for that contract only, said as the rule options are: "its own
    partner pays: always"."""
    option = next(o for o in GAME.describe_options() if o["name"] == key)
    label = str(translated(option["label"]))
    named = option["choice_labels"].get(value)
    shown = translated(named) if named is not None else value
    return _("its own %(option)s: %(value)s") % {"option": label, "value": shown}


# A contract row's fields (and its penalty's and tricks') as the house-rule lines name them.
ROW_WORDS = {
    "base": pgettext_lazy("contract row", "base"),
    "per_trick": pgettext_lazy("contract row", "per trick"),
    "rank": pgettext_lazy("contract row", "rank"),
    "side": pgettext_lazy("contract row", "side"),
    "tricks": pgettext_lazy("contract row", "tricks"),
    "trumps": pgettext_lazy("contract row", "trumps"),
    "penalty": pgettext_lazy("contract row", "penalty"),
    "made": pgettext_lazy("contract row", "made"),
    "over": pgettext_lazy("contract row", "over"),
    "failed": pgettext_lazy("contract row", "failed"),
    "under": pgettext_lazy("contract row", "under"),
    "at_least": pgettext_lazy("contract row", "at least"),
    "exactly": pgettext_lazy("contract row", "exactly"),
}


def _word(key: str) -> str:
    return str(ROW_WORDS.get(key) or key.replace("_", " "))


def _worded(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{_word(k)} {v}" for k, v in value.items())
    return str(value)


class RikkenPage(GamePage):
    slug = SLUG
    deal_form = RikkenDealForm
    glossary = GLOSSARY
    summary = staticmethod(summary)
    initial = staticmethod(initial)
    scoreboard_rows = staticmethod(scoreboard_rows)
    next_roles = staticmethod(next_roles)
    dealt_again = staticmethod(dealt_again)
    house_rule_lines = staticmethod(house_rule_lines)
    contract_label = staticmethod(contract_label)
    option_field = staticmethod(rikken_table.option_field)
    option_value = staticmethod(rikken_table.option_value)


PAGE = RikkenPage()
