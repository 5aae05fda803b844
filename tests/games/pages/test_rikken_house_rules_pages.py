"""Rikken's further house rules on the pages: the set-up and the club's house-rules page show
each new option with its one-line explanation (the special games as chips), the house-rule lines
say which contract rows have a rule of their own; the deal form offers the club's special games
as chips when the table chooses, and with six players the board says who sits out."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from games.models import Match, RulePreset
from games.pages.matches.house_rules import house_rule_lines
from games.rules.presets import PRESETS_BY_KEY
from tests.games.pages.test_pages import start

from .conftest import field_errors, page_text

pytestmark = pytest.mark.django_db

NEW_OPTIONS = ("undertricks", "simultaneous", "special_games", "special_stake")
CHOOSING = {"rule_all_pass": "choice", "rule_special_games": ["schuppen_mie", "mie_en"]}
SIX = {"player_4": "Eef", "player_5": "Fien"}


def test_the_set_up_shows_each_new_option_with_its_explanation(client):
    page = page_text(client.get("/new/rikken/"))

    for name in (*NEW_OPTIONS, "one_five_eleven_pays"):
        assert f'id="f-rule_{name}"' in page
    assert "the first trick short costs only the base" in page
    assert "only with the players who declared nothing" in page
    assert "the special games it chooses from, at least one" in page
    # the special games are chips (check boxes), one a game; six players may be typed
    assert page.count('type="checkbox" name="rule_special_games"') == 4
    assert 'name="player_5"' in page


def test_a_match_starts_with_the_tables_choice_and_six_players(client):
    start(client, "rikken", preset="", **CHOOSING, **SIX)

    rules = Match.objects.get().rules
    assert rules["players"] == 6
    assert (rules["all_pass"], rules["special_games"]) == ("choice", ["schuppen_mie", "mie_en"])


def test_the_set_up_refuses_a_choice_without_special_games(client):
    form = client.get("/new/rikken/").context["form"]
    data = {f.name: f.initial for f in form if f.initial not in (None, False, [])}
    data.update(
        {"player_0": "Anna", "player_1": "Bram", "player_2": "Cor", "player_3": "Dirk"},
        preset="",
        rule_all_pass="choice",
    )
    response = client.post("/new/rikken/", data)

    assert response.status_code in (200, 400)
    assert "Name the special games the table chooses from: at least one." in page_text(response)
    assert not Match.objects.exists()


def test_the_house_rule_lines_say_which_rows_have_a_rule_of_their_own():
    rules = {
        "partner_pays": "never",
        "all_pass": "choice",
        "special_games": ["mie_en", "one_five_eleven"],
        "special_stake": 20,
        "undertricks": "from_second",
        "contracts": ["rik", {"slug": "troela", "partner_pays": "always"}, "misere", "piek"],
    }

    lines = house_rule_lines("rikken", rules)

    assert "Troela: rank 2, its own partner pays: always" in lines
    assert "Special games the table chooses from: Mie en, 1-5-11" in lines
    assert "Special stake: 20" in lines
    assert "Undertricks: from second" in lines
    assert "Partner pays: never" in lines


def test_the_built_in_tables_lines_on_the_set_up(client):
    page = page_text(client.get("/new/rikken/?preset=rikken-in-tens"))

    assert "8 alleen: base 10, per trick 5, its own all tricks bonus: 0" in page
    assert "Troela: base 10, per trick 5, its own partner pays: always" in page
    assert "Special games the table chooses from: Schuppen mie, Mie en, 1-5-11" in page


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("nl", "8 alleen: basis 10, per slag 5, eigen bonus alle slagen: 0"),
        ("nl", "Misère: basis 30"),
        ("es", "Misère: base 30"),
        ("ja", "基本 10, 1トリックごと 5"),
        ("fa", "پایه 10, برای هر تریک 5"),
    ],
)
def test_the_rows_changes_are_said_in_the_pages_language(language, said):
    rules = dict(PRESETS_BY_KEY["rikken-in-tens"].rules)
    with translation.override(language):
        lines = " | ".join(house_rule_lines("rikken", rules))

    assert said in lines
    assert "per trick" not in lines


def submitted_unchanged(client, url: str, **extra):
    """The set-up at ``url`` sent as it opens, with four players."""
    form = client.get(url).context["form"]
    data = {
        name: ("on" if value is True else value)
        for name, value in ((f.name, f.initial) for f in form)
        if value not in (None, False) and not name.startswith("player_")
    }
    data.update({"player_0": "Anna", "player_1": "Bram", "player_2": "Cor", "player_3": "Dirk"})
    return client.post("/new/rikken/", {**data, **extra})


def test_the_table_in_tens_started_from_the_set_up_keeps_its_amounts(client):
    response = submitted_unchanged(client, "/new/rikken/?preset=rikken-in-tens")
    again = submitted_unchanged(client, f"/new/rikken/?again={Match.objects.get().public_id}")

    assert (response.status_code, again.status_code) == (302, 302)
    first, second = Match.objects.order_by("pk")
    for match in (first, second):
        rows = {row["slug"]: row for row in match.rules["contracts"]}
        rik, misere = rows["rik"], rows["misere"]
        assert (rik["base"], rik["per_trick"], misere["base"]) == (10, 5, 30)
        assert rows["troela"]["partner_pays"] == "always"
        assert rows["solo_8"]["all_tricks_bonus"] == 0
    assert second.rules == first.rules


def test_the_usual_table_shows_as_its_slugs_on_the_set_up(client):
    form = client.get("/new/rikken/").context["form"]

    assert form["rule_contracts"].initial.startswith("rik, rik_beter, solo_8, misere, piek")


def test_a_club_writes_house_rules_with_the_new_options(director_client, club):
    url = f"/director/c/{club.slug}/rules/rikken/"
    form_page = page_text(director_client.get(f"/director/c/{club.slug}/?rules=rikken"))
    data = {
        "name": "Zwaan tens",
        "rule_contracts": "rik, rik_beter, solo_8, misere, piek, troela",
        "rule_beter_suit": "hearts",
        "rule_partner_pays": "never",
        "rule_all_tricks_bonus": "1",
        "rule_all_pass": "choice",
        "rule_special_games": ["one_five_eleven"],
        "rule_troela": "obligatory",
        "rule_scoring": "payments",
        "rule_solo_first_bid": "on",
        "rule_undertricks": "from_second",
        "rule_simultaneous": "defenders_only",
        "rule_special_stake": "5",
        "rule_one_five_eleven_pays": "per_pair",
    }

    saved = director_client.post(url, data)
    listed = page_text(director_client.get(f"/director/c/{club.slug}/"))

    for name in NEW_OPTIONS:
        assert f'id="f-rule_{name}"' in form_page
    assert saved.status_code == 302
    rules = RulePreset.objects.get().rules
    assert rules["special_games"] == ["one_five_eleven"]
    assert (rules["undertricks"], rules["special_stake"]) == ("from_second", 5)
    assert "Special games the table chooses from: 1-5-11" in listed
    assert "One five eleven pays: per pair" in listed


# --- the deal form ---------------------------------------------------------------------------


@pytest.fixture
def choosing(client: Client) -> str:
    return start(client, "rikken", preset="", **CHOOSING)


def test_the_deal_form_offers_the_clubs_special_games_as_chips(client, choosing):
    page = page_text(client.get(choosing))

    assert page.count('name="special_game"') == 2
    assert 'value="schuppen_mie"' in page and 'value="mie_en"' in page
    assert 'value="one_five_eleven"' not in page
    assert 'name="action" value="redeal"' in page
    assert 'data-show-when="special_game=schuppen_mie"' in page
    assert 'data-show-when="special_game=mie_en"' in page


def test_each_all_pass_deal_names_its_game_or_is_dealt_again(client, choosing):
    first = client.post(
        f"{choosing}deals/",
        {
            "dealer": "0",
            "action": "all_pass",
            "special_game": "mie_en",
            **{f"count_{s}": str(q) for s, q in enumerate([2, 1, 1, 0])},
        },
    )
    again = client.post(f"{choosing}deals/", {"action": "redeal"})
    second = client.post(
        f"{choosing}deals/",
        {"action": "all_pass", "special_game": "schuppen_mie", "queen_of_spades": "2"}
        | {"last_trick": "3"},
    )
    deals = list(Match.objects.get().deals.order_by("number"))
    page = page_text(client.get(choosing))

    assert [r.status_code for r in (first, again, second)] == [302, 302, 302]
    assert [d.input.get("special", {}).get("game") for d in deals] == [
        "mie_en",
        None,
        "schuppen_mie",
    ]
    assert [d.outcome["payments"] for d in deals] == [
        [-10, -5, -5, 20],
        [0, 0, 0, 0],
        [10, 10, -10, -10],
    ]
    assert "Mie en" in page and "All passed: redeal" in page and "Schuppen mie" in page


def test_a_special_game_left_untapped_is_asked_for_at_its_chips(client, choosing):
    response = client.post(
        f"{choosing}deals/", {"dealer": "0", "action": "all_pass", "queen_of_spades": "1"}
    )

    assert field_errors(response, "special_game") == ["Tap the special game."]
    assert not Match.objects.get().deals.exists()


def test_with_six_players_the_board_says_who_sits_out(client):
    url = start(client, "rikken", preset="", **SIX)
    client.post(
        f"{url}deals/",
        {"dealer": "4", "contract": "solo_9", "declarer": "5", "trump": "clubs", "tricks": "9"},
    )
    page = page_text(client.get(url))

    # dealt by Eef (4), so Fien (5) deals next: Fien and Cor (5 + 3 = 2) sit out
    assert "Sit out <strong>Fien and Cor</strong>" in page.replace("\u2068", "").replace(
        "\u2069", ""
    )
    assert Match.objects.get().deals.get().outcome["payments"] == [-1, 0, -1, -1, 0, 3]


def test_with_six_players_a_player_sitting_out_is_refused_by_name(client):
    url = start(client, "rikken", preset="", **SIX)
    response = client.post(
        f"{url}deals/",
        {"dealer": "0", "contract": "solo_9", "declarer": "3", "trump": "clubs", "tricks": "9"},
    )

    (message,) = field_errors(response, "declarer")
    assert message.startswith("Dirk sits this deal out")


def test_a_chosen_special_game_is_corrected_from_the_game_and_counts_entered(client, choosing):
    client.post(
        f"{choosing}deals/",
        {
            "dealer": "0",
            "action": "all_pass",
            "special_game": "mie_en",
            **{f"count_{s}": str(q) for s, q in enumerate([2, 1, 1, 0])},
        },
    )

    form = client.get(f"{choosing}deals/1/edit/").context["form"]

    assert form.initial["special_game"] == "mie_en"
    assert [form.initial[f"count_{s}"] for s in range(4)] == [2, 1, 1, 0]
