"""Test data: players, a site with something on every page, a club's tournament registered and
drawn (club_tournament, drawn_event, drawn_table: the one set-up of a tournament the tests
share), and a club's ratings with a history."""

from decimal import Decimal

import factory
from django.contrib.auth import get_user_model

from games.models import Player, RatingList, Round, Table
from games.services import club_create, club_member_add, deal_record, match_create
from games.services.club_options import club_set_options
from games.services.deals import deal_replace
from games.services.presets import preset_create
from games.services.ratings import ratings_recompute
from games.services.rounds import round_draw_request, round_draw_run
from games.services.sessions import session_create, session_match_add, session_settle
from games.services.table_keys import table_keys
from games.services.tables import Confirmer, table_confirm
from games.services.tournaments import entrant_register, tournament_create


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    name = factory.Sequence(lambda n: f"Player {n}")
    known = True


# --- a site with something on every page -------------------------------------------------------

# One deal of each game, as an API client sends it (../shared/API.md).
FIRST_DEALS = {
    "marafon": {"battezzante": 0, "trump": "cups", "points": [7, 4]},
    "trionfo": {
        "first_speaker": 0,
        "bid": "chiamo",
        "declarer": 1,
        "trump": "coins",
        "called_card": {"rank": "3", "suit": "cups"},
        "partner": 3,
        "points": 7,
    },
    "malilla": {"dealer": 0, "turn_up": {"rank": "K", "suit": "cups"}, "totals": [43, 27]},
    "rikken": {
        "dealer": 0,
        "contracts": [
            {
                "contract": "rik",
                "declarer": 0,
                "partner": 2,
                "trump": "spades",
                "called": {"rank": "A", "suit": "hearts"},
                "tricks": 9,
            }
        ],
    },
    "etori": {
        "trump": "hearts",
        "honours": [9, 7],
        "aces": [["hearts"], ["spades", "clubs", "diamonds"]],
    },
}
# Bram (seat 1) plays rik with Cor, calling the ace of spades, and makes 8 tricks.
RIK_BRAM_WITH_COR = {
    "dealer": 0,
    "contracts": [
        {
            "contract": "rik",
            "declarer": 1,
            "partner": 2,
            "trump": "hearts",
            "called": {"rank": "A", "suit": "spades"},
            "tricks": 8,
        }
    ],
}
MISERE = {"contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]}
SEATED = {
    "marafon": ["Anna", "Bruno", "Carla", "Dario"],
    "trionfo": ["Anna", "Bruno", "Carla", "Dario", "Elena"],
    "malilla": ["Ana", "Beto", "Carmen", "Diego"],
    "rikken": ["Anna", "Bram", "Cor", "Dirk"],
    "etori": ["Aki", "Ben", "Chie", "Dai"],
}


def site_with_everything(django_user_model, capture_on_commit) -> dict:
    """Something on every page: a match of each game with a deal (and a penalty-points Rikken
    match from its house rules), an evening of two matches, a club with members, house rules, a
    rated Rikken tournament whose table was scored, corrected and confirmed, and a player with an
    account. Returns the ids the routes need (tests/routes.py ``fill``) and the phones' links."""
    director = django_user_model.objects.create_user("td_anna", password="pw-x-1234-long")
    club = club_create(name="De Zwaan", director=director)
    members = [club_member_add(club=club, name=n) for n in ("Joost", "Marieke", "Sanne", "Willem")]
    members[0].user = director
    members[0].save()
    preset_create(
        owner=director,
        club=club,
        game="rikken",
        name="Zwaan",
        rules={"contracts": ["rik", "rik_beter", "solo_8", "misere", "piek", "solo_9"]},
    )
    matches = {}
    for game, first in FIRST_DEALS.items():
        stake = Decimal("0.10") if game in ("rikken", "trionfo") else None
        created = match_create(game=game, players=SEATED[game], stake=stake)
        deal_record(match=created.match, raw=first)
        matches[game] = created
    penalty = match_create(game="rikken", players=SEATED["rikken"], preset="rikken-penalty-points")
    deal_record(match=penalty.match, raw={**MISERE, "dealer": 0})
    matches["penalty"] = penalty

    with capture_on_commit(execute=True):
        evening = session_create(
            players=[m.pk for m in members],
            game="rikken",
            stake=Decimal("0.10"),
            club=club,
            owner=director,  # only the club's people seat its members and name it (issue 26)
        )
        deal_record(match=evening.match, raw={**MISERE, "dealer": 0})
        session_match_add(session=evening.session, game="rikken")

    table = drawn_table(
        capture_on_commit, director=director, club=club, entrants=members, first_deal=None
    )
    tournament = table.round.tournament
    deal_record(match=table.match, raw={**FIRST_DEALS["rikken"]})
    deal_record(match=table.match, raw=MISERE)
    deal_replace(
        match=table.match,
        number=2,
        raw={**MISERE, "contracts": [{"contract": "misere", "declarer": 1, "tricks": 1}]},
        by="Sanne",
    )
    with capture_on_commit(execute=True):
        table_confirm(table=table, by="td_anna", confirmer=Confirmer(director=director))
    return {
        "director": director,
        "club": club,
        "members": members,
        "matches": matches,
        "evening": evening,
        "tournament": tournament,
        "table": table,
        "confirm_key": table_keys(table).confirmation,
        "scoring_key": table_keys(table).scoring,
    }


# --- a club tournament, registered and drawn ---------------------------------------------------

# A four-player Rikken drive of two rounds of four deals: the smallest event with one table.
DRIVE = {"game": "rikken", "format": "individual", "rounds": 2, "round_kind": "deals",
         "deals_per_round": 4}  # fmt: skip


DIRECTOR_PASSWORD = "pw-x-1234-long"


def director_user(username: str = "dir"):
    return get_user_model().objects.create_user(username, password=DIRECTOR_PASSWORD)


def club_tournament(*, director=None, club=None, name: str = "Drive", entrants=4, **options):
    """A club's tournament with its field registered: ``entrants`` is a count of players named
    P0, P1, ..., or a list of names, of known players (registered by id) or of (name, partner)
    pairs for a pairs event. Options default to ``DRIVE``."""
    director = director or director_user()
    club = club or club_create(name="De Zwaan", director=director)
    tournament = tournament_create(club=club, user=director, name=name, **{**DRIVE, **options})
    names = [f"P{n}" for n in range(entrants)] if isinstance(entrants, int) else entrants
    for entrant in names:
        if isinstance(entrant, tuple):
            entrant_register(tournament=tournament, name=entrant[0], partner_name=entrant[1])
        elif isinstance(entrant, Player):
            entrant_register(tournament=tournament, player_id=entrant.pk)
        else:
            entrant_register(tournament=tournament, name=entrant)
    return tournament


def drawn_event(capture_on_commit=None, *, director=None, **event):
    """A club tournament (``event`` goes to ``club_tournament``) with its first round drawn by
    the eager Celery of the tests: on ``capture_on_commit`` (pytest-django's
    ``django_capture_on_commit_callbacks``) when given, else at once where nothing holds the
    commit back (the browser tests' live server), else here, as the job would."""
    director = director or director_user()
    tournament = club_tournament(director=director, **event)
    if capture_on_commit is None:
        drawn = round_draw_request(tournament=tournament, user=director)
        if not Round.objects.get(pk=drawn.pk).tables.exists():  # the job waits for a commit
            round_draw_run(round_id=drawn.pk)
    else:
        with capture_on_commit(execute=True):
            round_draw_request(tournament=tournament, user=director)
    return tournament


def drawn_table(capture_on_commit=None, *, director=None, first_deal: dict | None = None, **event):
    """The first table of a tournament's first round (``drawn_event``), with its first deal
    scored if given; the table's round, tournament and match are loaded with it."""
    tournament = drawn_event(capture_on_commit, director=director, **event)
    table = (
        Table.objects.select_related("match", "round__tournament__club")
        .filter(round__tournament=tournament)
        .order_by("round__number", "number")
        .first()
    )
    if first_deal is not None:
        deal_record(match=table.match, raw=first_deal)
    return table


# --- a club's ratings with a history -------------------------------------------------------------

RATED = ("Ana", "Bo", "Cy", "Di")


def rated_club(*, director=None) -> dict:
    """A club whose Rikken ratings hold three results of its four members (``RATED``), their
    histories public: the confirmed table of the tournament "Drive" (round 1, table 1), then an
    evening of two matches, settled. In each, Bo plays a misère: made at the table (Bo alone
    first), failed in the evening's first match (Bo last), made in its second. The list is
    recomputed here rather than by the job queued on commit, so that any test can use it."""
    director = director or director_user()
    club = club_create(name="De Zwaan", director=director)
    club_set_options(club=club, rate_friendly_matches=True, public_histories=True)
    members = [club_member_add(club=club, name=name) for name in RATED]
    table = drawn_table(director=director, club=club, entrants=members)
    tournament = table.round.tournament
    # The draw seats the four anyhow: Bo's seat at the table is looked up.
    bo = table.match.seats.get(player=members[1]).number
    misere = {"contracts": [{"contract": "misere", "declarer": bo, "tricks": 0}], "dealer": 0}
    deal_record(match=table.match, raw=misere)
    table_confirm(table=table, by="", confirmer=Confirmer(director=director))
    evening = session_create(
        players=[m.pk for m in members], game="rikken", club=club, owner=director
    )
    failed = {"contracts": [{"contract": "misere", "declarer": 1, "tricks": 1}], "dealer": 0}
    deal_record(match=evening.match, raw=failed)
    session, second = session_match_add(session=evening.session)
    made = {"contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}], "dealer": 0}
    deal_record(match=second, raw=made)
    session_settle(session=session)
    rating_list = RatingList.objects.get(club=club, game="rikken")
    ratings_recompute(list_id=rating_list.pk, from_scratch=True)
    return {
        "director": director,
        "club": club,
        "members": members,
        "tournament": tournament,
        "table": table,
        "session": session,
        "list": rating_list,
    }
