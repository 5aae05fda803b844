"""The way play goes round the table (RULES.md §0), and a table that keeps its chairs from one
game to the next: seats are numbered in the order of play, so a game going the other way reads
the same chairs in the other order."""

import itertools

import pytest

from games.rules import GAMES
from games.rules.base import Direction, order_of_play_from

NAMES = "ABCDEF"


def chairs(order: list[str], direction: Direction) -> dict[str, int]:
    """Each player's chair, numbered anticlockwise from seat 0's chair."""
    n = len(order)
    step = 1 if direction is Direction.ANTICLOCKWISE else -1
    return {player: (step * seat) % n for seat, player in enumerate(order)}


def test_each_game_plays_the_way_rules_say():
    # given RULES.md §0: anticlockwise for Marafon, Trionfo, Malilla, Etori; clockwise Rikken
    expected = {
        "marafon": Direction.ANTICLOCKWISE,
        "trionfo": Direction.ANTICLOCKWISE,
        "malilla": Direction.ANTICLOCKWISE,
        "etori": Direction.ANTICLOCKWISE,
        "rikken": Direction.CLOCKWISE,
    }
    # then
    assert {slug: GAMES[slug].direction for slug in expected} == expected


PAIRS = [
    (before, after, n)
    for before, after in itertools.product(sorted(GAMES), repeat=2)
    # a table of three to six that played ``before`` and stays to play ``after``
    for n in (3, 4, 5, 6)
]


@pytest.mark.parametrize(("before", "after", "n"), PAIRS)
def test_every_pair_of_games_keeps_everyone_in_their_chair(before, after, n):
    # given a table of n in the order of play of the game before
    was, now = GAMES[before].direction, GAMES[after].direction
    seated = list(NAMES[:n])
    # when the next game is seated
    order = order_of_play_from(seated, was=was, now=now)
    # then everybody is where they sat, the first seat first, and the next player is the
    # next one round the table in the new game's direction
    assert chairs(order, now) == chairs(seated, was)
    assert order[0] == seated[0]
    assert sorted(order) == sorted(seated)
    assert (order == seated) == (was is now)


def test_four_players_reverse_and_partners_stay_opposite():
    # given Marafon's table, partners A-C and B-D
    seated = ["A", "B", "C", "D"]
    # when Rikken follows, and then Marafon again
    rikken = order_of_play_from(
        seated, was=GAMES["marafon"].direction, now=GAMES["rikken"].direction
    )
    back = order_of_play_from(rikken, was=GAMES["rikken"].direction, now=GAMES["marafon"].direction)
    # then Rikken goes the other way round, and Marafon's partners are still opposite
    assert rikken == ["A", "D", "C", "B"]
    assert back == seated
    assert {rikken[0], rikken[2]} == {"A", "C"} and {rikken[1], rikken[3]} == {"B", "D"}


def test_five_and_six_players_reverse_round_the_first_seat():
    clockwise, anticlockwise = Direction.CLOCKWISE, Direction.ANTICLOCKWISE
    # Trionfo's five, then Rikken's five (the dealer sitting out)
    assert order_of_play_from(list("ABCDE"), was=anticlockwise, now=clockwise) == list("AEDCB")
    # Etori's six, then a game going the other way
    assert order_of_play_from(list("ABCDEF"), was=anticlockwise, now=clockwise) == list("AFEDCB")
