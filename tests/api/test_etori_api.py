"""Etori through the REST API (API.md, RULES.md §5): four and six players, hands, refusals, the
end of the game and corrections."""

import pytest

from games.models import Deal
from tests.api.conftest import Table

pytestmark = pytest.mark.django_db

FOUR = ["Aiko", "Botan", "Chiyo", "Daiki"]
SIX = [*FOUR, "Emi", "Fumio"]
EXAMPLE = {
    "trump": "spades",
    "honours": [9, 7],
    "aces": [["hearts"], ["spades", "clubs", "diamonds"]],
}


def deal_count(table) -> int:
    return Deal.objects.filter(match__public_id=table.id).count()


def etori(client, players, **rules):
    body = {"game": "etori", "players": players}
    if rules:
        body["rules"] = rules
    return Table(client, body)


@pytest.fixture
def four(api_client, db):
    return etori(api_client, FOUR)


@pytest.fixture
def six(api_client, db):
    return etori(api_client, SIX)


@pytest.mark.parametrize(
    ("players", "teams", "chips", "dealers", "leaders"),
    [
        (FOUR, [[0, 2], [1, 3]], [5, 5], 1, 0),
        (SIX, [[0, 3], [1, 4], [2, 5]], [5, 5, 5], 2, 1),
    ],
)
def test_create_an_etori_match_with_its_teams(api_client, players, teams, chips, dealers, leaders):
    table = etori(api_client, players)

    created = table.created

    assert created["game"] == "etori"
    assert created["teams"] == teams
    assert created["rules"] == {"players": len(players), "chips": 5, "rensho": "ace_of_spades"}
    assert [p["name"] for p in created["players"]] == players
    assert created["state"]["chips"] == chips
    assert created["state"]["next"]["dealers"] == dealers
    assert created["state"]["next"]["leaders"] == leaders
    assert created["state"]["finished"] is False and created["state"]["winner"] is None
    assert table.get()["teams"] == teams


@pytest.mark.parametrize(
    ("players", "rules", "field"),
    [
        (FOUR[:3], {}, "players"),
        ([*FOUR, "Emi"], {}, "players"),
        (FOUR, {"players": 6}, "rules"),
        (FOUR, {"chips": 0}, "rules"),
        (FOUR, {"rensho": "ace_of_hearts"}, "rules"),
    ],
)
def test_an_invalid_etori_match_is_400(api_client, players, rules, field):
    response = api_client.post(
        "/api/v1/matches/", {"game": "etori", "players": players, "rules": rules}, format="json"
    )

    assert response.status_code == 400
    assert field in response.json()


def test_the_hand_of_api_md_with_four_players(four):
    response = four.post_deal(EXAMPLE)

    assert response.status_code == 201, response.json()
    data = response.json()
    assert data["number"] == 1
    assert data["input"] == EXAMPLE
    assert data["outcome"]["winner"] == 0
    assert data["outcome"]["chips"] == 2  # one plain ace, the hearts
    assert data["outcome"]["honours"] == [9, 7]
    assert data["state"]["chips"] == [7, 3]
    assert data["state"]["next"]["dealers"] == 1
    assert data["state"]["next"]["leaders"] == 0
    assert four.get()["state"] == data["state"]


def test_a_hand_entered_with_the_winners_aces_alone(four):
    """The winners' aces are all the chip rule needs: what a table enters without a row per
    ace (at 8 honours each, with the team dealt the rensho)."""
    hand = {"honours": [8, 8], "winners_aces": "plain_aces", "rensho_dealt_to": 1}

    response = four.post_deal(hand)

    assert response.status_code == 201, response.json()
    data = response.json()
    assert data["input"] == hand
    assert (data["outcome"]["winner"], data["outcome"]["chips"]) == (0, 2)
    assert data["state"]["chips"] == [7, 3]
    refused = four.post_deal({**EXAMPLE, "winners_aces": "other"})
    assert refused.status_code == 400
    assert refused.json() == {"winners_aces": ["Enter either aces or winners_aces, not both."]}


def test_hands_with_four_players_rotate_the_deal(four):
    hands = [
        EXAMPLE,
        {"honours": [4, 12], "aces": [["spades"], ["hearts", "diamonds", "clubs"]]},  # 12: 2
        {
            "trump": "hearts",
            "honours": [8, 8],
            "aces": [["spades"], ["hearts", "diamonds", "clubs"]],
        },
    ]
    states = []
    for body in hands:
        response = four.post_deal(body)
        assert response.status_code == 201, response.json()
        states.append(response.json()["state"])

    assert [s["chips"] for s in states] == [[7, 3], [5, 5], [4, 6]]  # 8-8: team 1 wins 1
    assert [s["next"]["dealers"] for s in states] == [1, 0, 0]
    assert [s["next"]["leaders"] for s in states] == [0, 1, 1]
    assert [s["next"]["trump"] for s in states] == ["spades", "spades", "hearts"]


def test_hands_with_six_players_leave_the_dealers_out(six):
    first = {"honours": [10, 6, None], "aces": [["spades"], ["hearts", "diamonds", "clubs"], None]}
    second = {"honours": [3, None, 13], "aces": [["spades", "hearts"], None, ["diamonds", "clubs"]]}

    one = six.post_deal(first)
    two = six.post_deal(second)

    assert one.status_code == 201, one.json()
    assert one.json()["outcome"]["winner"] == 0
    assert one.json()["outcome"]["chips"] == 1  # the rensho and fewer than 12 honours
    assert one.json()["outcome"]["honours"] == [10, 6, None]
    assert one.json()["state"]["chips"] == [6, 4, 5]
    assert one.json()["state"]["next"]["dealers"] == 1
    assert one.json()["state"]["next"]["leaders"] == 0
    assert one.json()["state"]["next"]["playing"] == [0, 2]
    assert two.status_code == 201, two.json()
    assert two.json()["outcome"]["winner"] == 2
    assert two.json()["outcome"]["chips"] == 2  # two plain aces
    assert two.json()["outcome"]["honours"] == [3, None, 13]
    assert two.json()["state"]["chips"] == [4, 4, 7]
    assert two.json()["state"]["next"]["dealers"] == 0
    assert two.json()["state"]["next"]["leaders"] == 2
    assert two.json()["state"]["next"]["playing"] == [1, 2]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"honours": [9, 8], "aces": EXAMPLE["aces"]}, "honours"),
        ({"honours": [9, 7, 0], "aces": EXAMPLE["aces"]}, "honours"),
        ({"honours": [17, -1], "aces": EXAMPLE["aces"]}, "honours"),
        ({"aces": EXAMPLE["aces"]}, "honours"),
        (
            {"honours": [9, 7], "aces": [["hearts", "spades"], ["spades", "clubs", "diamonds"]]},
            "aces",
        ),
        ({"honours": [9, 7], "aces": [["hearts"], ["spades", "clubs"]]}, "aces"),
        ({"honours": [9, 7], "aces": [["cups"], ["spades", "clubs", "diamonds"]]}, "aces"),
        ({"honours": [9, 7], "aces": [["hearts"], None]}, "aces"),
        ({"honours": [9, 7]}, "aces"),
        ({**EXAMPLE, "trump": "coins"}, "trump"),
        ({**EXAMPLE, "dealers": 1}, "dealers"),
    ],
)
def test_an_invalid_hand_is_400_and_stores_nothing(four, body, field):
    response = four.post_deal(body)

    assert response.status_code == 400
    assert field in response.json()
    assert deal_count(four) == 0
    assert four.get()["version"] == 0
    assert four.get()["state"]["chips"] == [5, 5]


@pytest.mark.parametrize(
    ("body", "errors"),
    [
        (
            {"honours": [9, 7, 0], "aces": [["spades"], ["hearts", "diamonds", "clubs"], None]},
            {"honours": {"2": ["Team 2 dealt and sat the hand out: null."]}},
        ),
        (
            {"honours": [9, 7, None], "aces": [["spades"], ["hearts", "diamonds"], ["clubs"]]},
            {"aces": {"2": ["Team 2 dealt and sat the hand out: null."]}},
        ),
        (
            {"honours": [9, 7], "aces": [["spades"], ["hearts", "diamonds", "clubs"]]},
            {
                "honours": ["Must list 3 honour counts, one per team."],
                "aces": ["Must list 3 lists of aces, one per team."],
            },
        ),
        (
            {"honours": [9, 6, None], "aces": [["spades"], ["hearts", "diamonds", "clubs"], None]},
            {"honours": ["The honours taken must add up to the 16 of the pack."]},
        ),
    ],
)
def test_an_invalid_six_player_hand_is_400_in_the_games_words(six, body, errors):
    response = six.post_deal(body)

    assert response.status_code == 400
    assert response.json() == errors
    assert deal_count(six) == 0
    assert six.get()["version"] == 0


@pytest.mark.parametrize("body", [EXAMPLE, {"nonsense": True}])
def test_a_hand_after_the_end_is_409(api_client, body):
    table = etori(api_client, FOUR, chips=2)
    last = table.post_deal(
        {"honours": [9, 7], "aces": [[], ["spades", "hearts", "diamonds", "clubs"]]}
    )
    assert last.json()["outcome"]["chips"] == 4
    assert last.json()["outcome"]["paid"] == 2
    assert last.json()["state"]["chips"] == [6, 0]
    assert last.json()["state"]["finished"] is True
    assert last.json()["state"]["winner"] == 0

    response = table.post_deal(body)

    assert response.status_code == 409
    assert deal_count(table) == 1


def test_six_players_level_on_most_chips_share_the_win(api_client):
    table = etori(api_client, SIX, chips=2)
    rensho, rest = ["spades"], ["hearts", "diamonds", "clubs"]
    hands = [  # each won with the rensho and 10 honours: 1 chip
        {"honours": [10, 6, None], "aces": [rensho, rest, None]},  # 0 beats 1: [3, 1, 2]
        {"honours": [10, None, 6], "aces": [rensho, None, rest]},  # 0 beats 2: [4, 1, 1]
        {"honours": [6, 10, None], "aces": [rest, rensho, None]},  # 1 beats 0: [3, 2, 1]
        {"honours": [None, 10, 6], "aces": [None, rensho, rest]},  # 1 beats 2: [3, 3, 0]
    ]
    for body in hands:
        response = table.post_deal(body)
        assert response.status_code == 201, response.json()

    state = table.get()["state"]

    assert state["chips"] == [3, 3, 0]
    assert state["finished"] is True
    assert state["winner"] == [0, 1]
    assert table.post_deal(hands[0]).status_code == 409


def test_correcting_an_earlier_hand_recomputes_the_chips(four):
    four.post_deal(EXAMPLE)  # team 0 wins 2: [7, 3]
    four.post_deal({"honours": [4, 12], "aces": [["spades"], ["hearts", "diamonds", "clubs"]]})

    corrected = {"honours": [16, 0], "aces": [["spades"], ["hearts", "diamonds", "clubs"]]}
    response = four.put_deal(1, corrected)

    assert response.status_code == 200, response.json()
    assert response.json()["outcome"]["chips"] == 4  # the rensho and all 16 honours
    assert response.json()["state"]["chips"] == [7, 3]  # [9, 1], then team 1 wins 2
    assert response.json()["state"]["next"]["dealers"] == 0
    assert response.json()["version"] == 3
    match = four.get()
    assert [d["outcome"]["chips"] for d in match["deals"]] == [4, 2]
    assert [d["outcome"]["paid"] for d in match["deals"]] == [4, 2]
    assert match["state"]["chips"] == [7, 3]


def test_correcting_the_last_hand_of_a_finished_game_reopens_it(api_client):
    table = etori(api_client, FOUR, chips=2)
    table.post_deal({"honours": [9, 7], "aces": [[], ["spades", "hearts", "diamonds", "clubs"]]})

    response = table.put_deal(1, EXAMPLE)

    assert response.status_code == 200, response.json()
    assert response.json()["state"]["chips"] == [4, 0]
    assert response.json()["state"]["finished"] is True  # 2 paid of 2: still out
    response = table.put_deal(
        1, {"honours": [9, 7], "aces": [["spades"], ["hearts", "diamonds", "clubs"]]}
    )
    assert response.json()["state"]["chips"] == [3, 1]
    assert response.json()["state"]["finished"] is False
    assert table.post_deal(EXAMPLE).status_code == 201


def test_a_six_player_correction_that_moves_the_dealers_is_409(six):
    six.post_deal(
        {"honours": [10, 6, None], "aces": [["spades"], ["hearts", "diamonds", "clubs"], None]}
    )
    six.post_deal(
        {"honours": [10, None, 6], "aces": [["spades"], None, ["hearts", "diamonds", "clubs"]]}
    )

    # Team 1 winning hand 1 would make team 0 deal hand 2, which gave team 0 honours.
    response = six.put_deal(
        1, {"honours": [6, 10, None], "aces": [["hearts", "diamonds", "clubs"], ["spades"], None]}
    )

    assert response.status_code == 409
    assert "deal 2" in response.json()["detail"]
    assert six.get()["state"]["chips"] == [7, 4, 4]
