"""Rikken's seats (RULES.md §4): who plays a deal and who sits it out. The words are those of
``game.py``.

- *seats*: the places in the payments, one a player; with three players a fourth for the
  *blind man* (seat 3), who never deals, bids, pays or receives.
- *sitting out*: with five players the dealer sits each deal out; with six the dealer and the
  player three seats after the dealer (across the table) do. They neither play nor pay, and
  special-game lists give them ``null``.
- *active*: the four seats that play a deal, in order of play.
"""

from __future__ import annotations

from ..messages import msg, seat_word

BLIND_MAN = 3
BLIND_MAN_DOES_NOT_BID = msg("The blind man (seat 3) does not bid.")
# Six at a table: the dealer and the player across, three seats on, sit each deal out.
ACROSS = 3


def seat_count(players: int) -> int:
    """Seats in the payments: with three players the blind man has seat 3."""
    return 4 if players == 3 else players


def sitting_out(dealer: int, players: int) -> tuple[int, ...]:
    """The seats that sit the deal dealt by ``dealer`` out, the dealer first."""
    if players == 5:
        return (dealer,)
    if players == 6:
        return (dealer, (dealer + ACROSS) % players)
    return ()


def active_seats(dealer: int, players: int) -> list[int]:
    """The four seats that play the deal, in order of play."""
    out = sitting_out(dealer, players)
    return [s for s in range(seat_count(players)) if s not in out]


def sits_out(seat: int, dealer: int | None = None) -> str:
    """A seat entered for a player who sits the deal out: the dealer (five or six players), or
    the player across from the dealer (six)."""
    if dealer is None or seat == dealer:
        return msg("%(seat)s deals and sits this deal out.", seat=seat_word(seat, capital=True))
    return msg(
        "%(seat)s sits this deal out: with six players the dealer and the player three seats "
        "after the dealer do.",
        seat=seat_word(seat, capital=True),
    )
