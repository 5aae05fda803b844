"""Re-seating the players of an individual event at new tables every round.

Vocabulary, used the same way in the whole package:

- *round*: one sitting of the event; every player sits at exactly one table in it.
- *table*: the players of one round who play together, listed in seat order (seat 0 first).
- *meeting*: two players at the same table in one round. A *repeat* is a meeting of two players
  who had already met, earlier in the plan or in the ``history`` (the rounds already played).
- *partners*: in partnership games at tables of 4, seats 0 and 2 play against seats 1 and 3.
- *table of 5*: a table of five in a game for four (Rikken): the dealer sits out each deal, so
  all five play, taking turns to sit out. Trionfo is played at tables of 5 throughout.
- *seat balance*: how evenly each player's seat numbers are spread over the rounds; the *spread*
  of a player is the most minus the fewest times they sat in a seat that every table has.

The draw is made in three steps. A greedy construction seats each round in turn next to players
not met yet; a tabu search then swaps players between tables of one round to remove the repeats
that are left (a repeat costs more the more often the pair has met, so three meetings of one pair
count worse than two pairs meeting twice); finally each table's players are put in seats so that
seat numbers are balanced. Everything is driven by ``random.Random(seed)`` and an iteration
budget, so the same input and seed give the same plan on any machine, unless ``time_limit``
stops the search first.

The package follows those steps: ``core`` holds the state of a draw and the cost of its repeats;
``construction``, ``search``, ``seats`` and ``report`` each add one phase's methods to it, and
``draw`` runs them in turn. Import from the package itself, not from its modules.
"""

from .construction import split_tables
from .core import PARTNER_WEIGHT, Player, Round, Table
from .draw import seat_rounds
from .report import RepeatedPair, SeatingPlan, SeatingReport
from .search import SAMPLE, SEARCH_EFFORT, SHAKE_SWAPS, STALL_ITERATIONS, TABU_TENURE
from .seats import SIDE_WALK, SIDE_WEIGHT

__all__ = [
    "PARTNER_WEIGHT",
    "SAMPLE",
    "SEARCH_EFFORT",
    "SHAKE_SWAPS",
    "SIDE_WALK",
    "SIDE_WEIGHT",
    "STALL_ITERATIONS",
    "TABU_TENURE",
    "Player",
    "RepeatedPair",
    "Round",
    "SeatingPlan",
    "SeatingReport",
    "Table",
    "seat_rounds",
    "split_tables",
]
