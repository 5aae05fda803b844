"""Malilla through the REST contract (API.md): set-up with the albur, deal input, outcome and
state shapes, refusals that change nothing, the end of the game and corrections."""

import pytest

from games.models import Deal, Match
from tests.api.conftest import MARAFON_PLAYERS, Table

pytestmark = pytest.mark.django_db

PLAYERS = ["Ana", "Benito", "Carmen", "Diego"]
KING = {"rank": "K", "suit": "cups"}
FOUR = {"rank": "4", "suit": "coins"}
FIRST = {"dealer": 0, "turn_up": KING, "totals": [43, 27]}  # API.md's example


def create(client, **extra):
    return client.post(
        "/api/v1/matches/", {"game": "malilla", "players": PLAYERS, **extra}, format="json"
    )


def deal_count(table) -> int:
    return Deal.objects.filter(match__public_id=table.id).count()


def posted(table, *bodies):
    """Posts the deals one after the other; the last answer's body."""
    for body in bodies:
        response = table.post_deal(body)
        assert response.status_code == 201, response.json()
    return response.json()


@pytest.fixture
def malilla(api_client, db):
    return Table(api_client, {"game": "malilla", "players": PLAYERS})


# --- creating a match ----------------------------------------------------------------------


def test_create_a_malilla_match_without_albur(api_client):
    response = create(api_client)

    assert response.status_code == 201
    body = response.json()
    assert body["rules"] == {
        "variant": "mexican",
        "turn_up_bonus": True,
        "abandon_long_suit": False,
        "seven_discard_rule": True,
        "players": 4,
    }
    assert body["teams"] == [[0, 2], [1, 3]]
    assert body["setup"] == {}
    assert body["state"]["scores"] == [0, 0]
    assert body["state"]["next"] == {"dealer": None, "leader": None}
    assert (body["state"]["finished"], body["state"]["winner"]) == (False, None)


@pytest.mark.parametrize(("albur", "scores"), [(0, [5, 0]), (1, [0, 5])])
def test_create_a_match_with_the_albur_gives_its_team_five_points(api_client, albur, scores):
    response = create(api_client, albur=albur, rules={"variant": "spanish"})

    assert response.status_code == 201
    body = response.json()
    assert body["setup"] == {"albur": albur}
    assert body["state"]["scores"] == scores
    assert body["state"]["albur"] == albur
    assert body["rules"]["turn_up_bonus"] is False and body["rules"]["seven_discard_rule"] is False


@pytest.mark.parametrize(
    "body",
    [
        {"game": "marafon", "players": MARAFON_PLAYERS, "albur": 1},
        *[
            {"game": "malilla", "players": PLAYERS, "albur": v}
            for v in (2, -1, "1", True, 0.5, [1])
        ],
    ],
)
def test_a_bad_albur_is_400_and_stores_nothing(api_client, body):
    before = Match.objects.count()

    response = api_client.post("/api/v1/matches/", body, format="json")

    assert response.status_code == 400
    assert list(response.json()) == ["albur"]
    assert Match.objects.count() == before


@pytest.mark.parametrize(
    "rules", [{"variant": "italian"}, {"turn_up_bonus": "yes"}, {"target": 35}, {"players": 5}]
)
def test_bad_malilla_rules_are_400_under_rules(api_client, rules):
    response = create(api_client, rules=rules)

    assert response.status_code == 400
    assert list(response.json()["rules"]) == list(rules)
    assert Match.objects.count() == 0


# --- entering deals ------------------------------------------------------------------------


def test_post_a_deal_answers_201_with_input_outcome_and_state(malilla):
    response = malilla.post_deal(FIRST)

    assert response.status_code == 201
    data = response.json()
    assert (data["number"], data["input"], data["version"]) == (1, FIRST, 1)
    outcome = data["outcome"]
    assert outcome["points"] == [8, 0]  # the dealer's bonus apart
    assert outcome["bonus"] == {"team": 0, "points": 3, "status": "counted"}
    assert (outcome["capote"], outcome["zapato"]) == (None, None)
    state = data["state"]
    assert state["scores"] == [11, 0]
    assert state["next"] == {"dealer": 1, "leader": 2}
    assert (state["finished"], state["winner"]) == (False, None)
    assert response["ETag"] == '"1"'


def test_card_points_and_tricks_are_entered_per_team(malilla):
    body = {
        "dealer": 3,
        "turn_up": FOUR,
        "cards": [{"points": 36, "tricks": 7}, {"points": 24, "tricks": 3}],
    }

    data = posted(malilla, body)

    assert data["input"] == body
    assert data["outcome"]["points"] == [8, 0]
    assert data["outcome"]["bonus"] is None
    assert data["state"]["scores"] == [8, 0]
    assert data["state"]["next"] == {"dealer": 0, "leader": 1}


def test_the_worked_example_through_the_api_and_its_correction(malilla):
    data = posted(
        malilla,
        {"dealer": 0, "turn_up": FOUR, "totals": [68, 2]},
        {"turn_up": FOUR, "totals": [2, 68]},
    )
    assert data["state"]["scores"] == [33, 33]

    data = posted(malilla, {"turn_up": KING, "totals": [34, 36]})  # seat 2 deals the king

    assert data["outcome"]["points"] == [0, 1]
    assert data["outcome"]["bonus"] == {"team": 0, "points": 3, "status": "added"}
    assert data["state"]["scores"] == [36, 34]
    assert (data["state"]["finished"], data["state"]["winner"]) == (True, 0)

    response = malilla.put_deal(3, {"turn_up": KING, "totals": [33, 37]})

    assert response.status_code == 200
    data = response.json()
    assert data["outcome"]["bonus"] == {"team": 0, "points": 3, "status": "void"}
    assert data["state"]["scores"] == [33, 35]
    assert (data["state"]["finished"], data["state"]["winner"]) == (True, 1)
    assert data["version"] == 4
    assert malilla.get()["state"] == data["state"]


def test_capote_and_zapato_win_in_one_deal_then_more_deals_are_409(malilla):
    data = posted(malilla, {"dealer": 1, "turn_up": FOUR, "totals": [0, 70]})

    assert data["outcome"]["points"] == [0, 35]
    assert (data["outcome"]["capote"], data["outcome"]["zapato"]) == (1, 1)
    assert (data["state"]["finished"], data["state"]["winner"]) == (True, 1)
    assert data["state"]["zapato"] == 1
    for body in ({"turn_up": FOUR, "totals": [35, 35]}, {"misdeal": True}, {"nonsense": 1}):
        response = malilla.post_deal(body)
        assert response.status_code == 409
    assert deal_count(malilla) == 1
    assert malilla.get()["version"] == 1


def test_the_albur_team_may_not_deal_first(api_client):
    table = Table(api_client, {"game": "malilla", "players": PLAYERS, "albur": 1})

    refused = table.post_deal({"dealer": 3, "turn_up": FOUR, "totals": [35, 35]})
    data = posted(table, {"dealer": 2, "turn_up": FOUR, "totals": [27, 43]})

    assert refused.status_code == 400
    assert list(refused.json()) == ["dealer"]
    assert data["state"]["scores"] == [0, 13]
    assert data["state"]["next"] == {"dealer": 3, "leader": 0}


def test_a_misdeal_scores_nothing_and_passes_the_deal_on(malilla):
    data = posted(malilla, FIRST, {"misdeal": True})

    assert data["outcome"]["points"] == [0, 0] and data["outcome"]["bonus"] is None
    assert data["state"]["scores"] == [11, 0]
    assert data["state"]["next"] == {"dealer": 2, "leader": 3}


@pytest.mark.parametrize(
    ("body", "winner"),
    [
        ({"renege": {"team": 1}}, 0),
        ({"challenge": {"team": 0, "upheld": False}}, 1),
        ({"challenge": {"team": 0, "upheld": True}}, 0),
    ],
)
def test_a_renege_or_a_challenge_ends_the_game(malilla, body, winner):
    data = posted(malilla, FIRST, body)

    assert data["state"]["finished"] is True
    assert data["state"]["winner"] == winner
    assert data["state"]["scores"] == [11, 0]
    assert malilla.post_deal({"misdeal": True}).status_code == 409


def test_abandoning_a_hand_needs_the_rule(api_client):
    table = Table(
        api_client, {"game": "malilla", "players": PLAYERS, "rules": {"abandon_long_suit": True}}
    )

    data = posted(table, {"dealer": 0, "abandoned": True})

    assert data["outcome"]["points"] == [0, 0]
    assert data["state"]["next"]["dealer"] == 1


def test_macau_scores_the_difference_with_a_french_turn_up(api_client):
    table = Table(
        api_client, {"game": "malilla", "players": PLAYERS, "rules": {"variant": "macau"}}
    )

    data = posted(
        table, {"dealer": 0, "turn_up": {"rank": "7", "suit": "hearts"}, "totals": [43, 27]}
    )

    assert data["outcome"]["points"] == [16, 0]
    assert data["outcome"]["bonus"] is None  # no turn-up bonus in Macau by default
    assert data["state"]["scores"] == [16, 0]


# --- refusals ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"turn_up": KING, "totals": [43, 27]}, "dealer"),
        ({"misdeal": True}, "dealer"),
        ({**FIRST, "dealer": 4}, "dealer"),
        ({"dealer": 0, "totals": [43, 27]}, "turn_up"),
        ({**FIRST, "turn_up": {"rank": "8", "suit": "cups"}}, "turn_up"),
        ({**FIRST, "turn_up": {"rank": "Q", "suit": "cups"}}, "turn_up"),
        ({**FIRST, "turn_up": {"rank": "K", "suit": "hearts"}}, "turn_up"),
        ({**FIRST, "totals": [43, 28]}, "totals"),
        ({**FIRST, "totals": [71, -1]}, "totals"),
        ({"dealer": 0, "turn_up": KING}, "totals"),
        ({**FIRST, "cards": [{"points": 36, "tricks": 7}, {"points": 24, "tricks": 3}]}, "cards"),
        (
            {
                "dealer": 0,
                "turn_up": KING,
                "cards": [{"points": 5, "tricks": 0}, {"points": 55, "tricks": 10}],
            },
            "cards",
        ),
        (
            {
                "dealer": 0,
                "turn_up": KING,
                "cards": [{"points": 21, "tricks": 1}, {"points": 39, "tricks": 9}],
            },
            "cards",
        ),
        ({**FIRST, "trump": "cups"}, "trump"),
        ({"dealer": 0, "misdeal": True, "renege": {"team": 1}}, "renege"),
        ({**FIRST, "misdeal": True}, "turn_up"),
        ({"dealer": 0, "abandoned": True}, "abandoned"),
        ({"dealer": 0, "renege": {"team": 2}}, "renege"),
        ({"dealer": 0, "challenge": {"team": 0}}, "challenge"),
    ],
)
def test_an_invalid_deal_is_400_on_its_field_and_changes_nothing(malilla, body, field):
    response = malilla.post_deal(body)

    assert response.status_code == 400
    assert field in response.json()
    assert deal_count(malilla) == 0
    assert malilla.get()["version"] == 0
    assert malilla.get()["state"]["next"] == {"dealer": None, "leader": None}


def test_totals_that_do_not_sum_to_70_are_refused_in_the_games_words(malilla):
    response = malilla.post_deal({**FIRST, "totals": [43, 28]})

    assert response.json() == {
        "totals": ["Malilla totals must sum to 70: 60 card points and 10 tricks."]
    }


@pytest.mark.parametrize(
    "body",
    [
        {"dealer": 0, "turn_up": FOUR, "totals": [35, 35]},  # seat 1 deals now
        {"turn_up": FOUR, "totals": [36, 36]},
        {"turn_up": FOUR, "misdeal": True},
        [1, 2],
    ],
)
def test_an_invalid_later_deal_is_400_and_changes_nothing(malilla, body):
    malilla.post_deal(FIRST)

    response = malilla.post_deal(body)

    assert response.status_code == 400
    assert deal_count(malilla) == 1
    match = malilla.get()
    assert match["version"] == 1
    assert match["state"]["scores"] == [11, 0]


# --- corrections ---------------------------------------------------------------------------


def test_correcting_the_first_deal_recomputes_the_scores_and_the_rotation(malilla):
    posted(malilla, FIRST, {"misdeal": True}, {"turn_up": FOUR, "totals": [30, 40]})

    response = malilla.put_deal(1, {"dealer": 1, "turn_up": KING, "totals": [27, 43]})

    assert response.status_code == 200
    data = response.json()
    assert data["outcome"]["points"] == [0, 8]
    assert data["outcome"]["bonus"] == {"team": 1, "points": 3, "status": "counted"}
    assert data["state"]["scores"] == [0, 16]  # 8 + 3, then 5 in deal 3
    assert data["state"]["next"] == {"dealer": 0, "leader": 1}
    assert data["version"] == 4
    assert [d["outcome"]["points"] for d in malilla.get()["deals"]] == [[0, 8], [0, 0], [0, 5]]


def test_an_invalid_correction_is_400_and_changes_nothing(malilla):
    posted(malilla, FIRST)

    response = malilla.put_deal(1, {**FIRST, "totals": [70, 70]})

    assert response.status_code == 400
    assert "totals" in response.json()
    match = malilla.get()
    assert match["deals"][0]["input"] == FIRST
    assert match["version"] == 1


def test_a_correction_that_ends_the_game_early_is_409(malilla):
    posted(malilla, FIRST, {"turn_up": FOUR, "totals": [35, 35]})

    response = malilla.put_deal(1, {"dealer": 0, "turn_up": FOUR, "totals": [70, 0]})

    assert response.status_code == 409
    assert malilla.get()["deals"][0]["input"] == FIRST
