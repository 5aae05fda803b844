"""Malilla (RULES.md §3): four players in two fixed partnerships, anticlockwise; Mexican Malilla
and its cousins Spanish Manilla and Macau Manilla.

Vocabulary
- *malilla* (manilla): the highest card of each suit and worth 5 (the 7 in Mexican and Macau, the
  9 in Spanish).
- *la negra*: the point each trick is worth on top of the card points; a hand holds 60 card
  points plus one per trick (70, or 72 in the Spanish game with its 12 tricks).
- *turn-up*: the dealer's last card, dealt face up: its suit is trumps, and a counting card gives
  the dealer's team a *bonus* of its value. A bonus that would bring the dealer's team to the
  target is *held back* until the hand is scored: then it is *void* if the hand brought either
  team to the target, and *added* otherwise.
- *capote* (capotín): one team takes every trick. *Zapato*: a team reaches the target while the
  opponents are still on 0. Both are labels only.
- *albur*: a draw before the first deal; the winners start with 5 points and the lead (*mano*),
  and the other team deals first.
- *misdeal*: the cards are collected and the deal passes on. *Renegar* (revoke): the offending
  team loses the game; a *challenge* that finds no revoke loses it for the challengers.

The variants and the rule options are declared in ``variants.py``; each deal explained in plain
words in ``explain.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..base import (
    A_TEAM,
    INTEGERS,
    TRICKS_TAKEN,
    DealResult,
    Errors,
    Game,
    check_known_fields,
    either,
    read_bool,
    read_int,
    read_list,
    read_object,
    read_seat,
)
from ..cards import Card, read_card
from ..messages import msg, nmsg, seat_word, team_word
from .explain import MalillaExplanations
from .presets import PRESETS
from .variants import CARD_POINTS, PLAYERS, VARIANTS, MalillaOptions, Variant

ALBUR_POINTS = 5


def team_of(seat: int) -> int:
    return seat % 2


def too_many_points(tricks: int, most: int) -> str:
    """More card points than a team's tricks can hold."""
    if tricks == 0:
        return msg("0 tricks hold no cards: at most %(most)s card points.", most=most)
    return nmsg(
        "%(count)s trick holds %(cards)s cards: at most %(most)s card points.",
        "%(count)s tricks hold %(cards)s cards: at most %(most)s card points.",
        tricks,
        cards=4 * tricks,
        most=most,
    )


@dataclass(frozen=True)
class MalillaState:
    scores: tuple[int, int] = (0, 0)
    finished: bool = False
    winner: int | None = None
    dealer: int | None = None  # of the next deal; None until the first deal names it
    albur: int | None = None
    capotes: tuple[int, int] = (0, 0)
    zapato: int | None = None


@dataclass(frozen=True)
class MalillaDeal:
    dealer: int
    kind: str  # "played", "misdeal", "abandoned", "renege", "challenge"
    turn_up: Card | None = None
    totals: tuple[int, int] | None = None
    tricks: tuple[int, int] | None = None  # known with card entry only
    team: int | None = None  # the reneging or challenging team
    upheld: bool | None = None


IRREGULARITIES = ("misdeal", "abandoned", "renege", "challenge")


class Malilla(MalillaExplanations, Game[MalillaOptions, MalillaState, MalillaDeal]):
    slug = "malilla"
    name = "Malilla"
    player_counts = (PLAYERS,)
    Options = MalillaOptions
    presets = PRESETS
    setup_fields = ("albur",)
    outcome_schema = {"points": {**INTEGERS, "description": "the points of the hand, per team."}}
    state_schema = {"scores": {**INTEGERS, "description": "the totals, per team."}}

    def finish_options(self, options: MalillaOptions) -> MalillaOptions:
        variant = VARIANTS[options.variant]
        if options.turn_up_bonus is None:
            options = replace(options, turn_up_bonus=variant.turn_up_bonus)
        if options.seven_discard_rule is None:
            options = replace(options, seven_discard_rule=variant.seven_discard_rule)
        return options

    def teams(self, options: MalillaOptions) -> list[list[int]]:
        return [[0, 2], [1, 3]]

    def team_points(self, state: Mapping[str, Any], team: int, options: MalillaOptions) -> int:
        return state["scores"][team]

    def read_setup(self, raw: Mapping[str, Any], options: MalillaOptions) -> dict[str, Any]:
        errors = Errors()
        albur = read_int(raw, "albur", errors, low=0, high=1, required=False, what=A_TEAM)
        errors.raise_if_any()
        return {} if albur is None else {"albur": albur}

    def initial_state(self, options: MalillaOptions, setup: Mapping[str, Any]) -> MalillaState:
        albur = setup.get("albur")
        if albur is None:
            return MalillaState()
        scores = [0, 0]
        scores[albur] = ALBUR_POINTS
        return MalillaState(scores=tuple(scores), albur=albur)

    def is_finished(self, state: MalillaState) -> bool:
        return state.finished

    def turn(self, state: MalillaState, options: MalillaOptions) -> MalillaState | None:
        # Every deal passes the deal on, a misdeal too.
        return None if state.dealer is None else replace(state, dealer=(state.dealer + 1) % PLAYERS)

    def state_to_data(self, state: MalillaState) -> dict[str, Any]:
        dealer = state.dealer
        return {
            "finished": state.finished,
            "winner": state.winner,
            "next": {
                "dealer": dealer,
                "leader": None if dealer is None else (dealer + 1) % PLAYERS,
            },
            "scores": list(state.scores),
            "capotes": list(state.capotes),
            "zapato": state.zapato,
            "albur": state.albur,
        }

    def state_from_data(self, data: Mapping[str, Any], options: Any = None) -> MalillaState:
        return MalillaState(
            scores=tuple(data["scores"]),
            finished=data["finished"],
            winner=data["winner"],
            dealer=data["next"]["dealer"],
            albur=data["albur"],
            capotes=tuple(data["capotes"]),
            zapato=data["zapato"],
        )

    # deals

    def parse_deal(
        self, raw: Mapping[str, Any], *, state: MalillaState, options: MalillaOptions
    ) -> MalillaDeal:
        variant = VARIANTS[options.variant]
        errors = Errors()
        check_known_fields(raw, ("dealer", "turn_up", "totals", "cards", *IRREGULARITIES), errors)
        dealer = read_seat(raw, "dealer", errors, players=PLAYERS, required=state.dealer is None)
        if dealer is not None and state.dealer is not None and dealer != state.dealer:
            errors.add(
                "dealer",
                msg(
                    "The dealer of this deal is %(seat)s, the player to the last dealer's right.",
                    seat=seat_word(state.dealer),
                ),
            )
        if (
            dealer is not None
            and state.dealer is None
            and state.albur is not None
            and (team_of(dealer) == state.albur)
        ):
            errors.add(
                "dealer",
                msg(
                    "%(team)s won the albur: the other team deals first.",
                    team=team_word(state.albur),
                ),
            )
        dealer = state.dealer if dealer is None else dealer

        # 0 is not false here: only an absent field, null or false means "not this kind".
        given = [k for k in IRREGULARITIES if raw.get(k) is not None and raw.get(k) is not False]
        played = [k for k in ("turn_up", "totals", "cards") if raw.get(k) is not None]
        if len(given) > 1 or (given and played):
            other = given[1] if len(given) > 1 else played[0]
            errors.add(other, either(given[0], other))
            errors.raise_if_any()
        kind = given[0] if given else "played"
        deal: dict[str, Any] = {}
        if kind in ("misdeal", "abandoned"):
            if read_bool(raw, kind, errors) is not True:
                errors.add(kind, msg("Send true."))
            if kind == "abandoned" and not options.abandon_long_suit:
                errors.add(
                    "abandoned",
                    msg(
                        "Throwing in a hand for a long suit is not allowed under this match's "
                        "rules."
                    ),
                )
        elif kind == "renege":
            entry = read_object(raw, "renege", errors)
            if entry is not None:
                check_known_fields(entry, ("team",), errors, ("renege",))
                deal["team"] = read_int(
                    entry, "team", errors, low=0, high=1, what=A_TEAM, path=("renege",)
                )
        elif kind == "challenge":
            entry = read_object(raw, "challenge", errors)
            if entry is not None:
                check_known_fields(entry, ("team", "upheld"), errors, ("challenge",))
                deal["team"] = read_int(
                    entry, "team", errors, low=0, high=1, what=A_TEAM, path=("challenge",)
                )
                deal["upheld"] = read_bool(entry, "upheld", errors, path=("challenge",))
        else:
            self._read_hand(raw, variant, errors, deal)
        errors.raise_if_any()
        assert dealer is not None
        return MalillaDeal(dealer=dealer, kind=kind, **deal)

    @staticmethod
    def _read_hand(
        raw: Mapping[str, Any], variant: Variant, errors: Errors, deal: dict[str, Any]
    ) -> None:
        if raw.get("turn_up") is None:
            errors.add("turn_up", msg("Enter the dealer's turned-up card: it gives trumps."))
        else:
            deal["turn_up"] = read_card(
                raw["turn_up"], errors, ("turn_up",), variant.turn_up_pack or variant.pack
            )
        entries = [k for k in ("totals", "cards") if raw.get(k) is not None]
        if not entries:
            errors.add("totals", msg("Enter each team's total, or its card points and tricks."))
        elif len(entries) == 2:
            errors.add("cards", either("totals", "cards"))
        elif entries == ["totals"]:
            totals = read_list(raw, "totals", errors, length=2, what=msg("totals, one per team"))
            if totals is None:
                return
            by_team = dict(enumerate(totals))
            values = [
                read_int(
                    by_team,
                    t,
                    errors,
                    low=0,
                    high=variant.deal_points,
                    path=("totals",),
                    what=msg("a team's points and tricks"),
                )
                for t in (0, 1)
            ]
            if None in values:
                return
            if sum(values) != variant.deal_points:
                errors.add(
                    "totals",
                    msg(
                        "%(variant)s totals must sum to %(total)s: %(points)s card points and "
                        "%(tricks)s tricks.",
                        variant=variant.name,
                        total=variant.deal_points,
                        points=CARD_POINTS,
                        tricks=variant.tricks,
                    ),
                )
                return
            deal["totals"] = tuple(values)
        else:
            Malilla._read_cards(raw, variant, errors, deal)

    @staticmethod
    def _read_cards(
        raw: Mapping[str, Any], variant: Variant, errors: Errors, deal: dict[str, Any]
    ) -> None:
        cards = read_list(raw, "cards", errors, length=2, what=msg("entries, one per team"))
        if cards is None:
            return
        points, tricks = [], []
        for team, entry in enumerate(cards):
            path = ("cards", team)
            if not isinstance(entry, Mapping):
                errors.add(path, msg('Each team\'s cards are {"points": n, "tricks": n}.'))
                return
            check_known_fields(entry, ("points", "tricks"), errors, path)
            points.append(
                read_int(
                    entry,
                    "points",
                    errors,
                    low=0,
                    high=CARD_POINTS,
                    path=path,
                    what=msg("card points"),
                )
            )
            tricks.append(
                read_int(
                    entry,
                    "tricks",
                    errors,
                    low=0,
                    high=variant.tricks,
                    path=path,
                    what=TRICKS_TAKEN,
                )
            )
        if None in points or None in tricks:
            return
        if sum(points) != CARD_POINTS:
            errors.add(
                "cards",
                msg("Card points must sum to %(total)s, 15 a suit.", total=CARD_POINTS),
            )
        if sum(tricks) != variant.tricks:
            errors.add("cards", msg("Tricks must sum to %(tricks)s.", tricks=variant.tricks))
        if errors:
            return
        for team in (0, 1):
            most = variant.most_card_points(tricks[team])
            if points[team] > most:
                errors.add(("cards", team, "points"), too_many_points(tricks[team], most))
        if not errors:
            deal["totals"] = (points[0] + tricks[0], points[1] + tricks[1])
            deal["tricks"] = (tricks[0], tricks[1])

    def hand_points(self, totals: tuple[int, int], variant: Variant) -> list[int]:
        if variant.scoring == "difference":
            difference = totals[0] - totals[1]
            return [max(difference, 0), max(-difference, 0)]
        return [max(total - variant.half, 0) for total in totals]

    def play(
        self, state: MalillaState, deal: MalillaDeal, options: MalillaOptions
    ) -> DealResult[MalillaState]:
        variant = VARIANTS[options.variant]
        outcome: dict[str, Any] = {
            "points": [0, 0],
            "bonus": None,
            "capote": None,
            "zapato": None,
            "totals": None,
            "irregularity": None if deal.kind == "played" else deal.kind,
            "loser": None,
            # The team that reached the target with this hand, so won the game.
            "winner": None,
            # On the first deal of a match that began with an albur: the team that won it.
            "albur": state.albur if state.dealer is None else None,
        }
        next_dealer = (deal.dealer + 1) % PLAYERS
        if deal.kind in ("misdeal", "abandoned"):
            return DealResult(outcome, replace(state, dealer=next_dealer))
        if deal.kind in ("renege", "challenge"):
            assert deal.team is not None
            # A challenge upheld means the challenged team reneged; otherwise the challengers
            # lose for a false accusation.
            loser = 1 - deal.team if deal.kind == "challenge" and deal.upheld else deal.team
            outcome["loser"] = loser
            outcome[deal.kind] = {
                "team": deal.team,
                **({"upheld": deal.upheld} if deal.kind == "challenge" else {}),
            }
            return DealResult(
                outcome, replace(state, dealer=next_dealer, finished=True, winner=1 - loser)
            )

        assert deal.totals is not None and deal.turn_up is not None
        target = variant.target
        scores = list(state.scores)
        dealers = team_of(deal.dealer)
        bonus_points = variant.values.get(deal.turn_up.rank, 0) if options.turn_up_bonus else 0
        bonus = None
        if bonus_points:
            status = "held" if scores[dealers] + bonus_points >= target else "counted"
            if status == "counted":
                scores[dealers] += bonus_points
            bonus = {"team": dealers, "points": bonus_points, "status": status}

        points = self.hand_points(deal.totals, variant)
        scores = [s + p for s, p in zip(scores, points, strict=True)]
        if bonus is not None and bonus["status"] == "held":
            if any(s >= target for s in scores):
                bonus["status"] = "void"
            else:
                bonus["status"] = "added"
                scores[dealers] += bonus_points

        capote = next((t for t in (0, 1) if deal.totals[t] == variant.deal_points), None)
        capotes = list(state.capotes)
        if capote is not None:
            capotes[capote] += 1
        winner = next((t for t in (0, 1) if scores[t] >= target), None)
        zapato = winner if winner is not None and scores[1 - winner] == 0 else None
        outcome.update(
            points=points,
            bonus=bonus,
            capote=capote,
            zapato=zapato,
            totals=list(deal.totals),
            winner=winner,
        )
        return DealResult(
            outcome,
            replace(
                state,
                scores=tuple(scores),
                dealer=next_dealer,
                capotes=tuple(capotes),
                finished=winner is not None,
                winner=winner,
                zapato=zapato,
            ),
        )


GAME = Malilla()
