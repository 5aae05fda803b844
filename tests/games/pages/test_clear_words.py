"""Clear words at the table: players' names instead of seats and team numbers, errors at the
field they concern, corrections that say what they changed, game boundaries, contract names,
and one-tap choices instead of native selects."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client

from games.services import deal_record, match_create
from tests.factories import RIK_BRAM_WITH_COR

from .conftest import confirm_correction, field_errors

pytestmark = pytest.mark.django_db


def scoring(game: str, players: list[str], rules=None, deals=()):
    created = match_create(game=game, players=players, rules=rules or {})
    for raw in deals:
        deal_record(match=created.match, raw=raw)
    client = Client()
    assert client.get(f"/m/{created.match.public_id}/edit/{created.edit_key}/").status_code == 302
    return client, f"/m/{created.match.public_id}/"


def text(response) -> str:
    html = response.content.decode()
    html = re.sub(r"<script.*?</script>|<style.*?</style>", "", html, flags=re.S)
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def history_lines(response) -> list[str]:
    html = response.content.decode()
    body = html[html.index('class="history deals"') :]
    body = body[: body.index("</table>")]
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", body, flags=re.S)
    return [unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", r))).strip() for r in rows]


SIX = ["Aki", "Ben", "Chie", "Dai", "Eri", "Fumi"]


def test_six_player_etori_names_its_teams_by_their_players():
    client, url = scoring("etori", SIX, rules={"players": 6})
    page = client.get(url)
    words = text(page)

    # Teams are the players opposite each other: seats 0 & 3, 1 & 4, 2 & 5.
    assert "Honours taken by Aki & Dai" in words
    assert "Honours taken by Ben & Eri" in words
    assert re.search(r"At 8 to 8, the rensho was dealt to\s+Aki & Dai\s+Ben & Eri", words)
    labels = re.findall(r'class="label">([^<]*)<', page.content.decode())
    assert [unescape(label) for label in labels] == ["Aki & Dai", "Ben & Eri", "Chie & Fumi"]
    assert not re.search(r"\bteam \d\b", words, flags=re.I)


def test_etori_history_names_the_winners():
    client, url = scoring(
        "etori",
        ["Aki", "Ben", "Chie", "Dai"],
        deals=[
            {
                "trump": "hearts",
                "honours": [10, 6],
                "aces": [["spades", "hearts"], ["clubs", "diamonds"]],
            }
        ],
    )
    lines = history_lines(client.get(url))

    assert any("Aki & Chie win" in line for line in lines), lines


def test_malilla_asks_each_teams_points_by_name_and_names_the_capote():
    names = ["Ana", "Beto", "Carmen", "Diego"]
    client, url = scoring("malilla", names)
    words = text(client.get(url))
    client, url = scoring(
        "malilla",
        names,
        deals=[{"dealer": 0, "turn_up": {"rank": "7", "suit": "coins"}, "totals": [70, 0]}],
    )
    page = client.get(url)

    assert "Ana & Carmen: points and tricks" in words
    assert "Beto & Diego: points and tricks" in words
    assert any("capote by Ana & Carmen" in line for line in history_lines(page))
    assert not re.search(r"\bteam \d\b", " ".join(history_lines(page)), flags=re.I)


def test_marafon_names_the_last_trick_and_the_marafona():
    names = ["Anna", "Bruno", "Carla", "Dario"]
    client, url = scoring(
        "marafon",
        names,
        deals=[
            {
                "battezzante": 0,
                "trump": "cups",
                "marafona": 0,
                "cards": [{"aces": 3, "figures": 9}, {"aces": 1, "figures": 11}],
                "last_trick": 1,
            }
        ],
    )
    page = client.get(url)
    words = text(page)

    assert re.search(r"Last trick taken by\s+Anna & Carla\s+Bruno & Dario", words)
    line = history_lines(page)[-1]
    assert "marafona by Anna" in line
    assert "last trick Bruno & Dario" in line


def test_a_rik_without_a_partner_is_refused_at_the_partner_field():
    client, url = scoring("rikken", ["Anna", "Bram", "Cor", "Dirk"])
    response = client.post(
        f"{url}deals/",
        {"dealer": "0", "contract": "rik", "declarer": "1", "trump": "hearts", "tricks": "8"},
    )

    assert response.status_code == 400
    assert field_errors(response, "partner") == ["Tap the partner."]
    assert "This field is required." not in text(response)


def test_five_player_rikken_says_who_sits_out_by_name_at_the_declarer():
    client, url = scoring("rikken", ["Anna", "Bram", "Cor", "Dirk", "Eva"], rules={"players": 5})
    response = client.post(
        f"{url}deals/",
        {
            "dealer": "0",
            "contract": "rik",
            "declarer": "0",
            "partner": "1",
            "trump": "hearts",
            "called_suit": "spades",
            "tricks": "8",
        },
    )

    assert response.status_code == 400
    assert field_errors(response, "declarer") == ["Anna deals this deal and sits it out."]
    assert not re.search(r"\bseat \d", text(response), flags=re.I)


def test_rikken_history_uses_contract_names_partners_and_player_names_on_the_totals():
    client, url = scoring(
        "rikken",
        ["Anna", "Bram", "Cor", "Dirk"],
        deals=[
            RIK_BRAM_WITH_COR,
            {"contracts": [{"contract": "misere", "declarer": 3, "tricks": 0}]},
            {"contracts": [{"contract": "solo_9", "declarer": 0, "trump": "clubs", "tricks": 9}]},
        ],
    )
    lines = history_lines(client.get(url))[1:][::-1]  # the latest deal comes first

    assert "Rik Bram with Cor: 8 tricks, made" in lines[0]
    assert "Misère Dirk: 0 tricks, made" in lines[1]
    assert "9 alleen Anna: 9 tricks, made" in lines[2]
    assert re.search(r"Anna [+-]?\d+ · Bram [+-]?\d+ · Cor [+-]?\d+ · Dirk [+-]?\d+", lines[2])


def marafon_to_a_game(client_url=None):
    names = ["Anna", "Bruno", "Carla", "Dario"]
    deals = [{"battezzante": 0, "trump": "cups", "points": [11, 0]}]
    deals += [{"trump": "cups", "points": [11, 0]} for _ in range(3)]
    return scoring("marafon", names, rules={"match_format": "best_of_three"}, deals=deals)


def test_a_won_game_is_announced_and_ruled_off_in_the_history():
    client, url = marafon_to_a_game()
    page = client.get(url)
    words = text(page)

    assert "Game 1 won by Anna & Carla, 44 – 0" in words
    assert page.content.decode().count('class="game-end"') == 1
    # Right after the deal that won it, the line of the latest deal says so.
    assert re.search(
        r'class="game-won" role="status">Game 1 won by Anna &amp; Carla', page.content.decode()
    )


def test_a_correction_that_changes_who_won_a_game_says_so_before_and_after():
    client, url = marafon_to_a_game()
    asked, response = confirm_correction(
        client, f"{url}deals/4/edit/", {"trump": "cups", "points": "0"}
    )
    question, words = text(asked), text(response)

    # Asked first, with its before and after, as an undo is: nothing changes until confirmed.
    assert "Correct deal 4?" in question
    assert "Deal 4: 11 – 0 · cappotto → 0 – 11 · cappotto" in question
    assert "Totals after it: 44 – 0 → 33 – 11" in question
    assert (
        "This correction changes who won game 1: Anna & Carla before, nobody yet now." in question
    )
    assert "Deal 4 corrected." in words
    assert "This correction changes who won game 1: Anna & Carla before, nobody yet now." in words


def test_a_correction_that_changes_a_claim_says_so():
    names = ["Anna", "Bruno", "Carla", "Dario"]
    client, url = scoring(
        "marafon",
        names,
        deals=[
            {"battezzante": 0, "trump": "cups", "points": [11, 0]},
            {"trump": "cups", "points": [11, 0]},
            {"trump": "cups", "points": [11, 0]},
            # 33 + 2 aces + 20 figures (6 2/3) = 41: right.
            {"trump": "cups", "claim": {"seat": 0, "aces": 2, "figures": 20}},
        ],
    )
    asked, response = confirm_correction(
        client,
        f"{url}deals/4/edit/",
        {
            "trump": "cups",
            "action": "claim",
            "claim_seat": "0",
            "claim_aces": "0",
            "claim_figures": "1",
        },
    )
    assert "who won game 1: Anna & Carla before, Bruno & Dario now." in text(asked)
    words = text(response)

    assert "whether the claim of deal 4 by Anna was right: right before, wrong now." in words
    assert "who won game 1: Anna & Carla before, Bruno & Dario now." in words


def test_trionfo_decides_made_from_the_points_of_a_chiamo():
    client, url = scoring("trionfo", ["Anna", "Bruno", "Carla", "Dario", "Elena"])
    page = client.get(url).content.decode()
    made = page[page.index('id="f-made"') - 200 : page.index('id="f-made"')]
    points = page[page.index('id="f-points"') - 200 : page.index('id="f-points"')]

    assert 'data-show-when="bid=maso|maso_dei_masi"' in made
    assert 'data-show-when="bid=chiamo|di_piu"' in points
    response = client.post(
        f"{url}deals/",
        {
            "first_speaker": "0",
            "bid": "chiamo",
            "declarer": "0",
            "trump": "coins",
            "partner": "2",
            "called_rank": "3",
            "called_suit": "cups",
            "points": "7",
        },
        follow=True,
    )
    assert response.status_code == 200, text(response)
    assert "made" in history_lines(response)[-1]


@pytest.mark.parametrize(
    ("game", "players", "fields"),
    [
        ("rikken", ["Anna", "Bram", "Cor", "Dirk"], ["contract", "called_suit", "trump"]),
        ("malilla", ["Ana", "Beto", "Carmen", "Diego"], ["turn_rank", "turn_suit"]),
        ("trionfo", ["Anna", "Bruno", "Carla", "Dario", "Elena"], ["called_rank", "called_suit"]),
    ],
)
def test_every_choice_is_one_tap_not_a_native_select(game, players, fields):
    client, url = scoring(game, players)
    page = client.get(url).content.decode()
    start = page.index('class="deal-form"')
    form = page[start : page.index("</form>", start)]

    assert "<select" not in form
    for name in fields:
        assert re.search(rf'type="radio" name="{name}"', form), name
