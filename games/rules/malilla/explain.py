"""Malilla's deals explained in plain words (RULES.md §3): each team's card points and tricks,
who scored the excess over half (or, in Macau Manilla, the difference), the dealer's turn-up
bonus and when it was held back, capote, zapato, the game won, the albur, and the
irregularities. Read from the deal as entered and its outcome alone, as ``Game.explain`` says.

The words are those of ``game.py``; the variants' figures (half the deal, the target, the
counting cards) come from ``variants.py``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..messages import Message, msg, nmsg, team_word
from .variants import VARIANTS, Variant


class MalillaExplanations:
    """The explanation half of the game, mixed into ``Malilla``."""

    # A played hand is of its most telling kind: capote, then a bonus held back (void or
    # added), the game won, a bonus counted at once, an even hand, any other hand.
    outcome_kinds: ClassVar[tuple[str, ...]] = (
        "hand",
        "even",
        "capote",
        "bonus_counted",
        "bonus_added",
        "bonus_void",
        "game",
        "misdeal",
        "abandoned",
        "renege",
        "challenge_upheld",
        "challenge_failed",
    )

    def outcome_kind(self, raw: Mapping[str, Any], outcome: Mapping[str, Any]) -> str:
        irregularity = outcome.get("irregularity")
        if irregularity == "challenge":
            return "challenge_upheld" if outcome["challenge"]["upheld"] else "challenge_failed"
        if irregularity:
            return irregularity
        bonus = outcome.get("bonus")
        status = bonus["status"] if bonus else None
        if outcome.get("capote") is not None:
            return "capote"
        if status in ("void", "added"):
            return f"bonus_{status}"
        if outcome.get("winner") is not None:
            return "game"
        if status == "counted":
            return "bonus_counted"
        points = outcome.get("points") or [0, 0]
        return "even" if points == [0, 0] else "hand"

    def explain(self, raw: Mapping[str, Any], outcome: Mapping[str, Any], options: Any) -> list:
        variant = VARIANTS[options.variant]
        lines = []
        if outcome.get("albur") is not None:
            lines.append(
                msg(
                    "%(team)s won the albur: they started on 5 points and led the first deal.",
                    team=team_word(outcome["albur"]),
                )
            )
        if outcome.get("irregularity"):
            return lines + _irregularity(outcome)
        lines += _entered(raw, outcome, variant)
        lines.append(_scored(outcome, variant))
        lines += _turn_up(raw, outcome, variant, options)
        if outcome.get("capote") is not None:
            lines.append(
                msg(
                    "%(team)s took every trick: capote, a name only, with no extra score.",
                    team=team_word(outcome["capote"]),
                )
            )
        if outcome.get("winner") is not None:
            lines.append(
                msg(
                    "%(team)s reached the target of %(target)s and won the game.",
                    team=team_word(outcome["winner"]),
                    target=variant.target,
                )
            )
        if outcome.get("zapato") is not None:
            lines.append(
                msg("The other team was still on 0: zapato, a name only, with no extra score.")
            )
        return lines


def _irregularity(outcome: Mapping[str, Any]) -> list[Message]:
    kind = outcome["irregularity"]
    if kind == "misdeal":
        return [
            msg(
                "A misdeal: the cards are collected and the deal passes to the next player; "
                "nothing is scored."
            )
        ]
    if kind == "abandoned":
        return [
            msg(
                "A player with 7 or more cards of one suit threw the hand in with their "
                "partner's consent, as this match's rules allow: nothing is scored and the deal "
                "passes on."
            )
        ]
    if kind == "renege":
        team = outcome["renege"]["team"]
        return [
            msg(
                "%(team)s reneged (a revoke): the game goes to %(other)s.",
                team=team_word(team),
                other=team_word(1 - team),
            )
        ]
    challenge = outcome["challenge"]
    team = challenge["team"]
    if challenge["upheld"]:
        return [
            msg(
                "%(team)s challenged a revoke and the tricks showed one: the game goes to "
                "%(team)s.",
                team=team_word(team),
            )
        ]
    return [
        msg(
            "%(team)s challenged a revoke, but the tricks showed none: the game goes to %(other)s.",
            team=team_word(team),
            other=team_word(1 - team),
        )
    ]


def _entered(raw: Mapping[str, Any], outcome: Mapping[str, Any], variant: Variant) -> list:
    """Each team's card points and tricks, or the totals as entered."""
    totals = outcome["totals"]
    cards = raw.get("cards")
    if not cards:
        return [
            msg(
                "Totals entered, card points and tricks together: %(first)s %(t0)s, %(second)s "
                "%(t1)s.",
                first=team_word(0),
                second=team_word(1),
                t0=totals[0],
                t1=totals[1],
            )
        ]
    return [
        msg(
            "%(team)s took %(points)s and %(tricks)s, one point each: %(total)s.",
            team=team_word(team),
            points=nmsg("%(count)s card point", "%(count)s card points", entry["points"]),
            tricks=nmsg("%(count)s trick", "%(count)s tricks", entry["tricks"]),
            total=totals[team],
        )
        for team, entry in enumerate(cards)
    ]


def _scored(outcome: Mapping[str, Any], variant: Variant) -> Message:
    """Who scored what for the hand: the excess over half, or the difference (Macau)."""
    totals, points = outcome["totals"], outcome["points"]
    if points == [0, 0]:
        return msg(
            "Both teams took %(half)s, half the deal's %(all)s: nobody scores.",
            half=variant.half,
            all=variant.deal_points,
        )
    team = 0 if points[0] else 1
    said = {
        "team": team_word(team),
        "total": totals[team],
        "other": totals[1 - team],
        "all": variant.deal_points,
        "half": variant.half,
    }
    if variant.scoring == "difference":
        return nmsg(
            "%(team)s took %(total)s to %(other)s: in %(variant)s the difference, %(count)s "
            "point, goes to %(team)s, and nothing to the other team.",
            "%(team)s took %(total)s to %(other)s: in %(variant)s the difference, %(count)s "
            "points, goes to %(team)s, and nothing to the other team.",
            points[team],
            variant=variant.name,
            **said,
        )
    return nmsg(
        "%(team)s took %(total)s of %(all)s, %(count)s over half (%(half)s): %(count)s point "
        "for %(team)s, and nothing for the other team.",
        "%(team)s took %(total)s of %(all)s, %(count)s over half (%(half)s): %(count)s points "
        "for %(team)s, and nothing for the other team.",
        points[team],
        **said,
    )


def _turn_up(
    raw: Mapping[str, Any], outcome: Mapping[str, Any], variant: Variant, options: Any
) -> list[Message]:
    """The dealer's turned-up card: its bonus, counted at once or held back, or why none."""
    bonus = outcome.get("bonus")
    if bonus is None:
        rank = (raw.get("turn_up") or {}).get("rank")
        value = variant.values.get(rank, 0)
        if value and not options.turn_up_bonus:
            return [
                msg(
                    "The dealer's turned-up card counts %(value)s, but this match's rules give "
                    "no bonus for it.",
                    value=value,
                )
            ]
        if options.turn_up_bonus:
            return [msg("The dealer's turned-up card counts nothing: no bonus.")]
        return []
    said = {"points": bonus["points"], "team": team_word(bonus["team"]), "target": variant.target}
    if bonus["status"] == "counted":
        return [
            msg(
                "The dealer's turned-up card counts %(points)s: a bonus for %(team)s, scored at "
                "once.",
                **said,
            )
        ]
    held = msg(
        "The dealer's turned-up card counts %(points)s for %(team)s, which would have brought "
        "them to %(target)s: the bonus was held back until the hand was scored.",
        **said,
    )
    if bonus["status"] == "added":
        return [
            held,
            msg("The hand brought nobody to %(target)s, so the bonus is added now.", **said),
        ]
    return [held, msg("The hand brought a team to %(target)s, so the bonus is void.", **said)]
