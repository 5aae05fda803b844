"""Marafon-Beccaccino's deals explained in plain words (RULES.md §1): how the cards counted, the
marafona and who declared it, a claim's sum and verdict, cappotto, the game won, and the house
rules that changed a figure. Read from the deal as entered and its outcome alone, so a deal of
any age is explained without replaying its match; an outcome stored before a claim kept its
sum (``before``, ``target``) is explained without the sum.

The game's words are those of ``marafon.py``; the markers are ``messages.py``'s."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..messages import Message, msg, nmsg, seat_word, team_word

MARAFONA_POINTS = 3  # a marafona's points, which marafon.py counts too
USUAL_TARGET = 41


def thirds_text(thirds: int) -> str:
    """A number of thirds as a number with its fraction: 16 -> "5⅓", 15 -> "5"."""
    whole, rest = divmod(thirds, 3)
    return f"{whole}{('', '⅓', '⅔')[rest]}"


def aces_word(count: int) -> Message:
    return nmsg("%(count)s ace", "%(count)s aces", count)


def figures_word(count: int) -> Message:
    return nmsg("%(count)s figure", "%(count)s figures", count)


class MarafonExplanations:
    """The explanation half of the game (``Game.outcome_kinds``, ``outcome_kind``, ``explain``),
    mixed into ``Marafon``."""

    # What a deal was, as the players tell deals apart. A deal is of one kind, the most telling
    # one: a claim before the game it decided, a game won before the cappotto or the marafona
    # that came with it, and a marafona before how the points were entered.
    outcome_kinds: ClassVar[tuple[str, ...]] = (
        "cards",  # counted by aces, figures and the last trick
        "points",  # whole points entered as counted at the table
        "marafona",  # a deal with a marafona declared
        "cappotto",  # a team scored nothing
        "game",  # the deal won a game on points
        "claim_right",
        "claim_wrong",
        "annulled",  # mandare a monte
    )

    def outcome_kind(self, raw: Mapping[str, Any], outcome: Mapping[str, Any]) -> str:
        if outcome.get("annulled"):
            return "annulled"
        claim = outcome.get("claim")
        if claim:
            return "claim_right" if claim["correct"] else "claim_wrong"
        if outcome.get("game"):
            return "game"
        if outcome.get("cappotto") is not None:
            return "cappotto"
        if outcome.get("marafona") is not None:
            return "marafona"
        return "cards" if raw.get("cards") else "points"

    def explain(self, raw: Mapping[str, Any], outcome: Mapping[str, Any], options: Any) -> list:
        if outcome.get("annulled"):
            return _annulled()
        if outcome.get("claim"):
            return _claim(raw, outcome, options)
        lines = _cards(raw) if raw.get("cards") else _points_entered(raw)
        lines += _marafona(raw, outcome)
        if outcome.get("cappotto") is not None:
            lines.append(
                msg(
                    "%(team)s scored nothing: cappotto, a name only, with no extra score.",
                    team=team_word(outcome["cappotto"]),
                )
            )
        game = outcome.get("game")
        if game:
            lines += _game_won(game)
        return lines


def _cards(raw: Mapping[str, Any]) -> list[Message]:
    """Each team's aces, figures and the last trick, counted in thirds, fractions dropped."""
    lines = []
    for team, count in enumerate(raw["cards"]):
        aces, figures = count["aces"], count["figures"]
        last = raw.get("last_trick") == team
        thirds = 3 * aces + figures + (3 if last else 0)
        whole = thirds // 3
        said = {
            "team": team_word(team),
            "aces": aces_word(aces),
            "figures": figures_word(figures),
            "a": aces,
            "f": figures,
            "exact": thirds_text(thirds),
        }
        if last and thirds % 3:
            line = nmsg(
                "%(team)s took %(aces)s, %(figures)s and the last trick: %(a)s + %(f)s/3 + 1 = "
                "%(exact)s, %(count)s whole point.",
                "%(team)s took %(aces)s, %(figures)s and the last trick: %(a)s + %(f)s/3 + 1 = "
                "%(exact)s, %(count)s whole points.",
                whole,
                **said,
            )
        elif last:
            line = nmsg(
                "%(team)s took %(aces)s, %(figures)s and the last trick: %(a)s + %(f)s/3 + 1 = "
                "%(count)s point.",
                "%(team)s took %(aces)s, %(figures)s and the last trick: %(a)s + %(f)s/3 + 1 = "
                "%(count)s points.",
                whole,
                **said,
            )
        elif thirds % 3:
            line = nmsg(
                "%(team)s took %(aces)s and %(figures)s: %(a)s + %(f)s/3 = %(exact)s, "
                "%(count)s whole point.",
                "%(team)s took %(aces)s and %(figures)s: %(a)s + %(f)s/3 = %(exact)s, "
                "%(count)s whole points.",
                whole,
                **said,
            )
        else:
            line = nmsg(
                "%(team)s took %(aces)s and %(figures)s: %(a)s + %(f)s/3 = %(count)s point.",
                "%(team)s took %(aces)s and %(figures)s: %(a)s + %(f)s/3 = %(count)s points.",
                whole,
                **said,
            )
        lines.append(line)
    lines.append(
        msg(
            "An ace counts 1, a figure (3, 2, king, horse or jack) 1/3 and the last trick 1; "
            "fractions are dropped, so a deal holds 11."
        )
    )
    return lines


def _points_entered(raw: Mapping[str, Any]) -> list[Message]:
    first, second = raw["points"]
    return [
        msg(
            "Points entered as counted at the table: %(first)s %(p0)s, %(second)s %(p1)s.",
            first=team_word(0),
            second=team_word(1),
            p0=first,
            p1=second,
        )
    ]


def _marafona(raw: Mapping[str, Any], outcome: Mapping[str, Any]) -> list[Message]:
    team = outcome.get("marafona")
    if team is None:
        return []
    seat = raw["marafona"]
    points = outcome["points"]
    return [
        msg(
            "%(seat)s declared the marafona (the 3, 2 and ace of trumps): 3 more points for "
            "%(team)s.",
            seat=seat_word(seat, capital=True),
            team=team_word(team),
        ),
        msg(
            "The deal scores %(first)s %(p0)s and %(second)s %(p1)s.",
            first=team_word(0),
            second=team_word(1),
            p0=points[0],
            p1=points[1],
        ),
    ]


def _game_won(game: Mapping[str, Any]) -> list[Message]:
    target = game.get("target")
    if target is None:  # an outcome stored before the target was kept with it
        return [
            msg("%(team)s reached the target and won the game.", team=team_word(game["winner"]))
        ]
    lines = [
        msg(
            "%(team)s reached the target of %(target)s and won the game.",
            team=team_word(game["winner"]),
            target=target,
        )
    ]
    if target != USUAL_TARGET:
        lines.append(
            msg(
                "House rule: this game is played to %(target)s (usually %(usual)s).",
                target=target,
                usual=USUAL_TARGET,
            )
        )
    return lines


def _claim(raw: Mapping[str, Any], outcome: Mapping[str, Any], options: Any) -> list[Message]:
    claim = outcome["claim"]
    entered = raw.get("claim") or {}
    seat = claim["seat"]
    team = seat % 2
    aces, figures = entered.get("aces", 0), entered.get("figures", 0)
    lines = [
        msg(
            "%(seat)s claimed that %(team)s had reached the target, with %(aces)s and "
            "%(figures)s taken in this deal.",
            seat=seat_word(seat, capital=True),
            team=team_word(team),
            aces=aces_word(aces),
            figures=figures_word(figures),
        )
    ]
    own_marafona = outcome.get("marafona") == team
    counted = own_marafona and options.claim_counts_marafona
    if claim.get("before") is not None and claim.get("target") is not None:
        thirds = 3 * claim["before"] + 3 * aces + figures + (3 * MARAFONA_POINTS if counted else 0)
        needed = 3 * claim["target"] + (1 if options.claim_needs_extra_third else 0)
        said = {
            "before": claim["before"],
            "a": aces,
            "f": figures,
            "exact": thirds_text(thirds),
            "needed": thirds_text(needed),
        }
        if counted:
            line = msg(
                "%(before)s before this deal + %(a)s + %(f)s/3 + 3 for the marafona = "
                "%(exact)s, against the %(needed)s needed.",
                **said,
            )
        else:
            line = msg(
                "%(before)s before this deal + %(a)s + %(f)s/3 = %(exact)s, against the "
                "%(needed)s needed.",
                **said,
            )
        lines.append(line)
    if claim["correct"]:
        lines.append(msg("The claim is right: the game goes to %(team)s.", team=team_word(team)))
    else:
        lines.append(
            msg(
                "The claim is wrong: the game goes to %(team)s.",
                team=team_word(1 - team),
            )
        )
    if options.claim_needs_extra_third:
        lines.append(msg("House rule: a claim needs the target and one third more."))
    if own_marafona and not options.claim_counts_marafona:
        lines.append(msg("House rule: a marafona does not count towards a claim."))
    target = claim.get("target")
    if target is not None and target != USUAL_TARGET:
        lines.append(
            msg(
                "House rule: this game is played to %(target)s (usually %(usual)s).",
                target=target,
                usual=USUAL_TARGET,
            )
        )
    lines.append(msg("The claim ends the deal, which scores nothing itself."))
    return lines


def _annulled() -> list[Message]:
    return [
        msg(
            "The battezzante annulled the deal (mandare a monte): their cards were worth less "
            "than a point and a figure."
        ),
        msg(
            "Nothing is scored and the same dealer deals again; this match's rules allow "
            "mandare a monte."
        ),
    ]
