"""Rikken (RULES.md §4): four players (or three with a blind man, or five with the dealer
sitting out), each for themselves, forming sides each deal; clockwise; 52 cards, 13 tricks;
settled in units after every deal.

Vocabulary
- *contract*: what the highest bidder undertakes, from the match's contract table (a club's own,
  or the default). *Rik*: the declarer calls an ace and its holder is the partner; *rik beter*:
  rik with the *beter* suit (hearts, or a suit cut before the deal) as trumps; *N alleen*: a solo
  needing N tricks; *misère*: take no trick; *piek*: take exactly one; *open*: the hand is shown
  after the first trick; *met een praatje*: the opponents may confer; *troela*: the holder of
  three aces plays with the holder of the fourth, who names trumps.
- *called*: the ace (a king when the declarer holds all four aces) that makes its holder the
  partner; a *blind* call is one made in a suit where the declarer holds no card.
- *side*: ``partner`` (declarer + holder of the called ace), ``troela``, or ``alone``.
- *leader*: the player to the dealer's left, who bids first and leads the first trick.
- *all pass*: nobody bids; by the rules a redeal, or one of the special games *schuppen mie*
  (avoid the queen of spades and the last trick), *mie en* (avoid queens), *één-vijf-elf*
  (take exactly 1, 5 or 11 tricks).
- *blind man* (three players): seat 3, whose cards are shown and played by the others; he never
  deals, bids, pays or receives.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .base import (
    MISSING,
    DealResult,
    Errors,
    Game,
    Path,
    check_known_fields,
    is_int,
    option,
    read_bool,
    read_choice,
    read_int,
    read_list,
    read_object,
    read_seat,
)
from .cards import FRENCH_52, FRENCH_SUITS, Card, read_card, read_suit

TRICKS = 13
BLIND_MAN = 3
SIDES = ("partner", "troela", "alone")
TRUMPS = ("declarer", "partner", "beter", "none")
SPECIAL_GAMES = ("schuppen_mie", "mie_en", "one_five_eleven", "one_three_five")
ALL_PASS = ("redeal", "dealer_must_bid", *SPECIAL_GAMES)
SPECIAL_UNITS = 10  # what a loser of a special game pays, or a winner receives
QUEEN_UNITS = 5  # mie en: per queen taken
# A club's own contract table: amounts a table could want, and no more (sums stay exact).
MAX_UNITS = 1000
MAX_RANK = 100
MAX_CONTRACT_NAME = 40
WINNING_TRICKS = {"one_five_eleven": (1, 5, 11), "one_three_five": (1, 3, 5)}


@dataclass(frozen=True)
class ContractRow:
    slug: str
    name: str
    side: str
    tricks: Mapping[str, int]  # {"at_least": n} or {"exactly": n}
    trumps: str
    base: int
    per_trick: int
    rank: int

    @property
    def need(self) -> int:
        return next(iter(self.tricks.values()))

    @property
    def exact(self) -> bool:
        return "exactly" in self.tricks

    def made(self, tricks: int) -> bool:
        return tricks == self.need if self.exact else tricks >= self.need


def _row(slug, name, side, tricks, trumps, base, per_trick, group=None):
    return {
        "slug": slug,
        "name": name,
        "side": side,
        "tricks": tricks,
        "trumps": trumps,
        "base": base,
        "per_trick": per_trick,
        "group": group,
    }


def _solo(n: int, trumps: str = "declarer") -> dict[str, Any]:
    suffix = "_beter" if trumps == "beter" else ""
    name = f"{n} alleen" + (" beter" if suffix else "")
    return _row(f"solo_{n}{suffix}", name, "alone", {"at_least": n}, trumps, 1, 1)


# Every row a club can name by slug alone; a club's row may also change any field. Rows of one
# `group` that stand next to each other share a rank (misère = piek).
CATALOGUE = {
    row["slug"]: row
    for row in (
        _row("rik", "Rik", "partner", {"at_least": 8}, "declarer", 1, 1),
        _row("rik_beter", "Rik beter", "partner", {"at_least": 8}, "beter", 1, 1),
        *(_solo(n) for n in range(7, 13)),
        *(_solo(n, "beter") for n in range(7, 13)),
        _row("misere", "Misère", "alone", {"exactly": 0}, "none", 5, 0, "misere"),
        _row("piek", "Piek", "alone", {"exactly": 1}, "none", 5, 0, "misere"),
        _row("open_misere", "Open misère", "alone", {"exactly": 0}, "none", 10, 0, "open"),
        _row("open_piek", "Open piek", "alone", {"exactly": 1}, "none", 10, 0, "open"),
        _row("troela", "Troela", "troela", {"at_least": 8}, "partner", 2, 1),
        _row(
            "open_misere_praatje",
            "Open misère met een praatje",
            "alone",
            {"exactly": 0},
            "none",
            15,
            0,
            "praatje",
        ),
        _row(
            "open_piek_praatje",
            "Open piek met een praatje",
            "alone",
            {"exactly": 1},
            "none",
            15,
            0,
            "praatje",
        ),
        _row("solo_13", "13 alleen", "alone", {"exactly": 13}, "declarer", 15, 0),
        _row("open_solo_13", "Open 13 alleen", "alone", {"exactly": 13}, "declarer", 20, 0),
    )
}
DEFAULT_TABLE = (
    "rik",
    "rik_beter",
    "solo_8",
    "misere",
    "piek",
    "solo_9",
    "solo_10",
    "solo_11",
    "solo_12",
    "open_misere",
    "open_piek",
    "troela",
    "open_misere_praatje",
    "open_piek_praatje",
    "solo_13",
    "open_solo_13",
)


def build_table(entries: Sequence[Any], errors: Errors, path: Path) -> tuple[ContractRow, ...]:
    """Reads a contract table, lowest first: each entry a catalogue slug, or a row object (a
    catalogue slug's fields may be left out to keep them). A rank left out is the previous
    row's rank when both belong to one equal group (misère, piek), else one more."""
    rows: list[ContractRow] = []
    seen: set[str] = set()
    previous_group = None
    for index, entry in enumerate(entries):
        here = (*path, index)
        if isinstance(entry, str):
            entry = {"slug": entry}
        if not isinstance(entry, Mapping):
            errors.add(here, "A contract row is a slug or an object.")
            continue
        check_known_fields(
            entry,
            ("slug", "name", "side", "tricks", "trumps", "base", "per_trick", "rank"),
            errors,
            here,
        )
        slug = entry.get("slug")
        if not isinstance(slug, str) or not slug:
            errors.add((*here, "slug"), "Each contract needs a slug.")
            continue
        if slug in seen:
            errors.add((*here, "slug"), f"The contract {slug} is listed twice.")
            continue
        seen.add(slug)
        known = CATALOGUE.get(slug, {})
        row = {**known, **{k: v for k, v in entry.items() if k != "rank"}}
        name = row.get("name", slug)
        if not isinstance(name, str) or not 0 < len(name) <= MAX_CONTRACT_NAME:
            errors.add((*here, "name"), f"Must be text of 1 to {MAX_CONTRACT_NAME} characters.")
        if row.get("side") not in SIDES:
            errors.add((*here, "side"), f"Must be one of {', '.join(SIDES)}.")
        if row.get("trumps") not in TRUMPS:
            errors.add((*here, "trumps"), f"Must be one of {', '.join(TRUMPS)}.")
        tricks = row.get("tricks")
        if not (
            isinstance(tricks, Mapping)
            and len(tricks) == 1
            and set(tricks) <= {"at_least", "exactly"}
            and is_int(next(iter(tricks.values())))
            and 0 <= next(iter(tricks.values())) <= TRICKS
        ):
            errors.add(
                (*here, "tricks"), 'Must be {"at_least": n} or {"exactly": n}, n from 0 to 13.'
            )
        for key in ("base", "per_trick"):
            if not is_int(row.get(key)) or not 0 <= row[key] <= MAX_UNITS:
                errors.add((*here, key), f"Must be a whole number of units from 0 to {MAX_UNITS}.")
        side, trumps = row.get("side"), row.get("trumps")
        if (side == "troela") != (trumps == "partner") and side in SIDES and trumps in TRUMPS:
            errors.add((*here, "trumps"), "In a troela, and only there, the partner names trumps.")
        if side == "partner" and trumps == "none":
            errors.add((*here, "trumps"), "A partnership contract is played with trumps.")
        rank = entry.get("rank", MISSING)
        if rank is MISSING:
            group = known.get("group")
            if rows and group is not None and group == previous_group:
                rank = rows[-1].rank
            else:
                rank = rows[-1].rank + 1 if rows else 1
        elif not is_int(rank) or not 1 <= rank <= MAX_RANK:
            errors.add((*here, "rank"), f"Must be a whole number from 1 to {MAX_RANK}.")
        elif rows and rank < rows[-1].rank:
            errors.add((*here, "rank"), "The table lists contracts lowest first.")
        previous_group = known.get("group")
        if errors.has(here):
            continue
        rows.append(
            ContractRow(
                slug=slug,
                name=name,
                side=side,
                tricks=dict(tricks),
                trumps=trumps,
                base=row["base"],
                per_trick=row["per_trick"],
                rank=rank,
            )
        )
    if not rows and not errors:
        errors.add(path, "A contract table needs at least one contract.")
    return tuple(rows)


def _parse_table(value: Any, errors: Errors, path: Path) -> Any:
    if not isinstance(value, list):
        errors.add(path, "Must be a list of contract rows, lowest first.")
        return MISSING
    table = build_table(value, errors, path)
    return MISSING if errors.has(path) else table


DEFAULT_CONTRACTS = build_table(DEFAULT_TABLE, Errors(), ("contracts",))


@dataclass(frozen=True, kw_only=True)
class RikkenOptions:
    contracts: tuple[ContractRow, ...] = option(
        DEFAULT_CONTRACTS,
        "The contracts played, lowest first, with their payments.",
        parse=_parse_table,
    )
    beter_suit: str = option(
        "hearts",
        "The beter suit: hearts, or a suit cut before each deal.",
        choices=("hearts", "cut"),
    )
    partner_pays: str = option(
        "always",
        "When a partnership fails: the partner pays too, never pays (the declarer "
        "pays double), or pays only with fewer than 2 tricks of their own.",
        choices=("always", "never", "under_two_tricks"),
    )
    all_tricks_bonus: int = option(
        1, "Extra units for taking all 13 tricks.", low=0, high=MAX_UNITS
    )
    all_pass: str = option(
        "redeal",
        "When all pass: the dealer deals again, the dealer must bid, or a special game is played.",
        choices=ALL_PASS,
    )
    players: int = option(
        4, "Players: 4; 3 with a blind man; 5 with the dealer sitting out.", choices=(3, 4, 5)
    )
    solo_first_bid: bool = option(True, "A solo may be the first bid.")
    troela: str = option(
        "obligatory",
        "A player with three aces must bid troela, may, or troela is not played.",
        choices=("obligatory", "optional", "forbidden"),
    )


@dataclass(frozen=True)
class RikkenState:
    balances: tuple[int, ...]
    players: int
    dealer: int | None = None  # of the next deal; None until the first deal names it


@dataclass(frozen=True)
class ContractEntry:
    row: ContractRow
    declarer: int
    tricks: int
    partner: int | None = None
    trump: str | None = None
    called: Card | None = None
    blind: bool | None = None
    partner_tricks: int | None = None
    beter: str | None = None


@dataclass(frozen=True)
class RikkenDeal:
    dealer: int
    contracts: tuple[ContractEntry, ...]
    all_pass: bool = False
    special: Mapping[str, Any] | None = None


class Rikken(Game[RikkenOptions, RikkenState, RikkenDeal]):
    slug = "rikken"
    name = "Rikken"
    player_counts = (3, 4, 5)
    money = True
    Options = RikkenOptions
    sits_out_at_five = True  # five at a table: the dealer sits each deal out

    def check_options(self, options: RikkenOptions, errors: Errors) -> None:
        if options.players == 3 and options.all_pass in SPECIAL_GAMES:
            errors.add(
                ("rules", "all_pass"),
                "The special games are not played with three players: all passing means a redeal.",
            )

    def options_from_data(self, data: Mapping[str, Any]) -> RikkenOptions:
        rows = tuple(ContractRow(**row) for row in data["contracts"])
        return RikkenOptions(**{**data, "contracts": rows})

    # seats

    @staticmethod
    def seat_count(players: int) -> int:
        """Seats in the payments: with three players the blind man has seat 3."""
        return 4 if players == 3 else players

    @staticmethod
    def after(seat: int, players: int) -> int:
        """The next seat to deal or to bid (the blind man does neither)."""
        return (seat + 1) % players

    @staticmethod
    def active_seats(dealer: int, players: int) -> list[int]:
        """The four seats that play the deal, in order of play."""
        if players == 5:
            return [s for s in range(5) if s != dealer]
        return [0, 1, 2, 3]

    # state

    def initial_state(self, options: RikkenOptions, setup: Mapping[str, Any]) -> RikkenState:
        return RikkenState((0,) * self.seat_count(options.players), options.players)

    def is_finished(self, state: RikkenState) -> bool:
        return False  # money games never finish

    def state_to_data(self, state: RikkenState) -> dict[str, Any]:
        dealer = state.dealer
        return {
            "finished": False,
            "winner": None,
            "next": {
                "dealer": dealer,
                "leader": None if dealer is None else self.after(dealer, state.players),
            },
            "balances": list(state.balances),
        }

    def state_from_data(
        self, data: Mapping[str, Any], options: RikkenOptions | None = None
    ) -> RikkenState:
        balances = tuple(data["balances"])
        players = options.players if options is not None else len(balances)
        return RikkenState(balances, players, data["next"]["dealer"])

    # deals

    def parse_deal(
        self, raw: Mapping[str, Any], *, state: RikkenState, options: RikkenOptions
    ) -> RikkenDeal:
        errors = Errors()
        check_known_fields(raw, ("dealer", "contracts", "all_pass", "special"), errors)
        players = options.players
        dealer = read_int(
            raw,
            "dealer",
            errors,
            low=0,
            high=players - 1,
            required=state.dealer is None,
            what="a seat that deals",
        )
        if dealer is not None and state.dealer is not None and dealer != state.dealer:
            errors.add("dealer", f"The dealer of this deal is seat {state.dealer}.")
        dealer = state.dealer if dealer is None else dealer
        all_pass = read_bool(raw, "all_pass", errors, required=False) or False
        contracts = read_list(raw, "contracts", errors, what="contracts")
        entries: list[ContractEntry] = []
        special = None
        if contracts is not None and dealer is not None:
            if all_pass:
                if contracts:
                    errors.add("contracts", "When all pass no contract is played.")
                special = self._read_all_pass(raw, dealer, options, errors)
            else:
                if raw.get("special") is not None:
                    errors.add("special", "A special game is played only when all pass.")
                if not contracts:
                    errors.add("contracts", "Enter the contract played, or that all passed.")
                for index, entry in enumerate(contracts):
                    parsed = self._read_contract(entry, index, dealer, options, errors)
                    if parsed is not None:
                        entries.append(parsed)
                if not errors:
                    self._check_together(entries, errors)
        errors.raise_if_any()
        assert dealer is not None
        return RikkenDeal(dealer, tuple(entries), all_pass, special)

    def _check_together(self, entries: list[ContractEntry], errors: Errors) -> None:
        if len(entries) < 2:
            return
        if len({e.row.rank for e in entries}) > 1 or any(
            e.row.side != "alone" or e.row.trumps != "none" for e in entries
        ):
            errors.add(
                "contracts", "Only equal contracts (like misère and piek) are played together."
            )
        declarers = [e.declarer for e in entries]
        if len(set(declarers)) != len(declarers):
            errors.add("contracts", "A player declares one contract a deal.")
        involved = [s for e in entries for s in (e.declarer, e.partner) if s is not None]
        if len(set(involved)) != len(involved):
            errors.add("contracts", "A player plays in one contract a deal.")

    def _read_contract(
        self, entry: Any, index: int, dealer: int, options: RikkenOptions, errors: Errors
    ) -> ContractEntry | None:
        path: Path = ("contracts", index)
        if not isinstance(entry, Mapping):
            errors.add(path, "A contract entry is an object.")
            return None
        check_known_fields(
            entry,
            (
                "contract",
                "declarer",
                "partner",
                "trump",
                "called",
                "blind",
                "tricks",
                "partner_tricks",
                "beter",
            ),
            errors,
            path,
        )
        table = {row.slug: row for row in options.contracts}
        slug = read_choice(
            entry,
            "contract",
            errors,
            tuple(table),
            path=path,
            what="a contract of this match's table:",
        )
        players = options.players
        active = self.active_seats(dealer, players)
        seats = players if players != 3 else 4

        def seat(key: str, required: bool, may_be_blind: bool) -> int | None:
            value = read_seat(entry, key, errors, players=seats, required=required, path=path)
            if value is None:
                return None
            if value not in active:
                errors.add((*path, key), f"Seat {value} deals this deal and sits it out.")
                return None
            if players == 3 and value == BLIND_MAN and not may_be_blind:
                errors.add((*path, key), "The blind man (seat 3) does not bid.")
                return None
            return value

        declarer = seat("declarer", True, False)
        tricks = read_int(
            entry, "tricks", errors, low=0, high=TRICKS, path=path, what="a number of tricks"
        )
        if slug is None:
            return None
        row = table[slug]
        name = row.name

        def refuse(key: str, reason: str) -> None:
            if entry.get(key) is not None:
                errors.add((*path, key), reason)

        if row.side == "troela" and options.troela == "forbidden":
            errors.add((*path, "contract"), "Troela is not played under this match's rules.")
        partner = None
        if row.side == "alone":
            refuse("partner", f"{name} is played alone: there is no partner.")
            refuse("partner_tricks", f"{name} is played alone: there is no partner.")
        else:
            partner = seat("partner", True, True)
            if partner is not None and partner == declarer:
                what = "the called card" if row.side == "partner" else "the fourth ace"
                errors.add(
                    (*path, "partner"),
                    f"The partner holds {what}: another player than the declarer.",
                )
        if row.side != "partner":
            refuse("blind", f"Nothing is called in {name}.")
        if row.side == "alone":
            refuse("called", f"Nothing is called in {name}.")

        beter = read_suit(entry, "beter", errors, FRENCH_SUITS, required=False, path=path)
        if options.beter_suit == "hearts":
            if beter is not None and beter != "hearts":
                errors.add((*path, "beter"), "Under this match's rules beter is hearts.")
            beter = "hearts"
        elif row.trumps == "beter" and beter is None:
            errors.add((*path, "beter"), "Enter the beter suit that was cut.")

        trump = None
        if row.trumps == "none":
            refuse("trump", f"{name} is played without trumps.")
        else:
            trump = read_suit(entry, "trump", errors, FRENCH_SUITS, path=path)
            if row.trumps == "beter" and trump is not None and beter and trump != beter:
                errors.add((*path, "trump"), f"In {name} trumps are the beter suit, {beter}.")

        called = None
        if entry.get("called") is not None and row.side != "alone":
            called = read_card(entry["called"], errors, (*path, "called"), FRENCH_52)
            allowed = ("A", "K") if row.side == "partner" else ("A",)
            if called is not None and called.rank not in allowed:
                what = (
                    "an ace (a king when the declarer holds all four aces)"
                    if row.side == "partner"
                    else "the fourth ace"
                )
                errors.add((*path, "called", "rank"), f"The called card is {what}.")
            elif called is not None and trump is not None and called.suit == trump:
                what = "the called ace's suit" if row.side == "partner" else "the fourth ace's suit"
                errors.add((*path, "trump"), f"In {name} trumps may not be {what}.")
        blind = read_bool(entry, "blind", errors, required=False, path=path)

        partner_tricks = None
        if row.side != "alone":
            failed = tricks is not None and not row.made(tricks)
            needed = options.partner_pays == "under_two_tricks" and failed
            partner_tricks = read_int(
                entry,
                "partner_tricks",
                errors,
                low=0,
                high=TRICKS,
                required=needed,
                path=path,
                what="the partner's tricks",
            )
            if partner_tricks is not None and tricks is not None and partner_tricks > tricks:
                errors.add(
                    (*path, "partner_tricks"), "The partner's tricks are part of the side's tricks."
                )
        if declarer is None or tricks is None or errors.has(path):
            return None
        return ContractEntry(
            row=row,
            declarer=declarer,
            tricks=tricks,
            partner=partner,
            trump=trump,
            called=called,
            blind=blind,
            partner_tricks=partner_tricks,
            beter=beter if options.beter_suit == "cut" else None,
        )

    def _read_all_pass(
        self, raw: Mapping[str, Any], dealer: int, options: RikkenOptions, errors: Errors
    ) -> dict[str, Any] | None:
        if options.all_pass == "dealer_must_bid":
            errors.add(
                "all_pass", "Under this match's rules the dealer must bid when the others pass."
            )
            return None
        if options.all_pass == "redeal":
            if raw.get("special") is not None:
                errors.add("special", "All passing means a redeal under this match's rules.")
            return None
        game = options.all_pass
        special = read_object(raw, "special", errors)
        if special is None:
            return None
        active = self.active_seats(dealer, options.players)
        seats = options.players
        if special.get("game") != game:
            errors.add(("special", "game"), f"This match plays {game} when all pass.")
            return None
        path: Path = ("special",)
        if game == "schuppen_mie":
            check_known_fields(special, ("game", "queen_of_spades", "last_trick"), errors, path)
            result = {"game": game}
            for key in ("queen_of_spades", "last_trick"):
                value = read_seat(special, key, errors, players=seats, path=path)
                if value is not None and value not in active:
                    errors.add((*path, key), f"Seat {value} deals and sits this deal out.")
                result[key] = value
            return result
        key = "queens" if game == "mie_en" else "tricks"
        check_known_fields(special, ("game", key), errors, path)
        counts = read_list(
            special, key, errors, length=seats, path=path, what=f"{key}, one per seat"
        )
        if counts is None:
            return None
        total, high = (4, 4) if key == "queens" else (TRICKS, TRICKS)
        values: list[int | None] = []
        for index, value in enumerate(counts):
            if index not in active:
                if value is not None:
                    errors.add((*path, key, index), "The dealer sits this deal out: null.")
                values.append(None)
                continue
            if not is_int(value) or not 0 <= value <= high:
                errors.add((*path, key, index), f"Must be a whole number from 0 to {high}.")
                continue
            values.append(value)
        if not errors.has(path) and sum(v for v in values if v) != total:
            what = "the four queens" if key == "queens" else "the 13 tricks"
            errors.add((*path, key), f"The counts must add up to {what}.")
        return {"game": game, key: values}

    # payments

    def play(
        self, state: RikkenState, deal: RikkenDeal, options: RikkenOptions
    ) -> DealResult[RikkenState]:
        players = options.players
        payments = [0] * self.seat_count(players)
        active = self.active_seats(deal.dealer, players)
        settled = []
        for entry in deal.contracts:
            made, amount, transfers = contract_transfers(entry, active, options)
            for payer, payee, units in transfers:
                if players == 3 and BLIND_MAN in (payer, payee):
                    continue  # nobody pays the blind man, and he pays nobody
                payments[payer] -= units
                payments[payee] += units
            settled.append(
                {
                    "contract": entry.row.slug,
                    "declarer": entry.declarer,
                    "partner": entry.partner,
                    "tricks": entry.tricks,
                    "made": made,
                    "units": amount,
                }
            )
        if deal.special is not None:
            payments = special_payments(deal.special, active, len(payments))
        redeal = deal.all_pass and deal.special is None
        outcome = {
            "payments": payments,
            "contracts": settled,
            "all_pass": deal.all_pass,
            "special": deal.special,
            "redeal": redeal,
        }
        # After a redeal the same dealer deals again; after any hand played the deal passes on.
        dealer = deal.dealer if redeal else self.after(deal.dealer, players)
        balances = tuple(b + p for b, p in zip(state.balances, payments, strict=True))
        return DealResult(outcome, replace(state, balances=balances, dealer=dealer))


def contract_transfers(
    entry: ContractEntry, active: list[int], options: RikkenOptions
) -> tuple[bool, int, list[tuple[int, int, int]]]:
    """Whether the contract was made, the units per payment, and the transfers
    ``(payer, payee, units)`` that settle it with the other players."""
    row, tricks = entry.row, entry.tricks
    made = row.made(tricks)
    amount = row.base + row.per_trick * abs(tricks - row.need)
    # The bonus belongs to contracts that count tricks up (rik, troela, solos to 12), not to
    # the fixed ones that need an exact number.
    if made and tricks == TRICKS and not row.exact:
        amount += options.all_tricks_bonus
    start = active.index(entry.declarer)
    in_order = active[start + 1 :] + active[:start]
    opponents = [s for s in in_order if s != entry.partner]
    if entry.partner is None:
        pairs = [(entry.declarer, o) for o in opponents]
    else:
        # The declarer settles with the first opponent after them in order of play, the partner
        # with the other; with four players that is simply "each with one opponent".
        partner = entry.partner
        if not made and (
            options.partner_pays == "never"
            or (options.partner_pays == "under_two_tricks" and (entry.partner_tricks or 0) >= 2)
        ):
            partner = entry.declarer
        pairs = [(entry.declarer, opponents[0]), (partner, opponents[1])]
    if made:
        return made, amount, [(o, d, amount) for d, o in pairs]
    return made, amount, [(d, o, amount) for d, o in pairs]


def special_payments(special: Mapping[str, Any], active: list[int], seats: int) -> list[int]:
    payments = [0] * seats
    game = special["game"]
    if game == "schuppen_mie":
        losers = {special["queen_of_spades"], special["last_trick"]}
        if len(losers) == 1:
            (loser,) = losers
            for seat in active:
                payments[seat] = -3 * SPECIAL_UNITS if seat == loser else SPECIAL_UNITS
        else:
            for seat in active:
                payments[seat] = -SPECIAL_UNITS if seat in losers else SPECIAL_UNITS
        return payments
    if game == "mie_en":
        queens = special["queens"]
        clean = [s for s in active if queens[s] == 0]
        if len(clean) == 3:  # one player took all four queens and wins
            for seat in active:
                payments[seat] = -SPECIAL_UNITS if seat in clean else 3 * SPECIAL_UNITS
        elif clean:
            share = QUEEN_UNITS * 4 // len(clean)
            for seat in active:
                payments[seat] = share if seat in clean else -QUEEN_UNITS * queens[seat]
        return payments
    tricks = special["tricks"]
    winners = [s for s in active if tricks[s] in WINNING_TRICKS[game]]
    losers = [s for s in active if s not in winners]
    if winners and losers:
        # Two losers pay 10 each to the two winners; three pay 10 each to the one winner; one
        # pays 10 to each of three winners: a pot of 10 x the larger side, split evenly.
        pot = SPECIAL_UNITS * max(len(losers), len(winners))
        for seat in losers:
            payments[seat] = -pot // len(losers)
        for seat in winners:
            payments[seat] = pot // len(winners)
    return payments


GAME = Rikken()
