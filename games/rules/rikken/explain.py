"""Rikken's deals explained in plain words (``Game.explain``; RULES.md §4): what was played,
each step of the count with its figures, who paid whom (or who got which penalty points), and
the house rule that applied. From the deal as entered, its outcome and the match's rules, so a
deal of any age is explained without replaying its match. The words are those of ``game.py``;
the sentences are made in ``explain_words.py``, the all-pass deals told in
``explain_specials.py``.

- *kind of outcome*: each contract family of the catalogue made or failed (``rik_made``,
  ``troela_failed``, ``solo_made``, ``misere_failed``, ``open_piek_made``...), a club's own
  contract made or failed, several equal contracts at once, a redeal, each special game.
- *family*: the contracts that are explained alike: rik and rik beter; every N alleen (beter
  or not, open 13 alleen too); misère, piek, and their open forms with or without a praatje.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..messages import Message, npmsg, pmsg
from .contracts import TRICKS, ContractRow
from .entries import ContractEntry
from .explain_specials import all_pass_lines
from .explain_words import (
    doubled_line,
    gets_line,
    house_rule,
    net_lines,
    plus,
    points_lines,
    sat_out_lines,
    statement,
    times,
    transfer_lines,
    tricks_part,
)
from .payments import all_tricks_bonus, contract_transfers, partner_pays
from .penalty import POT_FACTOR, SOLO_FACTOR, contract_points, pot_share
from .seats import BLIND_MAN, active_seats

# The catalogue's contracts (contracts.py) by family; a contract not in the catalogue is a
# club's own.
FAMILIES = {
    "rik": "rik",
    "rik_beter": "rik",
    "troela": "troela",
    **{f"solo_{n}": "solo" for n in range(7, 14)},
    **{f"solo_{n}_beter": "solo" for n in range(7, 13)},
    "open_solo_13": "solo",
    "misere": "misere",
    "piek": "piek",
    "open_misere": "open_misere",
    "open_misere_praatje": "open_misere",
    "open_piek": "open_piek",
    "open_piek_praatje": "open_piek",
}
OWN_CONTRACT = "own_contract"
KINDS = (
    *(
        f"{family}_{result}"
        for family in ("rik", "troela", "solo", "misere", "piek", "open_misere", "open_piek")
        for result in ("made", "failed")
    ),
    f"{OWN_CONTRACT}_made",
    f"{OWN_CONTRACT}_failed",
    "several_contracts",
    "redeal",
    "schuppen_mie",
    "mie_en",
    "one_five_eleven",
    "one_three_five",
)
# What the options say when a club changed nothing (a house-rule line says where it did).
USUAL_ALL_TRICKS_BONUS = 1

Played = tuple[Mapping[str, Any], ContractEntry]


def kind_of_outcome(raw: Mapping[str, Any], outcome: Mapping[str, Any]) -> str:
    if outcome.get("redeal"):
        return "redeal"
    if outcome.get("special"):
        return outcome["special"]["game"]
    contracts = outcome["contracts"]
    if len(contracts) > 1:
        return "several_contracts"
    (settled,) = contracts
    family = FAMILIES.get(settled["contract"], OWN_CONTRACT)
    return f"{family}_{'made' if settled['made'] else 'failed'}"


def explain_deal(raw: Mapping[str, Any], outcome: Mapping[str, Any], options: Any) -> list[Message]:
    # The dealer: in the outcome since it says so, else as entered (the first deal's).
    dealer = outcome.get("dealer", raw.get("dealer"))
    players = options.players
    penalty = "points" in outcome
    lines: list[Message] = []
    if not outcome.get("redeal"):
        lines += sat_out_lines(dealer, players)
    if outcome.get("all_pass"):
        lines += all_pass_lines(outcome, options, dealer)
    else:
        played = _played(raw, outcome, options)
        # Who played is known but for five or six players of an old outcome without its dealer.
        active = None if dealer is None and players > 4 else active_seats(dealer or 0, players)
        if penalty:
            lines += _penalty_contracts(played, outcome, active, players)
        else:
            lines += _money_contracts(played, outcome, options, active)
    if penalty:
        lines.append(
            house_rule(
                "scoring",
                "penalty_points",
                pmsg(
                    "Rikken explanation",
                    "nobody pays; each player collects points, and the lowest total wins.",
                ),
            )
        )
    return lines


def _played(raw: Mapping[str, Any], outcome: Mapping[str, Any], options: Any) -> list[Played]:
    """Each contract as settled, with its entry rebuilt from the match's table and the deal as
    entered (the partner's own tricks)."""
    rows = {row.slug: row for row in options.contracts}
    entered = raw.get("contracts") or []
    played = []
    for index, settled in enumerate(outcome["contracts"]):
        typed = entered[index] if index < len(entered) else {}
        entry = ContractEntry(
            row=rows[settled["contract"]],
            declarer=settled["declarer"],
            tricks=settled["tricks"],
            partner=settled.get("partner"),
            partner_tricks=typed.get("partner_tricks") if isinstance(typed, Mapping) else None,
        )
        played.append((settled, entry))
    return played


def _said(entry: ContractEntry, made: bool) -> Message:
    return statement(entry.row, entry.declarer, entry.partner, entry.tricks, made)


# --- payments ------------------------------------------------------------------------------------


def _money_contracts(
    played: list[Played], outcome: Mapping[str, Any], options: Any, active: list[int] | None
) -> list[Message]:
    lines: list[Message] = []
    several = len(played) > 1
    others = None
    if several:
        count = len(played)
        if options.simultaneous == "defenders_only":
            lines.append(
                npmsg(
                    "Rikken explanation",
                    "%(count)s contract at once, each settled on its own.",
                    "%(count)s contracts at once, each settled on its own.",
                    count,
                )
            )
            lines.append(
                house_rule(
                    "simultaneous",
                    "defenders_only",
                    pmsg(
                        "Rikken explanation",
                        "each declarer settles only with the players who declared nothing.",
                    ),
                )
            )
            declarers = {entry.declarer for _settled, entry in played}
            others = [s for s in active or () if s not in declarers]
        else:
            lines.append(
                npmsg(
                    "Rikken explanation",
                    "%(count)s contract at once, each settled on its own with all three others.",
                    "%(count)s contracts at once, each settled on its own with all three others.",
                    count,
                )
            )
    blind = False
    for settled, entry in played:
        lines.append(_said(entry, settled["made"]))
        lines.append(_units_line(entry, settled["units"], options))
        if active is not None:
            made, _units, transfers = contract_transfers(entry, active, options, others)
            # With three players nobody pays the blind man, and he pays nobody.
            kept = [t for t in transfers if not (options.players == 3 and BLIND_MAN in t[:2])]
            blind = blind or len(kept) < len(transfers)
            lines += transfer_lines(kept, made) or [
                pmsg(
                    "Rikken explanation",
                    "Nobody is left to settle this contract with: every other player declared "
                    "one too.",
                )
            ]
        lines += _contract_rules(entry, settled["made"], options)
    if blind:
        lines.append(pmsg("Rikken explanation", "The blind man pays and receives nothing."))
    if several or active is None:
        if several:
            lines.append(pmsg("Rikken explanation", "In all, for the deal:"))
        lines += net_lines(_of_players(outcome["payments"], active, options.players), even=several)
    return lines


def _of_players(amounts: Sequence[int], active: list[int] | None, players: int) -> list[int | None]:
    """Each seat's amount, None for a seat that played no part (sitting out, the blind man)."""
    return [
        None
        if (active is not None and seat not in active) or (players == 3 and seat == BLIND_MAN)
        else amount
        for seat, amount in enumerate(amounts)
    ]


def _units_line(entry: ContractEntry, units: int, options: Any) -> Message:
    """Each payment of the contract, summed: "Each payment: base 1 + 1 overtrick = 2 units."."""
    parts = _money_parts(entry.row, entry.tricks, options)
    if len(parts) == 1:
        return npmsg(
            "Rikken explanation",
            "Each payment: the base, %(count)s unit.",
            "Each payment: the base, %(count)s units.",
            units,
        )
    return npmsg(
        "Rikken explanation",
        "Each payment: %(sum)s = %(count)s unit.",
        "Each payment: %(sum)s = %(count)s units.",
        units,
        sum=plus(parts),
    )


def _money_parts(row: ContractRow, tricks: int, options: Any) -> list[Any]:
    """The terms of each payment, as ``payments.contract_units`` adds them up."""
    parts: list[Any] = [pmsg("Rikken explanation", "base %(units)s", units=row.base)]
    if row.made(tricks):
        over = 0 if row.exact else tricks - row.need
        if over and row.per_trick:
            parts.append(tricks_part("over", over, row.per_trick))
        bonus = all_tricks_bonus(row, options)
        if tricks == TRICKS and not row.exact and bonus:
            parts.append(pmsg("Rikken explanation", "all-tricks bonus %(units)s", units=bonus))
        return parts
    if options.undertricks == "from_second":
        short = 0 if row.exact else max(0, row.need - 1 - tricks)
    else:
        short = abs(tricks - row.need)
    if short and row.per_trick:
        parts.append(
            tricks_part("short" if tricks < row.need else "too_many", short, row.per_trick)
        )
    return parts


def _contract_rules(entry: ContractEntry, made: bool, options: Any) -> list[Message]:
    """The house rules that changed what this contract paid, each in a line."""
    row, lines = entry.row, []
    if not made and options.undertricks == "from_second" and row.per_trick:
        if row.exact:
            what = pmsg(
                "Rikken explanation",
                "a contract needing an exact number of tricks costs only the base when it fails.",
            )
        else:
            what = pmsg("Rikken explanation", "the first trick short costs only the base.")
        lines.append(house_rule("undertricks", "from_second", what))
    if not made and row.side != "alone":
        pays = partner_pays(row, options)
        own = row if row.partner_pays is not None else None
        if pays != "always" or own is not None:
            lines.append(house_rule("partner_pays", pays, _partner_paid(pays, entry), own))
    if made and entry.tricks == TRICKS and not row.exact:
        bonus = all_tricks_bonus(row, options)
        own = row if row.all_tricks_bonus is not None else None
        if own is not None or bonus != USUAL_ALL_TRICKS_BONUS:
            if bonus:
                what = npmsg(
                    "Rikken explanation",
                    "%(count)s unit more for taking all 13 tricks.",
                    "%(count)s units more for taking all 13 tricks.",
                    bonus,
                )
            else:
                what = pmsg("Rikken explanation", "no bonus for taking all 13 tricks.")
            lines.append(house_rule("all_tricks_bonus", bonus, what, own))
    return lines


def _partner_paid(pays: str, entry: ContractEntry) -> Message:
    """What the partner of a failed partnership paid, under the rule that says so."""
    if pays == "always":
        return pmsg("Rikken explanation", "the partner pays their share too.")
    if pays == "never":
        return pmsg(
            "Rikken explanation", "the partner pays nothing, and the declarer pays both opponents."
        )
    own = entry.partner_tricks or 0
    if own >= 2:
        return npmsg(
            "Rikken explanation",
            "the partner took %(count)s trick of their own, so the declarer pays both opponents.",
            "the partner took %(count)s tricks of their own, so the declarer pays both opponents.",
            own,
        )
    return npmsg(
        "Rikken explanation",
        "the partner took %(count)s trick of their own, fewer than 2, and pays their share too.",
        "the partner took %(count)s tricks of their own, fewer than 2, and pays their share too.",
        own,
    )


# --- penalty points ------------------------------------------------------------------------------


def _penalty_contracts(
    played: list[Played], outcome: Mapping[str, Any], active: list[int] | None, players: int
) -> list[Message]:
    m = 2 if outcome.get("doubled") else 1
    if len(played) > 1:
        lines = _pot_lines(played, outcome, active, m)
    else:
        ((settled, entry),) = played
        lines = [_said(entry, settled["made"])]
        lines += _penalty_lines(entry, settled["made"], outcome, active, m, players)
    if outcome.get("doubled"):
        lines.append(doubled_line(outcome.get("doubled_by")))
    return lines


def _penalty_lines(
    entry: ContractEntry,
    made: bool,
    outcome: Mapping[str, Any],
    active: list[int] | None,
    m: int,
    players: int,
) -> list[Message]:
    """A contract played on its own: what each opponent gets when it is made, each player of
    the declaring side when it fails, as ``penalty.contract_points`` counts it."""
    row, tricks, penalty = entry.row, entry.tricks, entry.row.penalty
    doubling = [m] if m > 1 else []
    if made:
        over = 0 if row.exact else max(0, tricks - row.need)
        parts: list[Any] = [_for_the_contract(penalty["made"])]
        if over and penalty["over"]:
            parts.append(tricks_part("over", over, penalty["over"]))
        factors = doubling
    else:
        under = 0 if row.exact else max(0, row.need - tricks)
        parts = [_for_the_contract(penalty["failed"])]
        if under and penalty["under"]:
            parts.append(tricks_part("short", under, penalty["under"]))
        factors = ([SOLO_FACTOR] if row.side == "alone" else []) + doubling
    if active is not None:
        got = contract_points(entry, active, m)[1]
        each = next(iter(got.values()))
    else:
        got = {s: p for s, p in enumerate(outcome["points"]) if p}
        each = max(got.values(), default=0)
    blind = players == 3 and BLIND_MAN in got
    group = [s for s in sorted(got) if not (players == 3 and s == BLIND_MAN)]
    figure = times(parts, factors) if len(parts) > 1 or factors else None
    lines = [gets_line(group, each, figure)] if group else []
    if not made and row.side == "alone":
        lines.append(
            pmsg("Rikken explanation", "A contract played alone and failed counts three times.")
        )
    if blind:
        lines.append(pmsg("Rikken explanation", "The blind man collects no points."))
    return lines


def _for_the_contract(points: int) -> Message:
    return pmsg("Rikken explanation", "%(points)s for the contract", points=points)


def _pot_lines(
    played: list[Played], outcome: Mapping[str, Any], active: list[int] | None, m: int
) -> list[Message]:
    """Several equal contracts at once share a pot (``penalty.pot_points``)."""
    entries = [entry for _settled, entry in played]
    lines = [
        npmsg(
            "Rikken explanation",
            "%(count)s contract at once share a pot.",
            "%(count)s contracts at once share a pot.",
            len(entries),
        )
    ]
    lines += [_said(entry, settled["made"]) for settled, entry in played]
    y = entries[0].row.penalty["made"]
    made = [e.declarer for e in entries if e.row.made(e.tricks)]
    if made:
        lines.append(
            npmsg(
                "Rikken explanation",
                "Each contract made puts %(factor)s × %(points)s = %(count)s penalty point in "
                "the pot.",
                "Each contract made puts %(factor)s × %(points)s = %(count)s penalty points in "
                "the pot.",
                POT_FACTOR * y,
                factor=POT_FACTOR,
                points=y,
            )
        )
    else:
        lines.append(pmsg("Rikken explanation", "No contract was made: the pot is empty."))
    if made and active is not None:
        sharers = [s for s in active if s not in made]
        pot = POT_FACTOR * y * len(made)
        if sharers:
            lines.append(
                npmsg(
                    "Rikken explanation",
                    "The pot, %(count)s penalty point, is shared by those who made no "
                    "contract: %(share)s each, rounded, halves up.",
                    "The pot, %(count)s penalty points, is shared by those who made no "
                    "contract: %(share)s each, rounded, halves up.",
                    pot,
                    share=pot_share(pot, len(sharers)),
                )
            )
        else:
            lines.append(
                pmsg("Rikken explanation", "Everybody made a contract: nobody shares the pot.")
            )
    if len(made) < len(entries):
        lines.append(
            npmsg(
                "Rikken explanation",
                "A declarer who failed also gets %(factor)s × %(points)s = %(count)s penalty "
                "point.",
                "A declarer who failed also gets %(factor)s × %(points)s = %(count)s penalty "
                "points.",
                POT_FACTOR * y,
                factor=POT_FACTOR,
                points=y,
            )
        )
    lines.append(pmsg("Rikken explanation", "In all, for the deal:"))
    lines += points_lines(outcome["points"])
    return lines
