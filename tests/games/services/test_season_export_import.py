"""A club's evenings and seasons in its export and import (issue 32 §1): the seasons' names,
dates, scheme and options, counting rules and prizes, and their events named by the document's
own ids, come back, and so does the standing, worked out again; a season section that cannot be
imported is refused at its field and writes nothing."""

from __future__ import annotations

import copy
from datetime import date, timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from games.models import (
    Club,
    Match,
    RatingList,
    Season,
    SeasonEvent,
    SeasonLine,
    Session,
    SessionTransfer,
)
from games.services import deal_record
from games.services.import_checks import ImportRefused
from games.services.imports import document_import
from games.services.season_standing import season_recompute
from games.services.seasons import season_create, season_event_add
from games.services.sessions import session_create, session_settle, session_transfer_paid
from tests.factories import rated_club
from tests.games.services.test_export_import import (
    _set,
    comparable,
    export,
    leaves,
    mangled_imports,
    row_counts,
)

pytestmark = pytest.mark.django_db

MADE = {"contracts": [{"contract": "misere", "declarer": 2, "tricks": 0}], "dealer": 0}


@pytest.fixture
def club():
    """``rated_club`` (the tournament Drive, an evening of two matches) with a second evening,
    played for money and settled, one transfer paid; and two seasons: Winter counts Drive and
    the first evening on the field size, best 2, prizes 1 and 2 and a booby prize; Evenings is a
    ladder of match points over every club evening of Rikken (the second, as the first counts
    in Winter)."""
    made = rated_club()
    director, members = made["director"], made["members"]
    second = session_create(
        players=[m.pk for m in members],
        game="rikken",
        stake=Decimal("0.25"),
        club=made["club"],
        owner=director,
    )
    deal_record(match=second.match, raw=MADE)
    session_settle(session=second.session)
    session_transfer_paid(session=second.session, number=1, user=director)
    today = timezone.localdate()
    days = {"starts_on": today - timedelta(days=30), "ends_on": today + timedelta(days=30)}
    winter = season_create(
        club=made["club"], user=director, name="Winter", **days, public=True,
        scheme="field_size", scheme_options={"per_place": 2, "base": 0}, best=2, min_events=1,
        prizes=[1, 2], booby=True,
    )  # fmt: skip
    season_event_add(season=winter, user=director, tournament=made["tournament"].public_id)
    season_event_add(season=winter, user=director, session=made["session"].public_id)
    evenings = season_create(
        club=made["club"], user=director, name="Evenings", **days, scheme="match_points",
        ladder=True, evenings_of="rikken",
    )  # fmt: skip
    for season in (winter, evenings):
        season_recompute(season_id=season.pk)
    return made["club"]


def standing(season: Season) -> list[dict]:
    """The standing by name (member ids are renewed), and each member's results, their events
    by their place in the season (a copy's events have other ids)."""
    season = Season.objects.get(pk=season.pk)
    lines = {line.member_id: line.results for line in SeasonLine.objects.filter(season=season)}
    order = {e["key"]: n for n, e in enumerate(season.chart["events"])}
    return [
        {
            **{k: v for k, v in row.items() if k != "member"},
            "events": [{**r, "event": order[r["event"]]} for r in lines[row["member"]]],
        }
        for row in season.standing
    ]


def event_ids(season: Season) -> list[str]:
    return [e["id"] for e in Season.objects.get(pk=season.pk).chart["events"]]


def standings(club: Club) -> dict[str, list]:
    return {season.name: standing(season) for season in club.seasons.all()}


def gone(club: Club) -> None:
    """The club and everything of it deleted, as on another server."""
    sessions = Session.objects.filter(club=club)
    matches = list(Match.objects.filter(session_entry__session__in=sessions))
    matches += list(Match.objects.filter(table__round__tournament__club=club))
    sessions.delete()
    from games.models import Table

    Table.objects.filter(round__tournament__club=club).delete()
    Match.objects.filter(pk__in=[m.pk for m in matches]).delete()
    club.delete()


def by_names(document: dict) -> dict:
    """``comparable`` for a club with evenings: their players, seats and transfers by name."""
    document = copy.deepcopy(document)
    names = {p["id"]: p["name"] for p in document["players"]}
    for evening in document["club"]["evenings"]:
        evening["players"] = [names[p] for p in evening["players"]]
        for entry in evening["matches"]:
            entry["match"]["seats"] = [names[p] for p in entry["match"]["seats"]]
        for transfer in evening["transfers"]:
            transfer["payer"], transfer["payee"] = (
                names[transfer["payer"]],
                names[transfer["payee"]],
            )
    return comparable(document)


def test_a_club_with_seasons_comes_back_with_the_same_standing(
    club, django_capture_on_commit_callbacks
):
    document = export("club", club.slug)
    before = standings(club)
    assert before["Winter"][0]["prize"] == 1 and len(before["Evenings"]) == 4
    counted = event_ids(club.seasons.get(name="Evenings"))
    assert counted == [document["club"]["evenings"][1]["id"]]
    gone(club)

    with django_capture_on_commit_callbacks(execute=True):
        imported = document_import(document)

    moved = Club.objects.get(slug=club.slug)
    assert standings(moved) == before
    # Its ratings are worked out again once the import commits, each game it played.
    evenings = Match.objects.filter(session_entry__session__club=moved)
    played = {t.game for t in moved.tournaments.all()} | {m.game for m in evenings}
    lists = RatingList.objects.filter(club=moved)
    assert {rating_list.game for rating_list in lists} == played != set()
    assert not lists.filter(dirty=True).exists()
    assert event_ids(moved.seasons.get(name="Evenings")) == counted
    assert by_names(export("club", club.slug)) == by_names(document)
    assert [e for e, _key in imported.evenings] == [e["id"] for e in document["club"]["evenings"]]
    assert not moved.seasons.filter(standing_dirty=True).exists()
    paid = SessionTransfer.objects.filter(session__club=moved, paid_at__isnull=False)
    assert paid.count() == 1


def test_the_document_names_each_seasons_rules_and_events_by_its_own_ids(club):
    document = export("club", club.slug)
    winter, evenings = sorted(document["club"]["seasons"], key=lambda s: s["name"] != "Winter")
    tournament = document["club"]["tournaments"][0]["id"]
    first_evening = document["club"]["evenings"][0]["id"]

    assert {k: winter[k] for k in ("scheme", "scheme_options", "best", "drop", "min_events")} == {
        "scheme": "field_size",
        "scheme_options": {"per_place": 2, "base": 0},
        "best": 2,
        "drop": 0,
        "min_events": 1,
    }
    assert (winter["prizes"], winter["booby"], winter["public"]) == ([1, 2], True, True)
    assert [(e["tournament"], e["evening"]) for e in winter["events"]] == [
        (tournament, None),
        (None, first_evening),
    ]
    assert (evenings["ladder"], evenings["evenings_of"], evenings["events"]) == (
        True,
        "rikken",
        [],
    )
    assert date.fromisoformat(winter["starts_on"]) < date.fromisoformat(winter["ends_on"])
    assert "standing" not in winter  # a cache: worked out again on import


def test_an_imported_evening_takes_deals_with_its_new_edit_key(club, client):
    document = export("club", club.slug)
    gone(club)
    evening_id, key = document_import(document).evenings[0]

    page = client.get(f"/s/{evening_id}/edit/{key}/", follow=True)

    assert page.status_code == 200
    session = Session.objects.get(public_id=evening_id)
    hashes = set(Match.objects.filter(session_entry__session=session).values_list(
        "edit_key_hash", flat=True))  # fmt: skip
    assert hashes == {session.edit_key_hash}


def test_a_copy_under_new_ids_beside_the_original(club):
    document = export("club", club.slug)
    before = row_counts()

    with pytest.raises(ImportRefused, match="already a match"):
        document_import(document, slug="kopie")
    assert row_counts() == before

    document_import(document, slug="kopie", new_ids=True)

    copy_ = Club.objects.get(slug="kopie")
    assert standings(copy_) == standings(club)
    assert SeasonEvent.objects.filter(season__club=copy_).count() == 2


def first_season(document: dict) -> dict:
    return next(s for s in document["club"]["seasons"] if s["name"] == "Winter")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s.update(scheme="guesswork"), "seasons[0].scheme: "),
        (lambda s: s.update(scheme_options={"per_place": 0}), "seasons[0].scheme_options: "),
        (lambda s: s.update(scheme_options={"colour": 1}), "seasons[0].scheme_options: "),
        (lambda s: s.update(prizes=[2, 1]), "seasons[0].prizes: "),
        (lambda s: s.update(prizes=[1, "2"]), "seasons[0].prizes: must be a list of places"),
        (lambda s: s.update(ends_on="2000-01-01"), "seasons[0].ends_on: "),
        (lambda s: s.update(starts_on="March"), "seasons[0].starts_on: must be a day"),
        (lambda s: s.update(best=0), "seasons[0].best: must be a whole number from 1"),
        (lambda s: s.update(evenings_of="poker"), "seasons[0].evenings_of: "),
        (lambda s: s.update(name=""), "seasons[0].name: "),
        (lambda s: s.update(public="yes"), "seasons[0].public: must be true or false"),
        (lambda s: s["events"][0].update(tournament="nowhere"), "no tournament 'nowhere'"),
        (lambda s: s["events"][0].update(evening="x"), "names one tournament or one evening"),
        (lambda s: s["events"].append(dict(s["events"][0])), "counts in one season at most"),
        (lambda s: s.update(colour="red"), "does not know: document.club.seasons[0].colour"),
        (lambda s: s.update(scheme_options={"per_place": 2}), "the scheme's every option"),
    ],
)
def test_a_bad_season_is_refused_at_its_field_and_nothing_is_written(club, change, message):
    document = export("club", club.slug)
    document["club"]["seasons"].sort(key=lambda s: s["name"] != "Winter")
    change(first_season(document))
    gone(club)
    before = row_counts()

    with pytest.raises(ImportRefused) as refused:
        document_import(document)

    assert message in str(refused.value)
    assert row_counts() == before


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (_set(["players"], [1, 1]), "evenings[0].players: must name 1 to 12 players"),
        (_set(["closed_at"], None), "transfers once it is settled"),
        (_set(["matches", 0, "number"], 2), "evenings[0].matches[0].number: must be 1"),
        (_set(["transfers", 0, "payer"], 999999), "transfers[0].payer: must be a player"),
        (_set(["transfers", 0, "amount"], "-1"), "transfers[0].amount: must be a decimal"),
        (_set(["owner"], ""), "evenings[0].owner: must be a string of 1"),
        (_set(["id"], "a/b"), "evenings[0].id: must be letters"),
    ],
)
def test_a_bad_evening_is_refused_at_its_field_and_nothing_is_written(club, change, message):
    document = export("club", club.slug)
    settled = next(e for e in document["club"]["evenings"] if e["transfers"])
    document["club"]["evenings"] = [settled, *(e for e in document["club"]["evenings"]
                                               if e is not settled)]  # fmt: skip
    change(settled)
    gone(club)
    before = row_counts()

    with pytest.raises(ImportRefused) as refused:
        document_import(document)

    assert message in str(refused.value)
    assert row_counts() == before


def test_an_evening_or_a_season_that_exists_here_is_refused(club):
    document = export("club", club.slug)
    # The club's slug and its tournament's and matches' ids freed: an evening holds its id
    # still, then a season. (A copy under new ids goes in beside them: see above.)
    Club.objects.filter(pk=club.pk).update(slug="elsewhere")
    club.tournaments.update(public_id="renamed")
    for match in Match.objects.all():
        Match.objects.filter(pk=match.pk).update(public_id=f"m{match.pk}")
    before = row_counts()

    with pytest.raises(ImportRefused, match=r"already an evening .*--new-ids"):
        document_import(document)
    for session in Session.objects.all():
        Session.objects.filter(pk=session.pk).update(public_id=f"s{session.pk}")
    with pytest.raises(ImportRefused, match=r"already a season .*--new-ids"):
        document_import(document)

    assert row_counts() == before


def test_a_club_document_from_before_seasons_still_imports(club):
    document = export("club", club.slug)
    del document["club"]["evenings"], document["club"]["seasons"]
    gone(club)

    document_import(document)

    moved = Club.objects.get(slug=club.slug)
    assert not moved.seasons.exists() and not moved.sessions.exists()


def in_the_new_sections(place: tuple) -> bool:
    """A place in the club's seasons or evenings, but not inside an evening's match: a match's
    own checks are the match import's, fuzzed with the tournaments'."""
    return place[:2] in (("club", "seasons"), ("club", "evenings")) and "match" not in place


@pytest.mark.slow
def test_a_mangled_season_or_evening_is_imported_or_refused_clearly_never_a_crash(club):
    document = export("club", club.slug)
    places = [p for p in leaves(document) if in_the_new_sections(p)]

    outcomes = mangled_imports(document, places, 60, new_ids=True, slug=lambda n: f"copy-{n}")

    assert outcomes["refused"] > 30 and outcomes["imported"] > 0
