"""Settle-up of money games: each player's balance in units and money, and the fewest transfers
that pay everybody. Reads only; nothing is stored."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from django.utils.translation import gettext as _

from games.models import Match
from games.rules import GAMES, RuleViolation
from games.rules.settlement import minimal_transfers, to_money


def _money(value: Decimal | None) -> str | None:
    return None if value is None else f"{value:.2f}"


def _settle(
    people: list[dict[str, Any]], units: list[int], money: list[Decimal] | None
) -> dict[str, Any]:
    """``money`` holds each person's exact (unrounded) amount when the games had a stake."""
    rate = None if money is None else _one_rate(units, money)
    # Transfers are found on exact values: units when one stake applies to all, else money.
    in_units = money is None or rate is not None
    basis = units if in_units else money
    transfers = []
    for t in minimal_transfers(dict(enumerate(basis))):
        if in_units:
            amount = None if rate is None else _money(to_money(t.value, rate))
            transfers.append({"from": t.payer, "to": t.payee, "units": t.value, "amount": amount})
        else:
            transfers.append(
                {
                    "from": t.payer,
                    "to": t.payee,
                    "units": None,
                    "amount": _money(to_money(t.value, Decimal(1))),
                }
            )
    balances = []
    rounded_total = Decimal(0)
    for index, (person, person_units) in enumerate(zip(people, units, strict=True)):
        amount = None
        if money is not None:
            amount = to_money(money[index], Decimal(1))
            rounded_total += amount
        balances.append({**person, "units": person_units, "amount": _money(amount)})
    return {
        "balances": balances,
        "transfers": transfers,
        # Money is rounded to the cent only here, at the end; this is what rounding left over.
        "rounding_difference": _money(rounded_total) if money is not None else None,
    }


def _stake_text(stake: Decimal) -> str:
    """At least two decimals, as money is written: 0.10, 0.125."""
    stake = stake.normalize()
    return f"{stake:.2f}" if stake.as_tuple().exponent >= -2 else f"{stake:f}"


def _one_rate(units: Sequence[int], money: Sequence[Decimal]) -> Decimal | None:
    """The stake when every amount is units times the same stake."""
    rates = {m / u for u, m in zip(units, money, strict=True) if u}
    if len(rates) == 1:
        return rates.pop()
    if not rates and not any(money):
        return Decimal(0)
    return None


def _check_money_game(match: Match) -> None:
    engine = GAMES[match.game]
    if not engine.money:
        raise RuleViolation.at(
            "match",
            _("%(game)s is not played for money: there is nothing to settle.")
            % {"game": match.game_name},
        )
    if not engine.plays_for_money(engine.options_from_data(match.rules)):
        raise RuleViolation.at(
            "match",
            _(
                "This match is scored in penalty points, not money: there is nothing to settle; "
                "the lowest total wins."
            ),
        )


def match_settlement(match: Match) -> dict[str, Any]:
    """Every seat's balance and the transfers that settle the match."""
    _check_money_game(match)
    seats = list(match.seats.all())
    balances = GAMES[match.game].seat_totals(match.state).values
    units = [balances[seat.number] for seat in seats]
    people = [{"seat": seat.number, "name": seat.player.name} for seat in seats]
    stake = match.stake
    money = None if stake is None else [Decimal(u) * stake for u in units]
    # The blind man of three-handed Rikken has no seat row and no balance to settle.
    result = _settle(people, units, money)
    for transfer in result["transfers"]:
        transfer["from"] = seats[transfer["from"]].number
        transfer["to"] = seats[transfer["to"]].number
    stake_text = None if stake is None else _stake_text(stake)
    return {"match": match.public_id, "stake": stake_text, **result}


def person_key(seat) -> tuple[str, Any]:
    """Known players are the same person by id across matches; guests by name."""
    player = seat.player
    return ("id", player.pk) if player.known else ("name", player.name.casefold())


def evening_settlement(matches: Sequence[Match]) -> dict[str, Any]:
    """Several matches of the same people settled together."""
    for match in matches:
        _check_money_game(match)
    staked = {match.stake is not None for match in matches}
    if len(staked) > 1:
        raise RuleViolation.at("matches", _("Settle matches that all have a stake, or none."))
    people: dict[tuple[str, Any], dict[str, Any]] = {}
    units: dict[tuple[str, Any], int] = {}
    money: dict[tuple[str, Any], Decimal] = {}
    for match in matches:
        balances = GAMES[match.game].seat_totals(match.state).values
        for seat in match.seats.all():
            key = person_key(seat)
            people.setdefault(
                key,
                {"name": seat.player.name, "player": seat.player.pk if seat.player.known else None},
            )
            balance = balances[seat.number]
            units[key] = units.get(key, 0) + balance
            if match.stake is not None:
                money[key] = money.get(key, Decimal(0)) + Decimal(balance) * match.stake
    keys = list(people)
    result = _settle(
        [people[k] for k in keys],
        [units[k] for k in keys],
        [money[k] for k in keys] if staked == {True} else None,
    )
    return {"matches": [m.public_id for m in matches], **result}
