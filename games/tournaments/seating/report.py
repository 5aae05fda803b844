"""The last phase: the drawn plan, and a report of why it came out as it did."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.rules.messages import Message, msg, nmsg

from .core import DrawState, Player, Round


@dataclass(frozen=True)
class RepeatedPair:
    """Two players who meet (or partner) more than once; ``rounds`` numbers every round in which
    they did, history included (the first round of the history is round 1)."""

    players: tuple[Player, Player]
    times: int
    rounds: tuple[int, ...]


@dataclass(frozen=True)
class SeatingReport:
    """Why the draw came out as it did.

    ``repeats`` counts the meetings in the drawn rounds of players who had already met, and
    ``repeated_pairs`` lists those pairs. ``unavoidable_repeats`` is a lower bound: each player
    meets more people than the field holds (or has left unmet). ``seat_counts`` gives each player's
    times in each seat, history included; ``five_table_counts`` their rounds at a table of 5.
    """

    repeats: int
    repeated_pairs: tuple[RepeatedPair, ...]
    repeats_by_player: Mapping[Player, int]
    unavoidable_repeats: int
    partner_repeats: int
    repeated_partners: tuple[RepeatedPair, ...]
    seat_counts: Mapping[Player, tuple[int, ...]]
    seat_spread: int
    five_table_counts: Mapping[Player, int]
    stopped_by_time: bool
    notes: tuple[str, ...]


@dataclass(frozen=True)
class SeatingPlan:
    """The drawn rounds, numbered from ``first_round`` (one after the history)."""

    rounds: tuple[Round, ...]
    first_round: int
    report: SeatingReport


# Counts per pair of player indices (a square matrix), and round numbers keyed a * n + b, a < b.
Counts = list[list[int]]
RoundsOf = dict[int, list[int]]


class Report(DrawState):
    def plan(self, stopped: bool) -> SeatingPlan:
        """The seated rounds (see ``Seats.assign_seats``) as players, with their report."""
        roster, n = self.roster, self.n
        first = len(self.past) + 1
        rounds = tuple(
            tuple(tuple(roster[p] for p in seated) for seated in ordered) for ordered in self.order
        )
        new_meet, new_mate, met_rounds, mate_rounds = self._drawn_meetings(first)
        repeated, by_player, repeats = _repeats(roster, self.hist_meet, new_meet, met_rounds)
        if self.partners:
            mates, mate_repeats = self._partner_repeats(new_mate, mate_rounds)
        else:
            mates, mate_repeats = (), 0
        unavoidable = self._unavoidable(new_meet)
        common = min(self.sizes)
        spread = max(max(c[:common]) - min(c[:common]) for c in self.seats)
        fives = {roster[p]: self.fives[p] for p in range(n)}
        notes = self._notes(repeats, repeated, unavoidable, mate_repeats, mates, spread, stopped)
        report = SeatingReport(
            repeats=repeats,
            repeated_pairs=repeated,
            repeats_by_player={roster[p]: by_player[p] for p in range(n)},
            unavoidable_repeats=unavoidable,
            partner_repeats=mate_repeats,
            repeated_partners=mates,
            seat_counts={roster[p]: tuple(self.seats[p]) for p in range(n)},
            seat_spread=spread,
            five_table_counts=fives,
            stopped_by_time=stopped,
            notes=notes,
        )
        return SeatingPlan(rounds=rounds, first_round=first, report=report)

    def _drawn_meetings(self, first: int) -> tuple[Counts, Counts, RoundsOf, RoundsOf]:
        """Meetings and partnerships in the drawn rounds only (numbered from ``first``), and the
        rounds of each pair's meetings (history included) and drawn partnerships."""
        n = self.n
        new_meet = [[0] * n for _ in range(n)]
        new_mate = [[0] * n for _ in range(n)]
        met_rounds: RoundsOf = {k: list(v) for k, v in self.hist_rounds.items()}
        mate_rounds: RoundsOf = {}
        for number, ordered in enumerate(self.order, start=first):
            for seated in ordered:
                for i, a in enumerate(seated):
                    for j in range(i + 1, len(seated)):
                        b = seated[j]
                        new_meet[a][b] += 1
                        new_meet[b][a] += 1
                        met_rounds.setdefault(min(a, b) * n + max(a, b), []).append(number)
                        if self.partners and j - i == 2:
                            new_mate[a][b] += 1
                            new_mate[b][a] += 1
                            mate_rounds.setdefault(min(a, b) * n + max(a, b), []).append(number)
        return new_meet, new_mate, met_rounds, mate_rounds

    def _partner_repeats(
        self, new_mate: Counts, mate_rounds: RoundsOf
    ) -> tuple[tuple[RepeatedPair, ...], int]:
        """The pairs who partner again, and how many times they do."""
        rounds_of = self._past_partner_rounds()
        for key, numbers in mate_rounds.items():
            rounds_of.setdefault(key, []).extend(numbers)
        mates, _, mate_repeats = _repeats(self.roster, self.hist_mate, new_mate, rounds_of)
        return mates, mate_repeats

    def _past_partner_rounds(self) -> RoundsOf:
        """The history's rounds in which each pair of players still in the event partnered."""
        n, index = self.n, self.index
        rounds_of: RoundsOf = {}
        for number, tables in enumerate(self.past, start=1):
            for table in tables:
                if len(table) != 4:
                    continue
                for x, y in ((table[0], table[2]), (table[1], table[3])):
                    if x in index and y in index:
                        i, j = sorted((index[x], index[y]))
                        rounds_of.setdefault(i * n + j, []).append(number)
        return rounds_of

    def _unavoidable(self, new_meet: Counts) -> int:
        """Each player's meetings in the drawn rounds, less the players they have not met yet."""
        n, hist = self.n, self.hist_meet
        total = 0
        for a in range(n):
            meetings = sum(new_meet[a])
            unmet = sum(1 for b in range(n) if b != a and hist[a][b] == 0)
            total += max(0, meetings - unmet)
        return (total + 1) // 2

    def _notes(
        self,
        repeats: int,
        repeated: tuple[RepeatedPair, ...],
        unavoidable: int,
        mate_repeats: int,
        mates: tuple[RepeatedPair, ...],
        spread: int,
        stopped: bool,
    ) -> tuple[Message, ...]:
        """The report's sentences for the director, in the order they read best."""
        notes = self._layout_notes()
        notes += _repeat_notes(repeats, repeated, unavoidable)
        if self.partners:
            if mate_repeats == 0:
                notes.append(msg("Nobody has the same partner twice."))
            else:
                notes.append(
                    nmsg(
                        "%(count)s pair partners each other again.",
                        "%(count)s pairs partner each other again.",
                        len(mates),
                    )
                )
        if spread <= 1:
            notes.append(msg("Each player's seat counts differ by at most one."))
        else:
            notes.append(
                msg(
                    "Some player sits in one seat %(spread)s times more than in another.",
                    spread=spread,
                )
            )
        if stopped:
            notes.append(msg("The search stopped at the time limit; a longer one may do better."))
        return tuple(notes)

    def _layout_notes(self) -> list[Message]:
        """The field and its tables; with tables of 4 and 5, how often each player sits at a 5."""
        n, sizes = self.n, self.sizes
        fours, fives = sizes.count(4), sizes.count(5)
        layout = []
        if fours:
            layout.append(nmsg("%(count)s table of 4", "%(count)s tables of 4", fours))
        if fives:
            layout.append(nmsg("%(count)s table of 5", "%(count)s tables of 5", fives))
        if sizes.count(6):
            # Rikken's six: the dealer and the player across sit each deal out.
            layout.append(nmsg("%(count)s table of 6", "%(count)s tables of 6", sizes.count(6)))
        tables = (
            layout[0]
            if len(layout) == 1
            else msg("%(first)s and %(second)s", first=layout[0], second=layout[1])
        )
        notes = [
            nmsg(
                "%(count)s player, %(tables)s in each round.",
                "%(count)s players, %(tables)s in each round.",
                n,
                tables=tables,
            )
            if self.rounds == 1
            else nmsg(
                "%(count)s player, %(tables)s in each of %(rounds)s rounds.",
                "%(count)s players, %(tables)s in each of %(rounds)s rounds.",
                n,
                tables=tables,
                rounds=self.rounds,
            )
        ]
        if fives and fours:
            low, high = min(self.fives), max(self.fives)
            times = (
                nmsg("%(count)s time", "%(count)s times", low)
                if low == high
                else msg("%(low)s to %(high)s times", low=low, high=high)
            )
            if self.past:
                notes.append(
                    nmsg(
                        "%(players)s is not a multiple of 4, so %(count)s table of 5 (the dealer "
                        "sits out each deal); each player sits at one %(times)s, history included.",
                        "%(players)s is not a multiple of 4, so %(count)s tables of 5 (the dealer "
                        "sits out each deal); each player sits at one %(times)s, history included.",
                        fives,
                        players=n,
                        times=times,
                    )
                )
            else:
                notes.append(
                    nmsg(
                        "%(players)s is not a multiple of 4, so %(count)s table of 5 (the dealer "
                        "sits out each deal); each player sits at one %(times)s.",
                        "%(players)s is not a multiple of 4, so %(count)s tables of 5 (the dealer "
                        "sits out each deal); each player sits at one %(times)s.",
                        fives,
                        players=n,
                        times=times,
                    )
                )
        return notes


def _repeat_notes(
    repeats: int, repeated: Sequence[RepeatedPair], unavoidable: int
) -> list[Message]:
    if repeats == 0:
        return [msg("Nobody meets a player they have met before.")]
    worst = max(p.times for p in repeated)
    notes = [
        nmsg(
            "%(count)s pair of players meets again (%(meetings)s; the most often any pair meets "
            "is %(worst)s).",
            "%(count)s pairs of players meet again (%(meetings)s; the most often any pair meets "
            "is %(worst)s).",
            len(repeated),
            meetings=nmsg("%(count)s repeat meeting", "%(count)s repeat meetings", repeats),
            worst=worst,
        )
    ]
    if unavoidable:
        notes.append(
            nmsg(
                "At least %(count)s repeat meeting is unavoidable: players meet more people than "
                "the field has left to meet.",
                "At least %(count)s repeat meetings are unavoidable: players meet more people "
                "than the field has left to meet.",
                unavoidable,
            )
        )
    return notes


def _repeats(
    roster: Sequence[Player], hist: Counts, new: Counts, rounds_of: RoundsOf
) -> tuple[tuple[RepeatedPair, ...], list[int], int]:
    """Pairs that meet in a drawn round after having met before; and the count of such
    meetings, overall and per player."""
    n = len(roster)
    repeated = []
    by_player = [0] * n
    total = 0
    for a in range(n):
        row_new, row_hist = new[a], hist[a]
        for b in range(a + 1, n):
            k = row_new[b]
            if not k:
                continue
            # A pair that had not met before meets again only from its second drawn meeting on.
            again = k if row_hist[b] else k - 1
            if again:
                total += again
                by_player[a] += again
                by_player[b] += again
                repeated.append(
                    RepeatedPair(
                        players=(roster[a], roster[b]),
                        times=k + row_hist[b],
                        rounds=tuple(rounds_of[a * n + b]),
                    )
                )
    repeated.sort(key=lambda p: -p.times)
    return tuple(repeated), by_player, total
