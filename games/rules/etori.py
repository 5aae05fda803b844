"""Etori (RULES.md §5): teams of two, partners opposite, four or six players, anticlockwise;
always four play a hand. 52 cards; the aim is to take honours. Scored in chips.

Vocabulary
- *honours*: the aces, kings, queens and jacks, 16 in all. A hand is won with 9 or more.
- *rensho*: the ace of spades (or, by option, the ace of clubs when spades are trumps), which
  wins any trick it is played to. At 8 honours each the team that was not dealt it wins.
- *dealers*: the team that deals (both its players); with six players it sits the hand out.
  The losers of a hand deal the next; with six the winners play on against the team that just
  dealt. *Leaders*: the team that leads the first trick (the previous hand's winners).
- *chips*: each team starts with five; the losers pay the winners 4, 2 or 1 by the three-step
  rule. A team out of chips ends the game.
- *the winners' aces*: all the three-step rule needs of the aces: the winners were dealt no ace
  (``no_ace``), one or two *plain* aces, neither the rensho nor the ace of trumps
  (``plain_aces``), or any other aces (``other``: the chips follow the honours). A hand is entered
  with each team's aces, or with the winners' aces alone (and, at 8 honours each, the team
  that was dealt the rensho): a table tells these apart at a glance, without a row per ace.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from .base import (
    A_TEAM,
    REQUIRED,
    DealResult,
    Errors,
    Game,
    check_known_fields,
    either,
    is_int,
    option,
    read_choice,
    read_int,
    read_list,
)
from .cards import FRENCH_SUITS, read_suit
from .etori_explain import KINDS, explain_hand, kind_of_outcome
from .messages import Message, msg, pmsg, team_word

HONOURS = 16
WINNING_HONOURS = 9
FIRST_TRUMP = "spades"
# The winners' aces as the three-step rule sees them (see the vocabulary above).
WINNERS_ACES = ("no_ace", "plain_aces", "other")


@dataclass(frozen=True, kw_only=True)
class EtoriOptions:
    players: int = option(
        4,
        msg("Players: 4, or 6 in three teams."),
        label=pmsg("rule option", "players"),
        choices=(4, 6),
    )
    chips: int = option(
        5,
        msg("Chips each team starts with."),
        label=pmsg("rule option", "chips"),
        low=1,
        high=100,
    )
    rensho: str = option(
        "ace_of_spades",
        msg("The rensho: always the ace of spades, or the ace of clubs when spades are trumps."),
        label=pmsg("rule option", "rensho"),
        choices={
            "ace_of_spades": pmsg("rule choice", "ace of spades"),
            "clubs_if_spades_trump": pmsg("rule choice", "clubs if spades trump"),
        },
    )


@dataclass(frozen=True)
class EtoriState:
    chips: tuple[int, ...]
    dealers: int
    leaders: int
    playing: tuple[int, int]
    trump: str = FIRST_TRUMP
    trump_changer: int | None = None  # the team that may change trumps before the next hand
    finished: bool = False
    winner: int | list[int] | None = None


@dataclass(frozen=True)
class EtoriDeal:
    trump: str
    honours: tuple[int | None, ...]
    # Each team's aces; or, entered instead, the winners' aces and the rensho's team.
    aces: tuple[tuple[str, ...] | None, ...] | None
    winners_aces: str | None = None
    rensho_dealt_to: int | None = None


def sat_out(number: int) -> str:
    """A count entered for the team that dealt and sat the hand out (six players)."""
    return msg("%(team)s dealt and sat the hand out: null.", team=team_word(number))


def teams_of(players: int) -> list[list[int]]:
    count = players // 2
    return [[k, k + count] for k in range(count)]


def rensho_suit(trump: str, options: EtoriOptions) -> str:
    if options.rensho == "clubs_if_spades_trump" and trump == "spades":
        return "clubs"
    return "spades"


def winners_aces(aces: tuple[str, ...], trump: str, rensho: str) -> str:
    """The winners' aces as the three-step rule sees them."""
    if not aces:
        return "no_ace"
    if len(aces) <= 2 and rensho not in aces and trump not in aces:
        return "plain_aces"
    return "other"


def chips_for(honours: int, kind: str) -> tuple[int, str]:
    """The chips the losers pay, by the three-step rule, and which step decided."""
    if kind == "no_ace":
        return 4, "no_ace"
    if kind == "plain_aces":
        return 2, "plain_aces"
    if honours == HONOURS:
        return 4, "honours"
    return (2 if honours >= 12 else 1), "honours"


def chips_won(honours: int, aces: tuple[str, ...], trump: str, rensho: str) -> tuple[int, str]:
    """The chips the losers pay for the winners' honours and the aces they were dealt."""
    return chips_for(honours, winners_aces(aces, trump, rensho))


class Etori(Game[EtoriOptions, EtoriState, EtoriDeal]):
    slug = "etori"
    name = "Etori"
    player_counts = (4, 6)
    Options = EtoriOptions

    def teams(self, options: EtoriOptions) -> list[list[int]]:
        return teams_of(options.players)

    def result_unit(self, options: EtoriOptions) -> str:
        return "chips"

    def team_points(self, state: Mapping[str, Any], team: int, options: EtoriOptions) -> int:
        """Chips won or lost: the count against the chips each team started with."""
        return state["chips"][team] - options.chips

    def side_totals(self, state: Mapping[str, Any], options: EtoriOptions) -> tuple[int, ...]:
        """The chips each team holds, as counted on the table."""
        return tuple(state["chips"])

    # explanations (etori_explain.py)

    outcome_kinds = KINDS

    def outcome_kind(self, raw: Mapping[str, Any], outcome: Mapping[str, Any]) -> str:
        return kind_of_outcome(raw, outcome)

    def explain(
        self, raw: Mapping[str, Any], outcome: Mapping[str, Any], options: EtoriOptions
    ) -> list[Message]:
        return explain_hand(raw, outcome, options)

    def initial_state(self, options: EtoriOptions, setup: Mapping[str, Any]) -> EtoriState:
        if options.players == 4:
            # Seats 1 and 3 (sticks 2 and 4) deal first; the others lead.
            return EtoriState(
                chips=(options.chips,) * 2, dealers=1, leaders=0, playing=(0, 1), trump_changer=1
            )
        # Six: sticks 3 and 6 (team 2) deal and sit out; team 1, to their left, leads.
        return EtoriState(
            chips=(options.chips,) * 3, dealers=2, leaders=1, playing=(0, 1), trump_changer=2
        )

    def is_finished(self, state: EtoriState) -> bool:
        return state.finished

    def state_to_data(self, state: EtoriState) -> dict[str, Any]:
        return {
            "finished": state.finished,
            "winner": state.winner,
            "next": {
                "dealers": state.dealers,
                "leaders": state.leaders,
                "playing": list(state.playing),
                "trump": state.trump,
                "trump_changer": state.trump_changer,
            },
            "chips": list(state.chips),
        }

    def state_from_data(self, data: Mapping[str, Any], options: Any = None) -> EtoriState:
        upcoming = data["next"]
        return EtoriState(
            chips=tuple(data["chips"]),
            dealers=upcoming["dealers"],
            leaders=upcoming["leaders"],
            playing=tuple(upcoming["playing"]),
            trump=upcoming["trump"],
            trump_changer=upcoming["trump_changer"],
            finished=data["finished"],
            winner=data["winner"],
        )

    def parse_deal(
        self, raw: Mapping[str, Any], *, state: EtoriState, options: EtoriOptions
    ) -> EtoriDeal:
        errors = Errors()
        check_known_fields(
            raw, ("trump", "honours", "aces", "winners_aces", "rensho_dealt_to"), errors
        )
        trump = read_suit(raw, "trump", errors, FRENCH_SUITS, required=False) or state.trump
        counts = self._read_honours(raw, state, options, errors)
        if raw.get("winners_aces") is None and raw.get("rensho_dealt_to") is None:
            dealt = self._read_aces(raw, state, options, errors)
            errors.raise_if_any()
            return EtoriDeal(trump=trump, honours=counts, aces=dealt)
        for key in ("winners_aces", "rensho_dealt_to"):
            if raw.get("aces") is not None and raw.get(key) is not None:
                errors.add(key, either("aces", key))
        kind, rensho_team = self._read_winners_aces(raw, state, counts, errors)
        errors.raise_if_any()
        return EtoriDeal(trump, counts, None, kind, rensho_team)

    @staticmethod
    def _read_honours(
        raw: Mapping[str, Any], state: EtoriState, options: EtoriOptions, errors: Errors
    ) -> tuple[int | None, ...]:
        """The honours each team took (null for the dealers who sat out), adding up to 16."""
        sitting_out = state.dealers if options.players == 6 else None
        honours = read_list(
            raw, "honours", errors, length=len(state.chips), what=msg("honour counts, one per team")
        )
        counts: list[int | None] = []
        if honours is None:
            return ()
        for index, value in enumerate(honours):
            if index == sitting_out:
                if value is not None:
                    errors.add(("honours", index), sat_out(index))
                counts.append(None)
            elif not is_int(value) or not 0 <= value <= HONOURS:
                errors.add(
                    ("honours", index),
                    msg("Must be a number of honours from 0 to %(most)s.", most=HONOURS),
                )
            else:
                counts.append(value)
        if not errors.has(("honours",)) and sum(c for c in counts if c) != HONOURS:
            errors.add(
                "honours",
                msg("The honours taken must add up to the %(all)s of the pack.", all=HONOURS),
            )
        return tuple(counts)

    @staticmethod
    def _read_aces(
        raw: Mapping[str, Any], state: EtoriState, options: EtoriOptions, errors: Errors
    ) -> tuple[tuple[str, ...] | None, ...]:
        """The aces each playing team was dealt (null for the dealers who sat out): all four."""
        sitting_out = state.dealers if options.players == 6 else None
        aces = read_list(
            raw, "aces", errors, length=len(state.chips), what=msg("lists of aces, one per team")
        )
        dealt: list[tuple[str, ...] | None] = []
        if aces is None:
            return ()
        seen: list[str] = []
        for index, value in enumerate(aces):
            path = ("aces", index)
            if index == sitting_out:
                if value is not None:
                    errors.add(path, sat_out(index))
                dealt.append(None)
                continue
            if not isinstance(value, list) or not all(
                isinstance(s, str) and s in FRENCH_SUITS for s in value
            ):
                errors.add(
                    path,
                    msg(
                        "List the suits of the aces this team was dealt: %(suits)s.",
                        suits=", ".join(FRENCH_SUITS),
                    ),
                )
                continue
            dealt.append(tuple(value))
            seen.extend(value)
        if not errors.has(("aces",)):
            twice = sorted({s for s in seen if seen.count(s) > 1})
            missing = [s for s in FRENCH_SUITS if s not in seen]
            if twice:
                errors.add(
                    "aces", msg("The ace of %(suits)s is given twice.", suits=", ".join(twice))
                )
            if missing:
                errors.add(
                    "aces",
                    msg(
                        "The ace of %(suits)s is missing: the playing teams were dealt all four.",
                        suits=", ".join(missing),
                    ),
                )
        return tuple(dealt)

    @staticmethod
    def _read_winners_aces(
        raw: Mapping[str, Any],
        state: EtoriState,
        counts: tuple[int | None, ...],
        errors: Errors,
    ) -> tuple[str | None, int | None]:
        """The winners' aces, and the team dealt the rensho: needed at 8 honours each (the
        other team wins); otherwise, when given, it must agree with the winners' aces."""
        kind = read_choice(
            raw, "winners_aces", errors, WINNERS_ACES, required=raw.get("aces") is None
        )
        rensho_team = read_int(raw, "rensho_dealt_to", errors, required=False, what=A_TEAM)
        if rensho_team is not None and rensho_team not in state.playing:
            errors.add("rensho_dealt_to", msg("The rensho is dealt to one of the teams that play."))
            return kind, None
        first, second = state.playing
        if errors.has(("honours",)) or len(counts) <= max(first, second):
            return kind, rensho_team
        if counts[first] == counts[second]:
            if rensho_team is None and not errors.has(("rensho_dealt_to",)):
                # At 8 honours each the team not dealt the rensho wins: which was it?
                errors.add("rensho_dealt_to", REQUIRED)
        elif rensho_team is not None and kind in ("no_ace", "plain_aces"):
            winner = first if (counts[first] or 0) > (counts[second] or 0) else second
            if rensho_team == winner:
                errors.add(
                    "winners_aces",
                    msg("The winners were dealt the rensho: their aces count by honours."),
                )
        return kind, rensho_team

    def play(
        self, state: EtoriState, deal: EtoriDeal, options: EtoriOptions
    ) -> DealResult[EtoriState]:
        first, second = state.playing
        rensho = rensho_suit(deal.trump, options)
        honours = {team: deal.honours[team] for team in state.playing}
        if honours[first] != honours[second]:
            winner = first if honours[first] > honours[second] else second
        elif deal.aces is None:
            # 8-8: the team that was not dealt the rensho wins.
            winner = second if deal.rensho_dealt_to == first else first
        else:
            winner = second if rensho in (deal.aces[first] or ()) else first
        loser = second if winner == first else first
        if deal.aces is None:
            assert deal.winners_aces is not None
            amount, step = chips_for(honours[winner], deal.winners_aces)
        else:
            amount, step = chips_won(honours[winner], deal.aces[winner] or (), deal.trump, rensho)
        chips = list(state.chips)
        paid = min(amount, chips[loser])
        chips[loser] -= paid
        chips[winner] += amount  # credited in full even when the losers cannot pay it all

        six = options.players == 6
        finished = min(chips) <= 0
        match_winner: int | list[int] | None = None
        if finished:
            if six:
                most = max(chips)
                leaders = [t for t, c in enumerate(chips) if c == most]
                match_winner = leaders[0] if len(leaders) == 1 else leaders
            else:
                match_winner = 1 - chips.index(min(chips))
        outcome = {
            "winner": winner,
            "chips": amount,
            "paid": paid,
            "honours": list(deal.honours),
            "rule": step,
            "trump": deal.trump,
            "rensho": {"rank": "A", "suit": rensho},
        }
        new_state = replace(
            state,
            chips=tuple(chips),
            dealers=loser,
            leaders=winner,
            # With six the winners play on against the team that just dealt.
            playing=tuple(sorted((winner, state.dealers))) if six else state.playing,
            trump=deal.trump,
            trump_changer=state.dealers if six else loser,
            finished=finished,
            winner=match_winner,
        )
        return DealResult(outcome, new_state)


GAME = Etori()
