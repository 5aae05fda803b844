"""Marafon-Beccaccino (RULES.md §1): four players in two fixed partnerships, anticlockwise.

Vocabulary
- *battezzante*: the player who names trumps ("baptises" the deal) and leads the first trick.
  The holder of the 4 of coins in the first deal of a match; later the player to the dealer's
  right (``dealer + 1``), who then deals the next deal.
- *must not look*: from deal 2 on, the battezzante's partner may not look until trumps are named.
- *thirds*: aces are worth 3 thirds, *figures* (3s, 2s, kings, horses, jacks) 1 third, the last
  trick 3 thirds; a deal holds 35 thirds and each team scores its whole points, 11 in all.
- *marafona* (cricca, maraffa, napoletana): the 3, 2 and ace of trumps in one hand, declared in
  the first trick for 3 more points.
- *cappotto*: a team that scores nothing in a deal (a label only).
- *claim*: stopping play to claim the team has reached the target; right wins the game, wrong
  loses it.
- *le brutte* and *la bella*: the first two games of a best-of-three match and the decider.
- *mandare a monte*: a battezzante with a worthless hand annuls the deal where the rules allow.

What shared code reads of a match (its points, the games won, claims): ``scores.py``; deals
explained in plain words: ``explain.py``; house rules: ``presets.py``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..base import (
    A_TEAM,
    INTEGERS,
    DealResult,
    Errors,
    Game,
    RuleViolation,
    check_known_fields,
    either,
    option,
    read_bool,
    read_int,
    read_list,
    read_object,
    read_seat,
)
from ..cards import LATIN_SUITS, read_suit
from ..messages import msg, pmsg, seat_word
from .explain import MARAFONA_POINTS, MarafonExplanations
from .presets import PRESETS
from .scores import MarafonScores

PLAYERS = 4
DEAL_THIRDS = 35  # 4 aces, 20 figures, the last trick
DEAL_POINTS = 11
TEAMS = ((0, 2), (1, 3))


def team_of(seat: int) -> int:
    return seat % 2


ACES = msg("a number of aces")
FIGURES = msg("a number of figures")

# Tables play to 21, 31 or 41; 500 leaves room for any house rule while a match still ends.
MAX_TARGET = 500


@dataclass(frozen=True, kw_only=True)
class MarafonOptions:
    target: int = option(
        41,
        msg("Points that win a game."),
        label=pmsg("rule option", "target"),
        low=1,
        high=MAX_TARGET,
    )
    bella_target: int | None = option(
        None,
        msg("Points that win la bella, the third game (the target when not set)."),
        label=pmsg("rule option", "bella target"),
        kind=int,
        low=1,
        high=MAX_TARGET,
    )
    match_format: str = option(
        "best_of_three",
        msg("Best of three games, or a single game."),
        label=pmsg("rule option", "match format"),
        choices={
            "best_of_three": pmsg("rule choice", "best of three"),
            "single_game": pmsg("rule choice", "single game"),
        },
    )
    marafona_declarer: str = option(
        "any",
        msg("Who may declare a marafona: any player, or only the battezzante."),
        label=pmsg("rule option", "marafona declarer"),
        choices={
            "any": pmsg("rule choice", "any"),
            "battezzante": pmsg("rule choice", "battezzante"),
        },
    )
    marafona_needs_ace_lead: bool = option(
        False,
        msg("The battezzante must lead the ace of trumps to declare a marafona."),
        label=pmsg("rule option", "marafona needs ace lead"),
    )
    claim_needs_extra_third: bool = option(
        False,
        msg("A claim needs the target and one third more."),
        label=pmsg("rule option", "claim needs extra third"),
    )
    claim_counts_marafona: bool = option(
        True,
        msg("A team's marafona counts towards its claim."),
        label=pmsg("rule option", "claim counts marafona"),
    )
    mandare_a_monte: bool = option(
        False,
        msg(
            "A battezzante whose cards are worth less than a point and a figure may annul the deal."
        ),
        label=pmsg("rule option", "mandare a monte"),
    )
    players: int = option(
        PLAYERS,
        msg("Number of players."),
        label=pmsg("rule option", "players"),
        choices=(PLAYERS,),
    )


@dataclass(frozen=True)
class GameRecord:
    """A finished game of the match."""

    winner: int
    scores: tuple[int, int]
    by: str  # "points", "claim" or "failed_claim"


@dataclass(frozen=True)
class MarafonState:
    scores: tuple[int, int] = (0, 0)
    games_won: tuple[int, int] = (0, 0)
    games: tuple[GameRecord, ...] = ()
    finished: bool = False
    winner: int | None = None
    # The battezzante of the last deal that was played; None until the first one is.
    last_battezzante: int | None = None


@dataclass(frozen=True)
class Claim:
    seat: int
    aces: int
    figures: int


@dataclass(frozen=True)
class MarafonDeal:
    battezzante: int
    trump: str
    points: tuple[int, int] | None = None  # whole card points, marafona apart
    marafona: int | None = None  # the declaring seat
    claim: Claim | None = None
    annulled: bool = False


class Marafon(MarafonScores, MarafonExplanations, Game[MarafonOptions, MarafonState, MarafonDeal]):
    slug = "marafon"
    name = "Marafon-Beccaccino"
    player_counts = (PLAYERS,)
    Options = MarafonOptions
    presets = PRESETS
    outcome_schema = {"points": {**INTEGERS, "description": "the points of the deal, per team."}}
    state_schema = {"scores": {**INTEGERS, "description": "the current game's totals, per team."}}

    def finish_options(self, options: MarafonOptions) -> MarafonOptions:
        if options.bella_target is None:
            return replace(options, bella_target=options.target)
        return options

    def teams(self, options: MarafonOptions) -> list[list[int]]:
        return [list(t) for t in TEAMS]

    def one_game_rules(self, rules: dict[str, Any]) -> dict[str, Any]:
        return {**rules, "match_format": "single_game"}

    # state

    def initial_state(self, options: MarafonOptions, setup: Mapping[str, Any]) -> MarafonState:
        return MarafonState()

    def is_finished(self, state: MarafonState) -> bool:
        return state.finished

    @staticmethod
    def expected_battezzante(state: MarafonState) -> int | None:
        if state.last_battezzante is None:
            return None
        return (state.last_battezzante + 1) % PLAYERS

    def turn(self, state: MarafonState, options: MarafonOptions) -> MarafonState | None:
        battezzante = self.expected_battezzante(state)
        return None if battezzante is None else replace(state, last_battezzante=battezzante)

    @staticmethod
    def in_bella(state: MarafonState, options: MarafonOptions) -> bool:
        return options.match_format == "best_of_three" and len(state.games) == 2

    def target(self, state: MarafonState, options: MarafonOptions) -> int:
        return options.bella_target if self.in_bella(state, options) else options.target

    def state_to_data(self, state: MarafonState) -> dict[str, Any]:
        battezzante = self.expected_battezzante(state)
        return {
            "finished": state.finished,
            "winner": state.winner,
            "next": {
                "dealer": state.last_battezzante,
                "battezzante": battezzante,
                "must_not_look": None if battezzante is None else (battezzante + 2) % PLAYERS,
            },
            "scores": list(state.scores),
            "games_won": list(state.games_won),
            "games": [
                {"winner": g.winner, "scores": list(g.scores), "by": g.by} for g in state.games
            ],
        }

    def state_from_data(self, data: Mapping[str, Any], options: Any = None) -> MarafonState:
        return MarafonState(
            scores=tuple(data["scores"]),
            games_won=tuple(data["games_won"]),
            games=tuple(
                GameRecord(g["winner"], tuple(g["scores"]), g["by"]) for g in data["games"]
            ),
            finished=data["finished"],
            winner=data["winner"],
            last_battezzante=data["next"]["dealer"],
        )

    # deals

    def parse_deal(
        self, raw: Mapping[str, Any], *, state: MarafonState, options: MarafonOptions
    ) -> MarafonDeal:
        errors = Errors()
        check_known_fields(
            raw,
            (
                "battezzante",
                "trump",
                "cards",
                "last_trick",
                "points",
                "marafona",
                "claim",
                "annulled",
            ),
            errors,
        )
        expected = self.expected_battezzante(state)
        battezzante = read_seat(
            raw, "battezzante", errors, players=PLAYERS, required=expected is None
        )
        if expected is not None and battezzante is not None and battezzante != expected:
            errors.add(
                "battezzante",
                msg(
                    "The battezzante of this deal is %(seat)s, the player to the dealer's right.",
                    seat=seat_word(expected),
                ),
            )
        if battezzante is None:
            battezzante = expected
        trump = read_suit(raw, "trump", errors, LATIN_SUITS)

        kinds = [k for k in ("cards", "points", "claim") if raw.get(k) is not None]
        annulled = read_bool(raw, "annulled", errors, required=False) or False
        if annulled:
            kinds.append("annulled")
        if not kinds:
            errors.add(
                "points",
                msg("Enter the deal's points, its card counts, a claim, or that it was annulled."),
            )
        elif len(kinds) > 1:
            errors.add(kinds[1], either(kinds[0], kinds[1]))

        marafona = read_seat(raw, "marafona", errors, players=PLAYERS, required=False)
        if marafona is not None:
            if annulled:
                errors.add("marafona", msg("An annulled deal has no marafona."))
            elif (
                (options.marafona_declarer == "battezzante" or options.marafona_needs_ace_lead)
                and battezzante is not None
                and marafona != battezzante
            ):
                if options.marafona_needs_ace_lead:
                    refusal = msg(
                        "Under this match's rules the battezzante must lead the ace of trumps to "
                        "declare it: only %(seat)s can declare a marafona.",
                        seat=seat_word(battezzante),
                    )
                else:
                    refusal = msg(
                        "Under this match's rules the battezzante alone may declare it: only "
                        "%(seat)s can declare a marafona.",
                        seat=seat_word(battezzante),
                    )
                errors.add("marafona", refusal)
        if raw.get("last_trick") is not None and "cards" not in kinds:
            errors.add("last_trick", msg("The last trick is entered with card counts only."))

        points = claim = None
        if annulled and not errors and not options.mandare_a_monte:
            errors.add("annulled", msg("Mandare a monte is not allowed under this match's rules."))
        if "cards" in kinds and len(kinds) == 1:
            points = self._read_cards(raw, errors)
        elif "points" in kinds and len(kinds) == 1:
            points = self._read_points(raw, errors)
        elif "claim" in kinds and len(kinds) == 1:
            claim = self._read_claim(raw, errors)
        errors.raise_if_any()
        assert battezzante is not None and trump is not None
        return MarafonDeal(
            battezzante=battezzante,
            trump=trump,
            points=points,
            marafona=marafona,
            claim=claim,
            annulled=annulled,
        )

    @staticmethod
    def _read_points(raw: Mapping[str, Any], errors: Errors) -> tuple[int, int] | None:
        points = read_list(raw, "points", errors, length=2, what=msg("whole points, one per team"))
        if points is None:
            return None
        by_team = dict(enumerate(points))
        values = [
            read_int(
                by_team,
                team,
                errors,
                low=0,
                high=DEAL_POINTS,
                path=("points",),
                what=msg("whole points"),
            )
            for team in (0, 1)
        ]
        if None in values:
            return None
        if sum(values) != DEAL_POINTS:
            errors.add("points", msg("Marafon points must sum to %(total)s.", total=DEAL_POINTS))
            return None
        return (values[0], values[1])

    @staticmethod
    def _read_cards(raw: Mapping[str, Any], errors: Errors) -> tuple[int, int] | None:
        cards = read_list(raw, "cards", errors, length=2, what=msg("card counts, one per team"))
        last_trick = read_int(raw, "last_trick", errors, low=0, high=1, what=A_TEAM)
        if cards is None:
            return None
        aces, figures = [], []
        for team, count in enumerate(cards):
            path = ("cards", team)
            if not isinstance(count, Mapping):
                errors.add(path, msg('Each team\'s cards are {"aces": n, "figures": n}.'))
                continue
            check_known_fields(count, ("aces", "figures"), errors, path)
            aces.append(read_int(count, "aces", errors, low=0, high=4, path=path, what=ACES))
            figures.append(
                read_int(count, "figures", errors, low=0, high=20, path=path, what=FIGURES)
            )
        if len(aces) != 2 or None in aces or None in figures:
            return None
        if sum(aces) != 4:
            errors.add("cards", msg("The teams' aces must add up to the 4 aces of the pack."))
        if sum(figures) != 20:
            errors.add(
                "cards",
                msg(
                    "The teams' figures (3s, 2s, kings, horses, jacks) must add up "
                    "to the 20 of the pack."
                ),
            )
        if errors or last_trick is None:
            return None
        thirds = [3 * aces[t] + figures[t] + (3 if last_trick == t else 0) for t in (0, 1)]
        return (thirds[0] // 3, thirds[1] // 3)

    @staticmethod
    def _read_claim(raw: Mapping[str, Any], errors: Errors) -> Claim | None:
        claim = read_object(raw, "claim", errors)
        if claim is None:
            return None
        check_known_fields(claim, ("seat", "aces", "figures"), errors, ("claim",))
        seat = read_seat(claim, "seat", errors, players=PLAYERS, path=("claim",))
        aces = read_int(claim, "aces", errors, low=0, high=4, path=("claim",), what=ACES)
        figures = read_int(claim, "figures", errors, low=0, high=20, path=("claim",), what=FIGURES)
        if seat is None or aces is None or figures is None:
            return None
        return Claim(seat, aces, figures)

    def play(
        self, state: MarafonState, deal: MarafonDeal, options: MarafonOptions
    ) -> DealResult[MarafonState]:
        outcome: dict[str, Any] = {
            "points": [0, 0],
            "marafona": None,
            "cappotto": None,
            "claim": None,
            "annulled": deal.annulled,
            "game": None,
        }
        marafona_team = None if deal.marafona is None else team_of(deal.marafona)
        if deal.annulled:
            # The same dealer deals again: the rotation does not move.
            return DealResult(outcome, state)
        state = replace(state, last_battezzante=deal.battezzante)
        outcome["marafona"] = marafona_team

        if deal.claim is not None:
            team = team_of(deal.claim.seat)
            thirds = 3 * state.scores[team] + 3 * deal.claim.aces + deal.claim.figures
            if marafona_team == team and options.claim_counts_marafona:
                thirds += 3 * MARAFONA_POINTS
            target = self.target(state, options)
            correct = thirds >= 3 * target + (1 if options.claim_needs_extra_third else 0)
            # What the claim was measured against, for its explanation: the team's total
            # before it and the target.
            before = {"before": state.scores[team], "target": target}
            outcome["claim"] = {"seat": deal.claim.seat, "correct": correct, **before}
            winner = team if correct else 1 - team
            state = self._end_game(
                state, options, winner, state.scores, "claim" if correct else "failed_claim"
            )
            outcome["game"] = {"winner": winner, "by": state.games[-1].by, "target": target}
            return DealResult(outcome, state)

        assert deal.points is not None
        points = list(deal.points)
        if marafona_team is not None:
            points[marafona_team] += MARAFONA_POINTS
        outcome["points"] = points
        outcome["cappotto"] = next((t for t in (0, 1) if points[t] == 0), None)
        totals = (state.scores[0] + points[0], state.scores[1] + points[1])
        target = self.target(state, options)
        reached = [t for t in (0, 1) if totals[t] >= target]
        winner = None
        if len(reached) == 1:
            winner = reached[0]
        elif len(reached) == 2 and totals[0] != totals[1]:
            # Both over the target in one deal: the higher total wins (Interpretation).
            winner = 0 if totals[0] > totals[1] else 1
        if winner is None:
            return DealResult(outcome, replace(state, scores=totals))
        state = self._end_game(state, options, winner, totals, "points")
        outcome["game"] = {"winner": winner, "by": "points", "target": target}
        return DealResult(outcome, state)

    @staticmethod
    def _end_game(
        state: MarafonState, options: MarafonOptions, winner: int, scores: tuple[int, int], by: str
    ) -> MarafonState:
        games_won = list(state.games_won)
        games_won[winner] += 1
        needed = 1 if options.match_format == "single_game" else 2
        finished = games_won[winner] >= needed
        return replace(
            state,
            games=(*state.games, GameRecord(winner, tuple(scores), by)),
            games_won=tuple(games_won),
            finished=finished,
            winner=winner if finished else None,
            # After the final game the scores keep that game's totals.
            scores=tuple(scores) if finished else (0, 0),
        )


GAME = Marafon()

__all__ = ["GAME", "Marafon", "MarafonDeal", "MarafonOptions", "MarafonState", "RuleViolation"]
