"""Trionfo (RULES.md §2): five players, sides that change every deal, anticlockwise, the
Marafon pack and card points (11 whole points a deal, no marafona), settled in game points.

Vocabulary
- *first speaker*: opens the bidding and leads the first trick. In the first deal the holder of
  the 5 of swords; later the player to the dealer's right (``dealer + 1``), who deals the next.
- bids, ascending: *chiamo* (I call), *di più* (more), *maso* (most), *maso dei masi* (most of
  all); *passo*: pass. When all pass the hand *va a monte* (is thrown in).
- *signore* (declarer) and *amico* (partner, the holder of the card the signore called);
  *chiamata in mano*: calling a card of one's own hand, so playing alone against four;
  *il popolo*: the opponents.
- *units*: the game points paid after every deal; the card points only decide who won.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from .base import (
    INTEGERS,
    DealResult,
    Errors,
    Game,
    SeatTotals,
    check_known_fields,
    option,
    read_bool,
    read_choice,
    read_int,
    read_seat,
)
from .cards import LATIN_40, LATIN_SUITS, Card, read_card, read_suit
from .messages import Message, listed, msg, nmsg, pmsg, seat_word

PLAYERS = 5
DEAL_POINTS = 11
WINNING_POINTS = 6

BIDS = ("pass", "chiamo", "di_piu", "maso", "maso_dei_masi")
BID_NAMES = {
    "pass": pmsg("Trionfo bid", "pass"),
    "chiamo": pmsg("Trionfo bid", "chiamo"),
    "di_piu": pmsg("Trionfo bid", "di più"),
    "maso": pmsg("Trionfo bid", "maso"),
    "maso_dei_masi": pmsg("Trionfo bid", "maso dei masi"),
}
# What the declarer wins or loses, and each opponent pays or receives, by contract.
ALONE_PAYMENTS = {"chiamo": (8, 2), "di_piu": (8, 2), "maso": (16, 4), "maso_dei_masi": (32, 8)}
CALL_PAYMENTS = (2, 1, 1)  # signore, amico, each of the three opponents


@dataclass(frozen=True, kw_only=True)
class TrionfoOptions:
    players: int = option(
        PLAYERS,
        msg("Number of players."),
        label=pmsg("rule option", "players"),
        choices=(PLAYERS,),
    )


@dataclass(frozen=True)
class TrionfoState:
    balances: tuple[int, ...] = (0,) * PLAYERS
    # The first speaker of the last deal, who deals the next one; None before the first deal.
    last_first_speaker: int | None = None


@dataclass(frozen=True)
class TrionfoDeal:
    first_speaker: int
    bid: str
    declarer: int | None = None
    trump: str | None = None
    partner: int | None = None
    called_card: Card | None = None
    points: int | None = None
    made: bool | None = None


def payments(deal: TrionfoDeal) -> tuple[list[int], bool | None]:
    """Each seat's units for the deal (summing to zero) and whether the signore's side won."""
    if deal.bid == "pass":
        return [0] * PLAYERS, None
    assert deal.declarer is not None
    if deal.bid in ("chiamo", "di_piu"):
        assert deal.points is not None
        made = deal.points >= WINNING_POINTS
    else:
        assert deal.made is not None
        made = deal.made
    sign = 1 if made else -1
    if deal.bid == "chiamo" and deal.partner != deal.declarer:
        declarer_units, partner_units, opponent_units = CALL_PAYMENTS
        result = [-sign * opponent_units] * PLAYERS
        result[deal.declarer] = sign * declarer_units
        result[deal.partner] = sign * partner_units
        return result, made
    declarer_units, opponent_units = ALONE_PAYMENTS[deal.bid]
    result = [-sign * opponent_units] * PLAYERS
    result[deal.declarer] = sign * declarer_units
    return result, made


def _alone(contract: str, made: bool, **said: Message) -> Message:
    """What a signore playing alone against four set out to do, and whether it was done."""
    if contract == "di_piu":
        return msg(
            "%(declarer)s won the bidding with %(bid)s: alone against four, the side with more "
            "card points wins.",
            **said,
        )
    if contract == "maso" and made:
        return msg(
            "%(declarer)s won the bidding with %(bid)s, alone against four, and made it: 6 card "
            "points before the others took 1.",
            **said,
        )
    if contract == "maso":
        return msg(
            "%(declarer)s won the bidding with %(bid)s, alone against four, and failed: the "
            "others took 1 card point before they had 6.",
            **said,
        )
    if made:
        return msg(
            "%(declarer)s won the bidding with %(bid)s, alone against four, and took every trick.",
            **said,
        )
    return msg(
        "%(declarer)s won the bidding with %(bid)s, alone against four, and failed: the others "
        "took a trick.",
        **said,
    )


def _card_points(points: int, made: bool) -> Message:
    """The declaring side's card points against the 6 of 11 it needs (chiamo, di più)."""
    if made:
        return nmsg(
            "The declaring side took %(count)s card point of the 11: 6 or more wins, so it won.",
            "The declaring side took %(count)s card points of the 11: 6 or more wins, so it won.",
            points,
        )
    return nmsg(
        "The declaring side took %(count)s card point of the 11: 6 were needed, so it lost.",
        "The declaring side took %(count)s card points of the 11: 6 were needed, so it lost.",
        points,
    )


def _payments(outcome: Mapping[str, Any]) -> list[Message]:
    """Who won and who paid how many units: the signore, the amico, and the others together."""
    units = outcome["payments"]
    declarer, partner = outcome["declarer"], outcome.get("partner")
    lines = []
    for seat in (declarer, partner):
        if seat is None:
            continue
        who, amount = seat_word(seat, capital=True), units[seat]
        if amount > 0:
            lines.append(
                nmsg(
                    "%(who)s wins %(count)s unit.", "%(who)s wins %(count)s units.", amount, who=who
                )
            )
        else:
            lines.append(
                nmsg(
                    "%(who)s pays %(count)s unit.",
                    "%(who)s pays %(count)s units.",
                    -amount,
                    who=who,
                )
            )
    others = [s for s in range(PLAYERS) if s not in (declarer, partner)]
    who = listed([seat_word(s, capital=s == others[0]) for s in others])
    amount = units[others[0]]
    if amount > 0:
        lines.append(
            nmsg(
                "%(who)s win %(count)s unit each.",
                "%(who)s win %(count)s units each.",
                amount,
                who=who,
            )
        )
    else:
        lines.append(
            nmsg(
                "%(who)s pay %(count)s unit each.",
                "%(who)s pay %(count)s units each.",
                -amount,
                who=who,
            )
        )
    return lines


class Trionfo(Game[TrionfoOptions, TrionfoState, TrionfoDeal]):
    slug = "trionfo"
    name = "Trionfo"
    player_counts = (PLAYERS,)
    money = True
    Options = TrionfoOptions
    outcome_schema = {"payments": {**INTEGERS, "description": "units per seat, summing to zero."}}
    state_schema = {"balances": {**INTEGERS, "description": "units won (+) or lost (-) per seat."}}

    def seat_totals(self, state: Mapping[str, Any]) -> SeatTotals:
        return SeatTotals(tuple(state["balances"]), money=True)

    def initial_state(self, options: TrionfoOptions, setup: Mapping[str, Any]) -> TrionfoState:
        return TrionfoState()

    def is_finished(self, state: TrionfoState) -> bool:
        return False  # money games never finish; the table stops when it likes

    @staticmethod
    def expected_first_speaker(state: TrionfoState) -> int | None:
        if state.last_first_speaker is None:
            return None
        return (state.last_first_speaker + 1) % PLAYERS

    def turn(self, state: TrionfoState, options: TrionfoOptions) -> TrionfoState | None:
        first = self.expected_first_speaker(state)
        return None if first is None else replace(state, last_first_speaker=first)

    def state_to_data(self, state: TrionfoState) -> dict[str, Any]:
        return {
            "finished": False,
            "winner": None,
            "next": {
                "dealer": state.last_first_speaker,
                "first_speaker": self.expected_first_speaker(state),
            },
            "balances": list(state.balances),
        }

    def state_from_data(self, data: Mapping[str, Any], options: Any = None) -> TrionfoState:
        return TrionfoState(tuple(data["balances"]), data["next"]["dealer"])

    def parse_deal(
        self, raw: Mapping[str, Any], *, state: TrionfoState, options: TrionfoOptions
    ) -> TrionfoDeal:
        errors = Errors()
        fields = (
            "first_speaker",
            "bid",
            "declarer",
            "trump",
            "called_card",
            "partner",
            "points",
            "made",
        )
        check_known_fields(raw, fields, errors)
        expected = self.expected_first_speaker(state)
        first_speaker = read_seat(
            raw, "first_speaker", errors, players=PLAYERS, required=expected is None
        )
        if expected is not None and first_speaker is not None and first_speaker != expected:
            errors.add(
                "first_speaker",
                msg(
                    "The first speaker of this deal is %(seat)s, the player to the dealer's right.",
                    seat=seat_word(expected),
                ),
            )
        first_speaker = expected if first_speaker is None else first_speaker
        bid = read_choice(raw, "bid", errors, BIDS, what=msg("a bid:"))

        def refuse(field: str, reason: str) -> None:
            if raw.get(field) is not None:
                errors.add(field, reason)

        declarer = trump = partner = called = points = made = None
        if bid == "pass":
            for field in fields[2:]:
                refuse(field, msg("Nothing more is entered when everyone passed."))
        elif bid is not None:
            name = BID_NAMES[bid]
            declarer = read_seat(raw, "declarer", errors, players=PLAYERS)
            trump = read_suit(raw, "trump", errors, LATIN_SUITS)
            if bid == "chiamo":
                partner = read_seat(raw, "partner", errors, players=PLAYERS)
                if raw.get("called_card") is not None:
                    called = read_card(raw["called_card"], errors, ("called_card",), LATIN_40)
                    if called is not None and trump is not None and called.suit == trump:
                        errors.add(
                            ("called_card", "suit"),
                            msg("The called card must be of a suit other than trumps."),
                        )
            else:
                refuse(
                    "partner", msg("A %(bid)s declarer plays alone: there is no partner.", bid=name)
                )
                refuse("called_card", msg("No card is called in a %(bid)s.", bid=name))
            if bid in ("chiamo", "di_piu"):
                points = read_int(
                    raw,
                    "points",
                    errors,
                    low=0,
                    high=DEAL_POINTS,
                    what=msg("the declaring side's whole card points"),
                )
                refuse(
                    "made",
                    msg("A %(bid)s is won on points: enter the declaring side's points.", bid=name),
                )
            else:
                made = read_bool(raw, "made", errors)
                refuse("points", msg("A %(bid)s is made or not: enter made, not points.", bid=name))
        errors.raise_if_any()
        assert first_speaker is not None and bid is not None
        return TrionfoDeal(
            first_speaker=first_speaker,
            bid=bid,
            declarer=declarer,
            trump=trump,
            partner=partner,
            called_card=called,
            points=points,
            made=made,
        )

    # explanations

    # The contracts as the players tell them apart; a chiamo whose signore called a card of
    # their own hand is paid as a di più, and said so.
    outcome_kinds = ("all_pass", "chiamo", "chiamata_in_mano", "di_piu", "maso", "maso_dei_masi")

    def outcome_kind(self, raw: Mapping[str, Any], outcome: Mapping[str, Any]) -> str:
        if outcome["bid"] == "pass":
            return "all_pass"
        if outcome["bid"] == "chiamo" and outcome.get("alone"):
            return "chiamata_in_mano"
        return outcome["bid"]

    def explain(
        self, raw: Mapping[str, Any], outcome: Mapping[str, Any], options: TrionfoOptions
    ) -> list[Message]:
        bid = outcome["bid"]
        if bid == "pass":
            return [msg("Everyone passed: the hand is thrown in (va a monte) and nobody pays.")]
        declarer = seat_word(outcome["declarer"], capital=True)
        name = BID_NAMES[bid]
        if bid == "chiamo" and not outcome.get("alone"):
            lines = [
                msg(
                    "%(declarer)s won the bidding with %(bid)s and called a card: its holder, "
                    "%(partner)s, was the partner.",
                    declarer=declarer,
                    bid=name,
                    partner=seat_word(outcome["partner"]),
                )
            ]
        elif bid == "chiamo":
            lines = [
                msg(
                    "%(declarer)s won the bidding with %(bid)s and called a card of their own "
                    "hand: alone against four, paid as a di più.",
                    declarer=declarer,
                    bid=name,
                )
            ]
        else:
            lines = [_alone(bid, bool(outcome["made"]), declarer=declarer, bid=name)]
        if bid in ("chiamo", "di_piu") and isinstance(raw.get("points"), int):
            lines.append(_card_points(raw["points"], bool(outcome["made"])))
        return lines + _payments(outcome)

    def play(
        self, state: TrionfoState, deal: TrionfoDeal, options: TrionfoOptions
    ) -> DealResult[TrionfoState]:
        units, made = payments(deal)
        alone = deal.bid != "pass" and (deal.bid != "chiamo" or deal.partner == deal.declarer)
        outcome = {
            "payments": units,
            "bid": deal.bid,
            "declarer": deal.declarer,
            "partner": None if alone else deal.partner,
            "alone": alone if deal.bid != "pass" else None,
            "made": made,
        }
        balances = tuple(b + u for b, u in zip(state.balances, units, strict=True))
        return DealResult(
            outcome, replace(state, balances=balances, last_first_speaker=deal.first_speaker)
        )


GAME = Trionfo()
