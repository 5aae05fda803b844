"""A rating change explained (issue 32 §2): a small made-up history of Ana's, rated by the
club's model (openskill's Plackett-Luce, as games.services.ratings folds results), and each
step said in English exactly. Pure: no database."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from games.names import FSI, PDI
from games.ratings_explain import (
    START,
    RatedResult,
    Side,
    Skill,
    evening_event,
    explain_rating_change,
    friendly_event,
    steps_before,
    table_event,
)
from games.rules.messages import Message

MEANING = (
    "The rating is a cautious estimate: skill minus three times the uncertainty (μ − 3σ); it "
    "rises as results come in and the uncertainty falls."
)


def named(*names: str) -> tuple[str, ...]:
    return names


def said(*names: str) -> str:
    """Names as the sentences write them: each isolated, partners joined by " & "."""
    return " & ".join(f"{FSI}{name}{PDI}" for name in names)


# Ana's history: each result's sides (names, place, score), Ana's side, the unit, and the
# sentences about the result itself. The model rates the same places (partners share theirs).
HISTORY = [
    (
        table_event("Drive", 1, 2),
        "units",
        (
            Side(named("Ana"), 1, 15),
            Side(named("Bo"), 2, -5),
            Side(named("Cy"), 2, -5),
            Side(named("Di"), 2, -5),
        ),
        [
            f"2026-03-05: {said('Drive')}, round 1, table 2.",
            "Place 1 of 4: +15 units.",
            f"The other places: {said('Bo')}: place 2, -5 units; {said('Cy')}: place 2, -5 "
            f"units; {said('Di')}: place 2, -5 units.",
        ],
    ),
    (
        evening_event(2),
        "games",
        (Side(named("Ana", "Bo"), 2, 1), Side(named("Cy", "Di"), 1, 2)),
        [
            "2026-03-12: Match 2 of the evening.",
            f"Lost to {said('Cy', 'Di')}: 1 game to 2 games.",
        ],
    ),
    (
        friendly_event(),
        "points",
        (Side(named("Ana", "Cy"), 1, 80), Side(named("Bo", "Di"), 1, 80)),
        [
            "2026-03-19: A friendly match.",
            f"Level with {said('Bo', 'Di')}: 80 points to 80 points.",
        ],
    ),
    (
        friendly_event(),
        "chips",
        (
            Side(named("Ana", "Bo"), 1, 1),
            Side(named("Cy", "Di"), 1, 1),
            Side(named("Ed", "Fe"), 3, -2),
        ),
        [
            "2026-03-26: A friendly match.",
            "Place 1 of 3, shared: +1 chip.",
            f"The other places: {said('Cy', 'Di')}: place 1, +1 chip; {said('Ed', 'Fe')}: "
            "place 3, -2 chips.",
        ],
    ),
]
DAYS = ["2026-03-05", "2026-03-12", "2026-03-19", "2026-03-26"]

# What the model made of each step, said: the rating (ordinal), skill and uncertainty before
# and after. Ana won the table alone (up), lost (down), was level with a stronger side (up a
# little: her uncertainty fell), shared the top of three (up).
NUMBERS = [
    [
        "Rating before and after: 0.00 → 3.00 (+3.00).",
        "Skill (μ) before and after: 25.000 → 27.795.",
        "Uncertainty (σ) before and after: 8.333 → 8.264.",
        "A first rated result: every player starts at skill 25.000, uncertainty 8.333, a rating "
        "of 0.00.",
    ],
    [
        "Rating before and after: 3.00 → 1.30 (-1.70).",
        "Skill (μ) before and after: 27.795 → 25.627.",
        "Uncertainty (σ) before and after: 8.264 → 8.109.",
    ],
    [
        "Rating before and after: 1.30 → 1.54 (+0.24).",
        "Skill (μ) before and after: 25.627 → 25.422.",
        "Uncertainty (σ) before and after: 8.109 → 7.959.",
    ],
    [
        "Rating before and after: 1.54 → 2.35 (+0.81).",
        "Skill (μ) before and after: 25.422 → 26.038.",
        "Uncertainty (σ) before and after: 7.959 → 7.896.",
    ],
]


def rated_by_the_model() -> list[Skill]:
    """Ana's skill after each result, folded as the club's ratings fold results."""
    model = PlackettLuce()
    ratings = {}
    after = []
    for _event, _unit, sides, _words in HISTORY:
        teams = [[ratings.setdefault(n, model.rating()) for n in side.names] for side in sides]
        rated = model.rate(teams, ranks=[side.place for side in sides])
        for side, members in zip(sides, rated, strict=True):
            ratings.update(zip(side.names, members, strict=True))
        after.append(Skill(ratings["Ana"].mu, ratings["Ana"].sigma))
    return after


def history() -> list[RatedResult]:
    after = rated_by_the_model()
    before = steps_before(after)
    return [
        RatedResult(
            day=day,
            event=event,
            unit=unit,
            sides=sides,
            mine=0,
            before=before[n],
            after=after[n],
            first=n == 0,
        )
        for n, (day, (event, unit, sides, _words)) in enumerate(zip(DAYS, HISTORY, strict=True))
    ]


@pytest.mark.parametrize("step", range(len(HISTORY)))
def test_each_step_says_the_result_the_places_and_the_rating_before_and_after(step):
    lines = explain_rating_change(history()[step])

    assert all(isinstance(line, Message) for line in lines)
    assert [str(line) for line in lines] == [*HISTORY[step][3], *NUMBERS[step], MEANING]


def test_each_step_starts_where_the_previous_one_ended():
    steps = history()

    assert steps[0].before == START
    assert [s.before for s in steps[1:]] == [s.after for s in steps[:-1]]
    assert steps_before([]) == []


def test_the_start_is_openskills_own():
    start = PlackettLuce().rating()

    assert (START.mu, START.sigma, START.rating) == (start.mu, start.sigma, start.ordinal())


def test_a_won_result_names_the_losers_and_the_score():
    result = RatedResult(
        day="2026-04-02",
        event=friendly_event(),
        unit="penalty_points",
        sides=(Side(named("Bo"), 2, 12), Side(named("Ana"), 1, 3)),
        mine=1,
        before=Skill(25, 8),
        after=Skill(26, 7.5),
    )

    lines = [str(line) for line in explain_rating_change(result)]

    assert lines[1] == f"Won against {said('Bo')}: 3 penalty points to 12 penalty points."
    assert lines[2] == "Rating before and after: 1.00 → 3.50 (+2.50)."
    assert "A first rated result" not in " ".join(lines)


def test_the_numbers_are_written_as_the_reader_writes_them():
    # A Dutch page's decimal comma, given by the Django side (games.translation.written_number).
    lines = explain_rating_change(history()[1], written=lambda text: text.replace(".", ","))

    assert "Rating before and after: 3,00 → 1,30 (-1,70)." in lines
    assert "Skill (μ) before and after: 27,795 → 25,627." in lines


def test_no_change_is_said_without_a_sign():
    same = Skill(25.0, 8.0)
    result = RatedResult("2026-04-02", friendly_event(), "points", (), None, same, same)

    lines = [str(line) for line in explain_rating_change(result)]

    # A result the match no longer tells (deleted since): the numbers are still said.
    assert lines[1] == "Rating before and after: 1.00 → 1.00 (0.00)."
