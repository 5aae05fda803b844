"""The services keep the cached state equal to a fold over the stored deals."""

import pytest

from games.models import Deal, Match
from games.rules import fold, get_game
from games.services import (
    Conflict,
    StaleVersion,
    deal_record,
    deal_replace,
    deal_undo,
    match_create,
    match_recompute,
)
from games.tasks import recompute_match

pytestmark = pytest.mark.django_db

DEALS = [
    {"battezzante": 1, "trump": "coins", "points": [6, 5]},
    {"trump": "cups", "points": [2, 9], "marafona": 3},
    {
        "trump": "clubs",
        "cards": [{"aces": 4, "figures": 2}, {"aces": 0, "figures": 18}],
        "last_trick": 1,
    },
]


def new_match(**rules) -> Match:
    return match_create(game="marafon", players=["A", "B", "C", "D"], rules=rules).match


def refolded(match: Match):
    game = get_game(match.game)
    options = game.options_from_data(match.rules)
    inputs = list(
        Deal.objects.filter(match=match).order_by("number").values_list("input", flat=True)
    )
    state, steps = fold(game, options, match.setup, inputs)
    return game.state_to_data(state), [s.outcome for s in steps]


def stored(match: Match):
    match.refresh_from_db()
    outcomes = list(
        Deal.objects.filter(match=match).order_by("number").values_list("outcome", flat=True)
    )
    return match.state, outcomes


def test_record_replace_and_undo_keep_the_cache_equal_to_the_fold():
    match = new_match()
    for raw in DEALS:
        deal_record(match=match, raw=raw)
    assert stored(match) == refolded(match)

    deal_replace(match=match, number=2, raw={"trump": "cups", "points": [11, 0]})
    assert stored(match) == refolded(match)

    deal_undo(match=match, number=3)
    assert stored(match) == refolded(match)
    assert match.version == 5


def test_a_stale_version_is_refused_before_anything_is_written():
    match = new_match()
    deal_record(match=match, raw=DEALS[0])

    with pytest.raises(StaleVersion):
        deal_record(match=match, raw=DEALS[1], expected_version=0)

    assert Deal.objects.filter(match=match).count() == 1


def test_undo_of_an_earlier_deal_is_a_conflict():
    match = new_match()
    for raw in DEALS:
        deal_record(match=match, raw=raw)

    with pytest.raises(Conflict):
        deal_undo(match=match, number=1)


def test_recompute_repairs_a_damaged_cache_and_moves_the_version():
    match = new_match()
    for raw in DEALS:
        deal_record(match=match, raw=raw)
    good = stored(match)
    Match.objects.filter(pk=match.pk).update(state={**match.state, "scores": [0, 0]})
    Deal.objects.filter(match=match, number=2).update(outcome={})

    match_recompute(match_id=match.pk)

    assert stored(match) == good
    assert match.version == 4


def test_recompute_of_a_consistent_match_changes_nothing():
    match = new_match()
    deal_record(match=match, raw=DEALS[0])

    version = recompute_match.delay(match.pk).get()

    assert version == 1
    match.refresh_from_db()
    assert match.version == 1


def test_a_lost_standings_message_is_caught_up_by_the_sweep(django_user_model):
    from django.utils import timezone

    from games.models import Club, Tournament
    from games.tasks import sweep_dirty_standings

    club = Club.objects.create(name="Z", slug="z")
    tournament = Tournament.objects.create(
        club=club,
        name="T",
        game="rikken",
        rules={},
        format="individual",
        rounds=1,
        round_kind="deals",
        deals_per_round=4,
        standings_dirty=True,
        standings_requested_at=timezone.now(),
    )

    swept = sweep_dirty_standings()

    tournament.refresh_from_db()
    assert swept == 1
    assert tournament.standings_dirty is False
    assert tournament.standings_computed_at is not None


def test_several_members_are_added_all_or_none(django_user_model):
    from games.models import Player
    from games.rules import RuleViolation
    from games.services import club_create, club_members_add_many

    club = club_create(name="De Zwaan", director=django_user_model.objects.create_user("d"))
    club_members_add_many(club=club, names=["Anna", "Bram"])

    with pytest.raises(RuleViolation) as twice:
        club_members_add_many(club=club, names=["Cor", "anna"])
    with pytest.raises(RuleViolation) as blank:
        club_members_add_many(club=club, names=["Dirk", " "])

    assert "Line 2 (anna): already a member of De Zwaan." in str(twice.value.errors)
    assert "Line 2: Enter the member's name." in str(blank.value.errors)
    assert sorted(club.members.values_list("name", flat=True)) == ["Anna", "Bram"]
    assert not Player.objects.filter(name__in=["Cor", "Dirk"]).exists()
