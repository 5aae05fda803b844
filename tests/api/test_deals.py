import pytest

from games.models import Deal
from tests.api.conftest import MARAFON_PLAYERS, Table

pytestmark = pytest.mark.django_db

FIRST = {"battezzante": 2, "trump": "cups", "points": [7, 4]}


def deal_count(table) -> int:
    return Deal.objects.filter(match__public_id=table.id).count()


def test_post_a_deal_answers_201_with_input_outcome_and_state(marafon):
    body = {
        "battezzante": 2,
        "trump": "cups",
        "cards": [{"aces": 3, "figures": 11}, {"aces": 1, "figures": 9}],
        "last_trick": 0,
        "marafona": 2,
    }

    response = marafon.post_deal(body)

    assert response.status_code == 201
    data = response.json()
    assert data["number"] == 1
    assert data["input"] == body
    assert data["outcome"]["points"] == [10, 4]
    assert data["outcome"]["marafona"] == 0
    assert data["outcome"]["cappotto"] is None
    assert data["state"]["scores"] == [10, 4]
    assert data["state"]["next"] == {"dealer": 2, "battezzante": 3, "must_not_look": 1}
    assert data["version"] == 1
    assert response["ETag"] == '"1"'


def test_a_whole_marafon_match_to_the_end_with_a_claim(marafon):
    # Team 0 wins the first game on points, team 1 the second by a claim, team 0 la bella.
    deals = [{"battezzante": 0, "trump": "coins", "points": [11, 0]}]
    deals += [{"trump": "coins", "points": [11, 0]}] * 3
    deals += [{"trump": "cups", "points": [0, 11]}] * 3
    deals += [{"trump": "cups", "claim": {"seat": 1, "aces": 3, "figures": 15}}]
    deals += [{"trump": "swords", "points": [10, 1]}] * 4
    deals += [{"trump": "swords", "points": [1, 10], "marafona": 0}]
    numbers = []
    for deal in deals:
        response = marafon.post_deal(deal)
        assert response.status_code == 201, response.json()
        numbers.append(response.json()["number"])

    state = marafon.get()["state"]

    assert numbers == list(range(1, len(deals) + 1))
    assert state["finished"] is True
    assert state["winner"] == 0
    assert state["games_won"] == [2, 1]
    assert state["games"] == [
        {"winner": 0, "scores": [44, 0], "by": "points"},
        {"winner": 1, "scores": [0, 33], "by": "claim"},
        {"winner": 0, "scores": [44, 14], "by": "points"},
    ]
    assert state["scores"] == [44, 14]


def test_a_deal_on_a_finished_match_is_409_whatever_its_body(api_client):
    table = Table(
        api_client,
        {"game": "marafon", "players": MARAFON_PLAYERS, "rules": {"match_format": "single_game"}},
    )
    table.post_deal(
        {"battezzante": 0, "trump": "coins", "claim": {"seat": 0, "aces": 0, "figures": 0}}
    )
    assert table.get()["state"]["finished"] is True

    response = table.post_deal({"nonsense": True})

    assert response.status_code == 409
    assert deal_count(table) == 1


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"trump": "cups", "points": [7, 4]}, "battezzante"),
        ({"battezzante": 2, "points": [7, 4]}, "trump"),
        ({"battezzante": 2, "trump": "hearts", "points": [7, 4]}, "trump"),
        ({"battezzante": 2, "trump": "cups", "points": [7, 5]}, "points"),
        ({"battezzante": 2, "trump": "cups", "points": [12, -1]}, "points"),
        ({"battezzante": 2, "trump": "cups"}, "points"),
        ({"battezzante": 9, "trump": "cups", "points": [7, 4]}, "battezzante"),
        ({"battezzante": 2, "trump": "cups", "points": [7, 4], "marafona": 7}, "marafona"),
        ({"battezzante": 2, "trump": "cups", "points": [7, 4], "bonus": 1}, "bonus"),
        (
            {
                "battezzante": 2,
                "trump": "cups",
                "cards": [{"aces": 3, "figures": 11}, {"aces": 2, "figures": 9}],
                "last_trick": 0,
            },
            "cards",
        ),
        ({"battezzante": 2, "trump": "cups", "annulled": True}, "annulled"),
    ],
)
def test_an_invalid_deal_is_400_on_its_field_and_changes_nothing(marafon, body, field):
    response = marafon.post_deal(body)

    assert response.status_code == 400
    assert field in response.json()
    assert deal_count(marafon) == 0
    assert marafon.get()["version"] == 0


def test_points_that_do_not_sum_to_11_are_refused_in_the_games_words(marafon):
    response = marafon.post_deal({"battezzante": 2, "trump": "cups", "points": [7, 5]})

    assert response.json() == {"points": ["Marafon points must sum to 11."]}


def test_a_deal_that_is_not_an_object_is_400(marafon):
    response = marafon.post_deal([1, 2, 3])

    assert response.status_code == 400
    assert deal_count(marafon) == 0


def test_a_later_battezzante_must_be_the_expected_seat(marafon):
    marafon.post_deal(FIRST)

    wrong = marafon.post_deal({"battezzante": 1, "trump": "cups", "points": [7, 4]})
    right = marafon.post_deal({"battezzante": 3, "trump": "cups", "points": [7, 4]})

    assert wrong.status_code == 400
    assert "battezzante" in wrong.json()
    assert right.status_code == 201


def test_writes_need_the_edit_key(marafon):
    missing = marafon.client.post(marafon.deals_url, FIRST, format="json")
    wrong = marafon.post_deal(FIRST, HTTP_X_EDIT_KEY="not-the-key")

    assert missing.status_code == 403
    assert wrong.status_code == 403
    assert deal_count(marafon) == 0


def test_the_signed_in_creator_writes_with_a_token(api_client, django_user_model):
    django_user_model.objects.create_user("anna", password="pw-at-the-table")
    token = api_client.post(
        "/api/v1/auth/token/", {"username": "anna", "password": "pw-at-the-table"}, format="json"
    ).json()["token"]
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    created = api_client.post(
        "/api/v1/matches/", {"game": "marafon", "players": ["A", "B", "C", "D"]}, format="json"
    ).json()

    response = api_client.post(f"/api/v1/matches/{created['id']}/deals/", FIRST, format="json")

    assert response.status_code == 201


def test_another_signed_in_user_may_not_write(api_client, django_user_model, marafon):
    other = django_user_model.objects.create_user("bram", password="pw-at-the-table")
    marafon.client.force_authenticate(other)

    response = marafon.client.post(marafon.deals_url, FIRST, format="json")

    assert response.status_code == 403


def test_a_stale_if_match_is_412_and_changes_nothing(marafon):
    marafon.post_deal(FIRST)

    stale = marafon.post_deal({"trump": "cups", "points": [7, 4]}, HTTP_IF_MATCH='"0"')
    fresh = marafon.post_deal({"trump": "cups", "points": [7, 4]}, HTTP_IF_MATCH='"1"')
    star = marafon.post_deal({"trump": "cups", "points": [7, 4]}, HTTP_IF_MATCH="*")

    assert stale.status_code == 412
    assert fresh.status_code == 201
    assert star.status_code == 201
    assert deal_count(marafon) == 3


def test_replacing_a_deal_recomputes_everything_after_it(marafon):
    marafon.post_deal(FIRST)
    marafon.post_deal({"trump": "coins", "points": [5, 6]})

    response = marafon.put_deal(1, {"battezzante": 2, "trump": "cups", "points": [1, 10]})

    assert response.status_code == 200
    assert response.json()["outcome"]["points"] == [1, 10]
    assert response.json()["state"]["scores"] == [6, 16]
    assert response.json()["version"] == 3
    assert [d["input"]["points"] for d in marafon.get()["deals"]] == [[1, 10], [5, 6]]


def test_replacing_a_deal_with_itself_changes_nothing(marafon):
    marafon.post_deal(FIRST)

    response = marafon.put_deal(1, FIRST)

    assert response.status_code == 200
    assert response.json()["version"] == 1


def test_an_invalid_replacement_is_400_and_changes_nothing(marafon):
    marafon.post_deal(FIRST)

    response = marafon.put_deal(1, {"battezzante": 2, "trump": "cups", "points": [9, 9]})

    assert response.status_code == 400
    assert "points" in response.json()
    assert marafon.get()["deals"][0]["input"] == FIRST
    assert marafon.get()["version"] == 1


def test_a_replacement_that_breaks_a_later_deal_is_409(marafon):
    marafon.post_deal(FIRST)
    marafon.post_deal({"battezzante": 3, "trump": "cups", "points": [7, 4]})

    response = marafon.put_deal(1, {"battezzante": 0, "trump": "cups", "points": [7, 4]})

    assert response.status_code == 409
    assert "deal 2" in response.json()["detail"]
    assert marafon.get()["deals"][0]["input"] == FIRST


def test_replacing_an_unknown_deal_is_404(marafon):
    assert marafon.put_deal(1, FIRST).status_code == 404


def test_undo_removes_the_last_deal_and_restores_the_state(marafon):
    marafon.post_deal(FIRST)
    marafon.post_deal({"trump": "coins", "points": [5, 6]})

    response = marafon.delete_deal(2)

    assert response.status_code == 200
    assert response.json()["state"]["scores"] == [7, 4]
    assert response.json()["version"] == 3
    assert "deals" not in response.json()  # its size does not grow with the match
    assert response["ETag"] == '"3"'
    assert deal_count(marafon) == 1


def test_undo_answers_the_whole_match_when_asked(marafon):
    marafon.post_deal(FIRST)
    marafon.post_deal({"trump": "coins", "points": [5, 6]})

    response = marafon.delete_deal(2, HTTP_PREFER="return=representation")

    assert response.status_code == 200
    assert response["Preference-Applied"] == "return=representation"
    assert [deal["number"] for deal in response.json()["deals"]] == [1]
    assert response.json()["state"]["scores"] == [7, 4]


def test_only_the_last_deal_can_be_undone(marafon):
    marafon.post_deal(FIRST)
    marafon.post_deal({"trump": "coins", "points": [5, 6]})

    assert marafon.delete_deal(1).status_code == 409
    assert marafon.delete_deal(3).status_code == 404
    assert deal_count(marafon) == 2


def test_undo_needs_the_edit_key(marafon):
    marafon.post_deal(FIRST)

    response = marafon.delete_deal(1, HTTP_X_EDIT_KEY="wrong")

    assert response.status_code == 403
    assert deal_count(marafon) == 1


def test_get_one_deal_and_the_list(marafon):
    marafon.post_deal(FIRST)

    one = marafon.client.get(f"{marafon.deals_url}1/")
    listed = marafon.client.get(marafon.deals_url)
    missing = marafon.client.get(f"{marafon.deals_url}2/")

    assert one.status_code == 200
    assert one.json()["input"] == FIRST
    assert listed.json()["count"] == 1
    assert [d["number"] for d in listed.json()["results"]] == [1]
    assert missing.status_code == 404


def test_a_trionfo_evening_keeps_balances_per_seat(trionfo):
    deals = [
        {
            "first_speaker": 3,
            "bid": "chiamo",
            "declarer": 1,
            "trump": "coins",
            "called_card": {"rank": "3", "suit": "cups"},
            "partner": 4,
            "points": 7,
        },
        {"bid": "pass"},
        {"bid": "maso", "declarer": 0, "trump": "swords", "made": False},
    ]
    outcomes = []
    for deal in deals:
        response = trionfo.post_deal(deal)
        assert response.status_code == 201, response.json()
        outcomes.append(response.json()["outcome"]["payments"])

    state = trionfo.get()["state"]

    assert outcomes == [[-1, 2, -1, -1, 1], [0, 0, 0, 0, 0], [-16, 4, 4, 4, 4]]
    assert state["balances"] == [-17, 6, 3, 3, 5]
    assert state["next"] == {"dealer": 0, "first_speaker": 1}
    assert state["finished"] is False


@pytest.mark.parametrize(
    ("body", "field"),
    [
        (
            {"bid": "chiamo", "declarer": 1, "trump": "coins", "partner": 4, "points": 7},
            "first_speaker",
        ),
        (
            {"first_speaker": 3, "bid": "chiamo", "declarer": 1, "trump": "coins", "points": 7},
            "partner",
        ),
        (
            {
                "first_speaker": 3,
                "bid": "di_piu",
                "declarer": 1,
                "trump": "coins",
                "partner": 2,
                "points": 7,
            },
            "partner",
        ),
        ({"first_speaker": 3, "bid": "maso", "declarer": 1, "trump": "coins", "points": 7}, "made"),
        (
            {
                "first_speaker": 3,
                "bid": "chiamo",
                "declarer": 1,
                "trump": "coins",
                "partner": 2,
                "called_card": {"rank": "3", "suit": "coins"},
                "points": 7,
            },
            "called_card",
        ),
        ({"first_speaker": 3, "bid": "raise"}, "bid"),
        ({"first_speaker": 5, "bid": "pass"}, "first_speaker"),
    ],
)
def test_an_invalid_trionfo_deal_is_400_on_its_field(trionfo, body, field):
    response = trionfo.post_deal(body)

    assert response.status_code == 400
    assert field in response.json()
    assert deal_count(trionfo) == 0
