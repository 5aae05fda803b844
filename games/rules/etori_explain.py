"""Etori's hands explained in plain words (``Game.explain``; RULES.md §5): who won the hand and
why (9 honours or more, or the rensho at 8 each), the step of the chip rule that decided what the
losers pay (the winners' aces, then their honours), and who paid whom, in full or what they had
left. From the hand as entered and its outcome alone. The words are those of ``etori.py``.

- *kind of outcome*: the chip rule's step (``no_ace``, ``plain_aces``, ``honours``, and
  ``all_honours`` for all 16), unless the hand was won at 8 honours each (``eight_all``) or
  the losers could not pay in full (``short_of_chips``), which say more.

Every message has the context "Etori explanation": its words are the explanation's, and none is
shared with another game's by accident. Teams take a plural verb, as the pages' names do ("Ana
and Bruno were dealt").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields
from typing import Any

from .messages import Message, listed, npmsg, pmsg, team_word

KINDS = ("no_ace", "plain_aces", "honours", "all_honours", "eight_all", "short_of_chips")
HONOURS = 16
# The French suits, said within a sentence ("the ace of hearts").
SUITS = {
    "spades": pmsg("French suit", "spades"),
    "hearts": pmsg("French suit", "hearts"),
    "diamonds": pmsg("French suit", "diamonds"),
    "clubs": pmsg("French suit", "clubs"),
}


def _teams(outcome: Mapping[str, Any]) -> tuple[int, int, int | None]:
    """The winners, the losers, and the dealers who sat the hand out (six players; else
    None): the teams whose honours are counted played."""
    honours = outcome["honours"]
    winner = outcome["winner"]
    loser = next(t for t, h in enumerate(honours) if h is not None and t != winner)
    out = next((t for t, h in enumerate(honours) if h is None), None)
    return winner, loser, out


def kind_of_outcome(raw: Mapping[str, Any], outcome: Mapping[str, Any]) -> str:
    winner, loser, _out = _teams(outcome)
    honours = outcome["honours"]
    if outcome["paid"] < outcome["chips"]:
        return "short_of_chips"
    if honours[winner] == honours[loser]:
        return "eight_all"
    if outcome["rule"] == "honours" and honours[winner] == HONOURS:
        return "all_honours"
    return outcome["rule"]


def explain_hand(raw: Mapping[str, Any], outcome: Mapping[str, Any], options: Any) -> list[Message]:
    winner, loser, out = _teams(outcome)
    lines: list[Message] = []
    if out is not None:
        lines.append(
            pmsg("Etori explanation", "%(team)s dealt and sat the hand out.", team=team_word(out))
        )
    lines.append(_who_won(outcome, winner, loser))
    lines += _rensho(outcome, options)
    lines += _chips(raw, outcome, winner, loser)
    return lines


def _who_won(outcome: Mapping[str, Any], winner: int, loser: int) -> Message:
    honours = outcome["honours"]
    if honours[winner] == honours[loser]:
        return pmsg(
            "Etori explanation",
            "8 honours each: %(loser)s were dealt the rensho, so %(winner)s win the hand.",
            loser=team_word(loser),
            winner=team_word(winner),
        )
    return npmsg(
        "Etori explanation",
        "%(winner)s took %(count)s honour and %(loser)s the other %(rest)s: 9 or more win the "
        "hand.",
        "%(winner)s took %(count)s honours and %(loser)s the other %(rest)s: 9 or more win the "
        "hand.",
        honours[winner],
        winner=team_word(winner),
        loser=team_word(loser),
        rest=honours[loser],
    )


def _rensho(outcome: Mapping[str, Any], options: Any) -> list[Message]:
    """Trumps and the rensho, and the house rule that made the ace of clubs the rensho."""
    trump, suit = outcome["trump"], outcome["rensho"]["suit"]
    lines = [
        pmsg(
            "Etori explanation",
            "Trumps: %(trump)s; the rensho, the ace of %(suit)s, beats every trump.",
            trump=SUITS[trump],
            suit=SUITS[suit],
        )
    ]
    if suit != "spades":
        meta = {f.name: f.metadata for f in fields(options)}["rensho"]
        lines.append(
            pmsg(
                "Etori explanation",
                "House rule (%(option)s: %(choice)s): with spades trumps, the rensho is the ace "
                "of clubs.",
                option=meta["label"],
                choice=meta["choice_labels"][options.rensho],
            )
        )
    return lines


def _aces(suits: Sequence[str]) -> Any:
    """The aces said one by one: "the ace of hearts and the ace of clubs"."""
    return listed(
        [pmsg("Etori explanation", "the ace of %(suit)s", suit=SUITS[suit]) for suit in suits]
    )


def _winners_aces(raw: Mapping[str, Any], winner: int) -> list[str] | None:
    """The aces the winners were dealt, when the hand was entered with each team's aces."""
    aces = raw.get("aces")
    if not isinstance(aces, list) or winner >= len(aces) or aces[winner] is None:
        return None
    return list(aces[winner])


def _chips(
    raw: Mapping[str, Any], outcome: Mapping[str, Any], winner: int, loser: int
) -> list[Message]:
    """The step of the chip rule that decided, then who paid whom."""
    chips, honours = outcome["chips"], outcome["honours"][winner]
    team = team_word(winner)
    aces = _winners_aces(raw, winner)
    rule = outcome["rule"]
    if rule == "no_ace":
        lines = [
            npmsg(
                "Etori explanation",
                "%(team)s were dealt no ace: the losers pay %(count)s chip.",
                "%(team)s were dealt no ace: the losers pay %(count)s chips.",
                chips,
                team=team,
            )
        ]
    elif rule == "plain_aces" and aces:
        lines = [
            npmsg(
                "Etori explanation",
                "%(team)s were dealt %(aces)s, neither the rensho nor the ace of trumps: the "
                "losers pay %(count)s chip.",
                "%(team)s were dealt %(aces)s, neither the rensho nor the ace of trumps: the "
                "losers pay %(count)s chips.",
                chips,
                team=team,
                aces=_aces(aces),
            )
        ]
    elif rule == "plain_aces":
        lines = [
            npmsg(
                "Etori explanation",
                "%(team)s were dealt one or two aces, neither the rensho nor the ace of trumps: "
                "the losers pay %(count)s chip.",
                "%(team)s were dealt one or two aces, neither the rensho nor the ace of trumps: "
                "the losers pay %(count)s chips.",
                chips,
                team=team,
            )
        ]
    else:
        eight_all = outcome["honours"][loser] == honours
        lines = [_by_honours(outcome, team, aces, eight_all), _honours_step(honours, chips)]
    lines.append(_paid(outcome, winner, loser))
    return lines


def _by_honours(
    outcome: Mapping[str, Any], team: Message, aces: list[str] | None, eight_all: bool
) -> Message:
    """Why the chips follow the honours: the winners were dealt the rensho, the ace of trumps,
    or more than two aces."""
    if aces is None and eight_all:
        # At 8 each the winners were not dealt the rensho.
        return pmsg(
            "Etori explanation",
            "%(team)s were dealt the ace of trumps or more than two aces, so the chips follow the "
            "honours taken.",
            team=team,
        )
    if aces is None:
        return pmsg(
            "Etori explanation",
            "%(team)s were dealt the rensho, the ace of trumps or more than two aces, so the "
            "chips follow the honours taken.",
            team=team,
        )
    rensho, trump = outcome["rensho"]["suit"], outcome["trump"]
    if aces == [rensho]:
        return pmsg(
            "Etori explanation",
            "%(team)s were dealt the rensho, so the chips follow the honours taken.",
            team=team,
        )
    if aces == [trump]:
        return pmsg(
            "Etori explanation",
            "%(team)s were dealt the ace of trumps, so the chips follow the honours taken.",
            team=team,
        )
    if rensho in aces:
        return pmsg(
            "Etori explanation",
            "%(team)s were dealt %(aces)s, the rensho among them, so the chips follow the "
            "honours taken.",
            team=team,
            aces=_aces(aces),
        )
    if trump in aces:
        return pmsg(
            "Etori explanation",
            "%(team)s were dealt %(aces)s, the ace of trumps among them, so the chips follow the "
            "honours taken.",
            team=team,
            aces=_aces(aces),
        )
    return pmsg(
        "Etori explanation",
        "%(team)s were dealt %(aces)s, more than two, so the chips follow the honours taken.",
        team=team,
        aces=_aces(aces),
    )


def _honours_step(honours: int, chips: int) -> Message:
    if honours == HONOURS:
        return npmsg(
            "Etori explanation",
            "All 16 honours: the losers pay %(count)s chip.",
            "All 16 honours: the losers pay %(count)s chips.",
            chips,
        )
    if honours >= 12:
        return npmsg(
            "Etori explanation",
            "Honours taken: %(honours)s, from 12 to 15: the losers pay %(count)s chip.",
            "Honours taken: %(honours)s, from 12 to 15: the losers pay %(count)s chips.",
            chips,
            honours=honours,
        )
    return npmsg(
        "Etori explanation",
        "Honours taken: %(honours)s, fewer than 12: the losers pay %(count)s chip.",
        "Honours taken: %(honours)s, fewer than 12: the losers pay %(count)s chips.",
        chips,
        honours=honours,
    )


def _paid(outcome: Mapping[str, Any], winner: int, loser: int) -> Message:
    chips, paid = outcome["chips"], outcome["paid"]
    if paid == chips:
        return npmsg(
            "Etori explanation",
            "%(loser)s pay %(winner)s %(count)s chip.",
            "%(loser)s pay %(winner)s %(count)s chips.",
            chips,
            loser=team_word(loser),
            winner=team_word(winner),
        )
    # The losers pay what they have, the winners are credited in full, and the game is over.
    return npmsg(
        "Etori explanation",
        "%(loser)s had only %(count)s chip left and pay it; %(winner)s are credited all "
        "%(chips)s, and the game is over.",
        "%(loser)s had only %(count)s chips left and pay them; %(winner)s are credited all "
        "%(chips)s, and the game is over.",
        paid,
        loser=team_word(loser),
        winner=team_word(winner),
        chips=chips,
    )
