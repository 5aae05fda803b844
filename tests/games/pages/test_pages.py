"""The phone pages through Django's test client: everything works without JavaScript."""

import re

import pytest
from django.test import Client

from games.models import Deal, Match

from .conftest import confirm_correction, page_text

pytestmark = pytest.mark.django_db

PLAYERS = {
    "marafon": ["Anna", "Bruno", "Carla", "Dario"],
    "trionfo": ["Anna", "Bruno", "Carla", "Dario", "Elena"],
    "malilla": ["Ana", "Beto", "Carmen", "Diego"],
    "rikken": ["Anna", "Bram", "Cor", "Dirk"],
    "etori": ["Aki", "Ben", "Chie", "Dai"],
}


def start(client: Client, game: str, **extra) -> str:
    form = client.get(f"/new/{game}/").context["form"]
    data = {
        name: ("on" if value is True else value)
        for name, value in ((f.name, f.initial) for f in form)
        if value not in (None, False) and not name.startswith("player_")
    }
    data.update({f"player_{i}": name for i, name in enumerate(PLAYERS[game])}, **extra)
    response = client.post(f"/new/{game}/", data)
    assert response.status_code == 302, response.context["form"].errors
    location = response["Location"]
    assert location.endswith("#board")  # the match opens at its scoreboard and first entry
    return location.split("#")[0]


def errors_in(response) -> list[str]:
    return re.findall(r'class="error" role="alert">([^<]*)<', page_text(response))


@pytest.mark.parametrize("game", PLAYERS)
def test_every_game_starts_from_the_page_with_its_defaults(client, game):
    url = start(client, game)

    match = Match.objects.get()
    assert url == f"/m/{match.public_id}/"
    assert match.game == game
    page = client.get(url)
    assert page.status_code == 200
    assert b'class="deal-form"' in page.content
    assert all(name.encode() in page.content for name in PLAYERS[game])


def test_the_setup_explains_every_option(client):
    page = page_text(client.get("/new/rikken/"))

    for option in ("partner_pays", "all_tricks_bonus", "all_pass", "beter_suit", "troela"):
        assert f'name="rule_{option}"' in page
    assert "When all pass" in page


def test_a_preset_preselects_its_options(client):
    form = client.get("/new/marafon/?preset=marafon-31-31-41").context["form"]

    assert form["rule_target"].initial == 31
    assert form["rule_bella_target"].initial == 41


def test_players_with_a_gap_are_refused_and_kept(client):
    response = client.post(
        "/new/marafon/",
        {
            "player_0": "Anna",
            "player_1": "",
            "player_2": "Carla",
            "player_3": "Dario",
            "rule_target": "41",
        },
    )

    assert response.status_code == 400
    assert Match.objects.count() == 0
    assert b'value="Carla"' in response.content


def test_marafon_quick_entry_without_javascript(client):
    url = start(client, "marafon")

    response = client.post(
        f"{url}deals/", {"battezzante": "2", "trump": "cups", "points": "7", "marafona": "0"}
    )

    assert response.status_code == 302
    deal = Deal.objects.get()
    assert deal.input == {"trump": "cups", "battezzante": 2, "marafona": 0, "points": [7, 4]}
    page = page_text(client.get(url))
    assert "must not look" in page


def test_an_invalid_deal_shows_the_rules_message_and_keeps_what_was_typed(client):
    url = start(client, "marafon")

    response = client.post(
        f"{url}deals/",
        {
            "battezzante": "2",
            "trump": "cups",
            "action": "cards",
            "aces_0": "3",
            "figures_0": "11",
            "aces_1": "2",
            "figures_1": "9",
            "last_trick": "0",
        },
    )

    assert response.status_code == 400
    assert "The teams&#x27; aces must add up to the 4 aces of the pack." in errors_in(response)
    assert b'name="figures_0" value="11"' in response.content
    assert Deal.objects.count() == 0


def test_a_claim_from_the_page(client):
    url = start(client, "marafon", rule_match_format="single_game")

    client.post(
        f"{url}deals/",
        {
            "battezzante": "0",
            "trump": "coins",
            "action": "claim",
            "claim_seat": "1",
            "claim_aces": "4",
            "claim_figures": "20",
        },
    )

    page = page_text(client.get(url))
    assert Match.objects.get().state["winner"] == 0  # 0 + 32 thirds < 123: the claim fails
    assert "Winner: Anna &amp; Carla" in page
    assert 'class="deal-form"' not in page


@pytest.mark.parametrize(
    ("game", "first", "second"),
    [
        (
            "trionfo",
            {
                "first_speaker": "0",
                "bid": "chiamo",
                "declarer": "1",
                "trump": "coins",
                "partner": "3",
                "called_rank": "3",
                "called_suit": "cups",
                "points": "7",
            },
            {"bid": "pass"},
        ),
        (
            "malilla",
            {"dealer": "0", "turn_rank": "K", "turn_suit": "cups", "total_0": "43"},
            {"action": "misdeal"},
        ),
        (
            "rikken",
            {
                "dealer": "0",
                "contract": "rik",
                "declarer": "0",
                "partner": "2",
                "trump": "spades",
                "called_suit": "hearts",
                "tricks": "9",
            },
            {
                "contract": "misere",
                "declarer": "1",
                "tricks": "0",
                "contract_2": "piek",
                "declarer_2": "3",
                "tricks_2": "1",
            },
        ),
        (
            "etori",
            {"trump": "spades", "honours_0": "9", "winners_aces": "plain_aces"},
            {"trump": "hearts", "honours_1": "8", "rensho_dealt_to": "0", "winners_aces": "other"},
        ),
    ],
)
def test_deals_of_every_game_from_the_page(client, game, first, second):
    url = (
        start(client, game, stake="0.10") if game in ("trionfo", "rikken") else start(client, game)
    )

    for data in (first, second):
        response = client.post(f"{url}deals/", data)
        assert response.status_code == 302, errors_in(response)

    assert Deal.objects.count() == 2
    assert client.get(url).status_code == 200


def test_malilla_fills_the_other_total(client):
    url = start(client, "malilla")

    client.post(
        f"{url}deals/", {"dealer": "0", "turn_rank": "7", "turn_suit": "coins", "total_1": "40"}
    )

    assert Deal.objects.get().input["totals"] == [30, 40]


def test_a_phone_without_the_edit_link_only_follows(client):
    url = start(client, "marafon")
    other = Client()

    page = other.get(url)
    refused = other.post(f"{url}deals/", {"battezzante": "2", "trump": "cups", "points": "7"})

    assert page.status_code == 200
    assert b'class="deal-form"' not in page.content
    assert refused.status_code == 403
    assert Deal.objects.count() == 0


def test_the_edit_link_lets_a_second_phone_score(client):
    url = start(client, "marafon")
    edit_url = client.get(url).context["edit_url"]
    second = Client()

    second.get(edit_url.replace("http://testserver", ""))
    response = second.post(f"{url}deals/", {"battezzante": "2", "trump": "cups", "points": "7"})

    assert response.status_code == 302
    assert Deal.objects.count() == 1


def test_a_wrong_edit_link_is_refused(client):
    url = start(client, "marafon")

    response = Client().get(f"{url}edit/not-the-key/")

    assert response.status_code == 403


def test_correct_and_undo_from_the_page(client):
    url = start(client, "marafon")
    client.post(f"{url}deals/", {"battezzante": "2", "trump": "cups", "points": "7"})
    client.post(f"{url}deals/", {"trump": "coins", "points": "5"})

    edit_page = client.get(f"{url}deals/1/edit/")
    asked, corrected = confirm_correction(
        client, f"{url}deals/1/edit/", {"battezzante": "2", "trump": "cups", "points": "2"}
    )
    confirm = client.get(f"{url}deals/2/undo/")
    undone = client.post(f"{url}deals/2/undo/")

    assert edit_page.status_code == 200
    assert b"Correct deal 1?" in asked.content
    assert corrected.redirect_chain[-1][1] == 302
    assert confirm.status_code == 200 and b"Yes, undo it" in confirm.content
    assert undone.status_code == 302
    assert Match.objects.get().state["scores"] == [2, 9]


def test_the_version_endpoint_moves_with_each_deal(client, django_capture_on_commit_callbacks):
    url = start(client, "marafon")
    before = client.get(f"{url}version/").json()["version"]

    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"{url}deals/", {"battezzante": "2", "trump": "cups", "points": "7"})

    after = client.get(f"{url}version/").json()["version"]
    assert after != before
    assert client.get(f"{url}version/").json()["version"] == after  # until the next change


def test_the_settle_up_page_shows_money_and_transfers(client):
    url = start(client, "rikken", stake="0.10")
    client.post(
        f"{url}deals/",
        {
            "dealer": "0",
            "contract": "rik",
            "declarer": "0",
            "partner": "2",
            "trump": "spades",
            "tricks": "9",
        },
    )

    page = page_text(client.get(f"{url}settle/"))

    assert "Bram pays" in page and "Dirk pays" in page
    assert "0.20" in page


def test_no_page_asks_another_origin(client):
    url = start(client, "rikken", stake="0.10")

    for path in ("/", "/new/rikken/", url, f"{url}settle/"):
        html = page_text(client.get(path))
        sources = re.findall(r'(?:src|href)="([^"]+)"', html)
        assert all(s.startswith(("/", "#", "?", "http://testserver")) for s in sources), path


def test_a_known_players_name_picks_that_player(client, django_user_model):
    from games.services import club_create, club_member_add

    director = django_user_model.objects.create_user("dir")
    known = club_member_add(club=club_create(name="De Zwaan", director=director), name="Carla")
    client.force_login(director)
    page = page_text(client.get("/new/marafon/"))

    start(client, "marafon")

    assert '<option value="Carla">' in page
    assert Match.objects.get().seats.get(number=2).player == known


def test_a_stranger_typing_a_members_name_seats_a_guest(client, django_user_model):
    """Issue 26: only a club's people seat its members; a stranger's "Carla" is a guest, and
    the page suggests no member's name to them."""
    from games.services import club_create, club_member_add

    director = django_user_model.objects.create_user("dir")
    known = club_member_add(club=club_create(name="De Zwaan", director=director), name="Carla")
    page = page_text(client.get("/new/marafon/"))

    start(client, "marafon")

    seated = Match.objects.get().seats.get(number=2).player
    assert '<option value="Carla">' not in page
    assert seated != known and seated.name == "Carla" and not seated.known


def test_a_direction_override_in_a_name_is_refused_at_its_field(client):
    """Issue 26: U+202E in a typed name would turn the scoreboard around it backwards."""
    form = client.get("/new/marafon/").context["form"]
    data = {
        f.name: ("on" if f.initial is True else f.initial)
        for f in form
        if f.initial not in (None, False) and not f.name.startswith("player_")
    }
    data.update(player_0="Ana", player_1="Bram\u202eoC", player_2="Cor", player_3="Dirk")

    response = client.post("/new/marafon/", data)

    assert response.status_code in (200, 400)
    assert not Match.objects.exists()
    html = page_text(response)
    field = html[html.index('id="f-player_1"') :]
    field = field[: field.index("</div>")]
    assert "A name cannot hold text direction controls (U+202E)." in field
    spanish = Client().post("/new/marafon/", data, HTTP_ACCEPT_LANGUAGE="es")
    assert "controles de dirección del texto (U+202E)" in page_text(spanish)
