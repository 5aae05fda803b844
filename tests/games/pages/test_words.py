"""Issue 27, "Words": what the pages said in English or as internal ids on every non-English
page, said in the reader's language; a Rikken individual table, which has no sides, confirmed by
another player than the one who scored; Persian pages in Persian digits; Malilla's albur asked
with the teams' names."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.test import Client
from django.utils import translation

from games.models import Match, Table
from games.rules import RuleViolation
from games.services import club_create, deal_record, deal_replace, match_create
from games.services.sessions import session_create
from games.services.table_keys import table_keys
from games.services.tables import Confirmer, table_confirm
from tests.factories import drawn_table
from tests.translations import back_to_english

from .conftest import page_text

pytestmark = pytest.mark.django_db

RIKKEN = ["Joost", "Marieke", "Sanne", "Willem"]
MISERE = {"dealer": 0, "contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]}


@pytest.fixture(autouse=True)
def _english_after():
    yield
    back_to_english()


def text(response) -> str:
    """The page's text, tags aside."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page_text(response)))


@pytest.fixture
def director(django_user_model):
    return django_user_model.objects.create_user("td_anna", password="pw-x-1234-long")


def individual_table(director, capture, *, preset: str = "") -> Table:
    """A Rikken individual event's one table, drawn, with a deal entered."""
    return drawn_table(
        capture, director=director, entrants=list(RIKKEN), first_deal=MISERE,
        **({"preset": preset} if preset else {}),
    )  # fmt: skip


# --- words left in English -------------------------------------------------------------------


def test_a_built_in_presets_name_is_said_in_the_readers_language(
    director, django_capture_on_commit_callbacks
):
    created = match_create(game="rikken", players=RIKKEN, preset="rikken-penalty-points")
    evening = session_create(players=RIKKEN, game="rikken", preset="rikken-penalty-points")
    phone = Client(HTTP_ACCEPT_LANGUAGE="it")
    phone.get(f"/s/{evening.session.public_id}/edit/{evening.edit_key}/")
    table = individual_table(
        director, django_capture_on_commit_callbacks, preset="rikken-penalty-points"
    )

    match_page = page_text(phone.get(f"/m/{created.match.public_id}/"))
    new_page = text(phone.get("/new/rikken/?preset=rikken-penalty-points"))
    evening_page = text(phone.get(f"/s/{evening.session.public_id}/"))
    tournament_page = text(phone.get(f"/t/{table.round.tournament.public_id}/"))

    assert created.match.preset == "Rikken in penalty points"  # kept as it started
    assert '<span class="small">Rikken a punti di penalità</span></h1>' in match_page
    assert "Regole: Rikken a punti di penalità" in new_page
    assert "Rikken · Rikken a punti di penalità" in evening_page  # the match, and "Again"
    assert "Di nuovo: Rikken · Rikken a punti di penalità" in evening_page
    assert "(Rikken a punti di penalità)" in tournament_page
    for page in (match_page, new_page, evening_page, tournament_page):
        assert "penalty points" not in page


def test_a_players_own_house_rules_keep_their_name():
    with translation.override("it"):
        from games.translation import preset_name

        assert preset_name("Zwaan's rules") == "Zwaan's rules"
        assert preset_name("Rikken in penalty points") == "Rikken a punti di penalità"
        assert preset_name("") == ""


def test_the_etori_board_names_trumps_in_the_readers_language():
    created = match_create(game="etori", players=["Aki", "Ben", "Chie", "Dai"])
    aces = [["hearts"], ["spades", "clubs", "diamonds"]]
    deal_record(match=created.match, raw={"trump": "hearts", "honours": [9, 7], "aces": aces})

    board = Client(HTTP_ACCEPT_LANGUAGE="ja").get(f"/m/{created.match.public_id}/")
    roles = re.search(r'class="next">.*?</(ul|dl)>', page_text(board)).group(0)

    assert "切り札" in roles and "ハート" in roles
    assert "hearts" not in roles


def test_a_director_who_confirms_is_named_once_in_the_readers_language(
    director, django_capture_on_commit_callbacks
):
    table = individual_table(director, django_capture_on_commit_callbacks)
    phone = Client(HTTP_ACCEPT_LANGUAGE="it")
    phone.force_login(director)

    with django_capture_on_commit_callbacks(execute=True):
        phone.post(f"/director/t/{table.round.tournament.public_id}/rounds/1/tables/1/confirm/")
    table.refresh_from_db()
    results = text(phone.get(f"/t/{table.round.tournament.public_id}/results/"))
    director_page = text(phone.get(f"/director/t/{table.round.tournament.public_id}/"))

    assert table.confirmed_by == "td_anna (director)"  # the account once, as the API says it
    assert "Confermato da td_anna (direttore)" in results
    assert "td_anna (direttore)" in director_page
    assert "director" not in results and "td_anna (director td_anna)" not in director_page


def test_an_older_record_of_a_director_and_a_table_are_said_in_words():
    from games.pages.tournaments.display import said_by

    with translation.override("nl"):
        assert said_by("td_anna (director td_anna)") == "td_anna (wedstrijdleider)"
        assert said_by("Anna Smit (director td_anna)") == (
            "Anna Smit (wedstrijdleider, account td_anna)"
        )
        assert said_by("the table") == said_by("table") == "de tafel"
        assert said_by("Sanne") == "Sanne"


def test_the_site_is_named_in_dutch_and_spanish():
    for language, name in (("nl", "Puntenteller"), ("es", "Anotador")):
        page = page_text(Client(HTTP_ACCEPT_LANGUAGE=language).get("/"))
        assert f'class="brand">{name}</a>' in page
        assert "Scorekeeper" not in page


def test_the_rating_is_explained_without_a_librarys_jargon(
    director, django_capture_on_commit_callbacks
):
    table = individual_table(director, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        table_confirm(table=table, by="td_anna", confirmer=Confirmer(director=director))
    club = table.round.tournament.club

    page = Client(HTTP_ACCEPT_LANGUAGE="it").get(f"/c/{club.slug}/ratings/?game=rikken")

    shown = text(page)
    assert "stima prudente della bravura di ogni giocatore" in shown
    assert "openskill" not in shown and "mu − 3σ" not in shown


def test_the_player_page_names_the_contracts(django_user_model):
    director = django_user_model.objects.create_user("dir")
    club = club_create(name="De Zwaan", director=director)
    from games.services import club_member_add

    joost = club_member_add(club=club, name="Joost")
    created = session_create(
        players=[joost.pk, "Bram", "Cor", "Dirk"], game="rikken", owner=director
    )
    deal_record(match=created.match, raw={**MISERE, "contracts": [
        {"contract": "misere", "declarer": 0, "tricks": 0}]})  # fmt: skip
    deal_record(match=created.match, raw={"contracts": [
        {"contract": "rik", "declarer": 0, "partner": 2, "trump": "spades",
         "called": {"rank": "A", "suit": "hearts"}, "tricks": 9}]})  # fmt: skip
    phone = Client(HTTP_ACCEPT_LANGUAGE="fa")
    phone.force_login(director)

    page = page_text(phone.get(f"/p/{joost.pk}/"))
    contracts = page[page.index("<h3>") :]
    rows = re.findall(r"<tr><td>([^<]*)</td>", contracts)

    with translation.override("fa"):
        from games.pages.games.rikken import contract_label

        assert rows == [contract_label("misere"), contract_label("rik")]
    assert all(re.fullmatch("[\u0600-\u06ff\u200c ]+", row) for row in rows), rows


def test_the_corrections_log_says_the_fields_in_the_readers_language(
    director, django_capture_on_commit_callbacks
):
    table = individual_table(director, django_capture_on_commit_callbacks)
    raw = {**MISERE, "contracts": [{**MISERE["contracts"][0], "tricks": 1}]}
    with django_capture_on_commit_callbacks(execute=True):
        deal_replace(match=table.match, number=1, raw=raw, user=None)
    phone = Client(HTTP_ACCEPT_LANGUAGE="it")
    phone.force_login(director)

    page = text(phone.get(f"/director/t/{table.round.tournament.public_id}/"))

    # Written as the history writes a deal, in the reader's language.
    assert re.search(r"Misère (\w+): 0 prese, riuscito → Misère \1: 1 presa, fallito", page)
    assert "il tavolo" in page  # recorded by "table": nobody was named
    assert "contracts" not in page and "tricks" not in page


# --- a table without sides -------------------------------------------------------------------


def test_an_individual_tables_card_and_pages_say_another_player_confirms(
    director, django_capture_on_commit_callbacks
):
    table = individual_table(director, django_capture_on_commit_callbacks)
    desk = Client()
    desk.force_login(director)
    scoring = Client()
    scoring.get(f"/m/{table.match.public_id}/edit/{table_keys(table).scoring}/")

    cards = text(desk.get(f"/director/t/{table.round.tournament.public_id}/rounds/1/cards/"))
    match_page = text(scoring.get(f"/m/{table.match.public_id}/"))
    stranger = Client().get(f"/m/{table.match.public_id}/confirm/")

    assert "the confirmation half to another player at the table" in cards
    assert "For another player at the table: at the end of the round" in cards
    assert "another player at the table confirms the result on their own phone" in match_page
    assert "Only another player's phone" in page_text(stranger)
    for page in (cards, match_page, page_text(stranger)):
        assert "other side" not in page


def test_the_scoring_phone_says_once_who_scores_and_the_confirmation_leaves_them_out(
    director, django_capture_on_commit_callbacks
):
    table = individual_table(director, django_capture_on_commit_callbacks)
    match = table.match.public_id
    scoring = Client()
    scoring.get(f"/m/{match}/edit/{table_keys(table).scoring}/")
    confirming = Client()
    confirming.get(f"/m/{match}/confirm/{table_keys(table).confirmation}/")
    before = page_text(confirming.get(f"/m/{match}/confirm/"))
    asked = page_text(scoring.get(f"/m/{match}/"))
    desk = Client()
    desk.force_login(director)
    not_asked = page_text(desk.get(f"/m/{match}/"))  # a director scores for nobody

    seated = [seat.player.name for seat in table.match.seats.order_by("number")]
    scorer, *others = seated
    stranger = Client().post(f"/m/{match}/scorer/", {"scorer": "0"})
    told = scoring.post(f"/m/{match}/scorer/", {"scorer": "0"})  # the first seat scores
    again = page_text(scoring.get(f"/m/{match}/"))
    after = page_text(confirming.get(f"/m/{match}/confirm/"))
    by_scorer = confirming.post(f"/m/{match}/confirm/", {"by": scorer})

    assert all(f'value="{name}"' in before for name in RIKKEN)
    assert "Who enters the deals on this phone?" in asked
    assert all(f'name="scorer" value="{seat}"' in asked for seat in range(4))
    assert "Who enters the deals" not in not_asked
    assert stranger.status_code == 403
    assert told.status_code == 302 and told["Location"].endswith(f"/m/{match}/#board")
    table.refresh_from_db()
    assert table.scorer == 0
    assert "Who enters the deals" not in again  # asked once
    # A wrong name can be changed until the result is confirmed, folded away meanwhile.
    assert f"Deals entered on this phone by {scorer}: change" in again
    assert scoring.post(f"/m/{match}/scorer/", {"scorer": "1"}).status_code == 302
    table.refresh_from_db()
    assert table.scorer == 1
    assert scoring.post(f"/m/{match}/scorer/", {"scorer": "0"}).status_code == 302
    assert f'value="{scorer}"' not in after
    assert all(f'value="{name}"' in after for name in others)
    assert by_scorer.status_code == 400  # not a choice on the page
    table.refresh_from_db()
    assert table.confirmed_at is None
    with django_capture_on_commit_callbacks(execute=True):
        done = confirming.post(f"/m/{match}/confirm/", {"by": others[-1]})
    assert done.status_code == 302
    table.refresh_from_db()
    assert table.confirmed_by == others[-1]


def test_the_scorer_cannot_confirm_through_the_service_either(
    director, django_capture_on_commit_callbacks
):
    from games.services.tables import table_scorer_set

    table = individual_table(director, django_capture_on_commit_callbacks)
    table_scorer_set(table=table, seat=2, key=table_keys(table).scoring, user=None)
    scorer = table.match.seats.get(number=2).player.name

    with pytest.raises(RuleViolation) as refused:
        table_confirm(table=table, by=scorer.lower(), confirmer=Confirmer())
    with pytest.raises(RuleViolation):
        table_scorer_set(table=table, seat=7, key=table_keys(table).scoring, user=None)

    assert f"{scorer} entered the deals" in str(refused.value.errors["by"][0])
    table.refresh_from_db()
    assert table.confirmed_at is None and table.scorer == 2


def test_a_pairs_table_keeps_speaking_of_the_other_side(
    director, django_capture_on_commit_callbacks
):
    table = drawn_table(
        django_capture_on_commit_callbacks, director=director, name="Pairs", game="marafon",
        format="swiss", entrants=[("Ana", "Bea"), ("Cor", "Dai")],
        first_deal={"battezzante": 0, "trump": "cups", "points": [7, 4]},
    )  # fmt: skip
    scoring = Client()
    scoring.get(f"/m/{table.match.public_id}/edit/{table_keys(table).scoring}/")

    page = text(scoring.get(f"/m/{table.match.public_id}/"))

    assert "a player of the other side confirms the result" in page
    assert "Who enters the deals" not in page


# --- numbers on Persian pages ----------------------------------------------------------------


def test_a_persian_page_writes_its_numbers_in_persian_digits_and_its_forms_keep_theirs():
    created = match_create(game="marafon", players=["آنا", "برام", "Cor", "Dirk"])
    deal_record(match=created.match, raw={"battezzante": 0, "trump": "cups", "points": [7, 4]})
    phone = Client(HTTP_ACCEPT_LANGUAGE="fa")
    phone.get(f"/m/{created.match.public_id}/edit/{created.edit_key}/")

    page = phone.get(f"/m/{created.match.public_id}/")
    html = page_text(page)
    english = page_text(Client().get(f"/m/{created.match.public_id}/"))

    assert "۷ – ۴" in html  # the deal's line
    assert '<span class="big">۷</span>' in html  # the scoreboard
    assert 'value="7"' in html and 'name="version" value="1"' in html  # what the form sends
    assert f"/m/{created.match.public_id}/" in html  # addresses as they are
    assert int(page["Content-Length"]) == len(page.content)
    assert "7 – 4" in english and "۷" not in english
    # A deal typed in Persian or Western digits is read alike.
    sent = phone.post(
        f"/m/{created.match.public_id}/deals/",
        {"version": "1", "trump": "coins", "points": "۵"},
    )
    assert sent.status_code == 302
    assert created.match.deals.get(number=2).input["points"] == [5, 6]


def test_persian_digits_leave_markup_code_addresses_and_names_as_written():
    from games.digits import native_digits_html

    html = (
        '<p title="Deal 12" data-n="3">Deal 12: 7 – 4, 0.50, 1,000 &#x27;x&#39;</p>'
        '<textarea name="t">P1</textarea><code>/api/v1/</code><bdi>Ali 2</bdi>'
        " http://testserver/m/A7b/ 20:30<br/>3"
    )

    shown = native_digits_html(html, "fa")

    assert shown == (
        '<p title="Deal ۱۲" data-n="3">Deal ۱۲: ۷ – ۴, ۰٫۵۰, ۱٬۰۰۰ &#x27;x&#39;</p>'
        '<textarea name="t">P1</textarea><code>/api/v1/</code><bdi>Ali 2</bdi>'
        " http://testserver/m/A7b/ ۲۰:۳۰<br/>۳"
    )
    assert native_digits_html(html, "it") == html


def test_the_api_keeps_western_digits_in_persian():
    created = match_create(game="marafon", players=["A", "B", "C", "D"])
    deal_record(match=created.match, raw={"battezzante": 0, "trump": "cups", "points": [7, 4]})

    answer = Client().get(f"/api/v1/matches/{created.match.public_id}/", HTTP_ACCEPT_LANGUAGE="fa")

    assert answer["Content-Language"] == "fa"
    assert answer.json()["state"]["scores"] == [7, 4]


# --- Malilla's albur ---------------------------------------------------------------------------


def test_malillas_albur_is_asked_with_the_teams_names_as_chips():
    phone = Client(HTTP_ACCEPT_LANGUAGE="en")
    empty = page_text(phone.get("/new/malilla/"))
    refused = page_text(
        phone.post(
            "/new/malilla/",
            {"player_0": "Ana", "player_1": "Beto", "player_2": "", "player_3": "Diego"},
        )
    )
    form = phone.get("/new/malilla/").context["form"]
    usual = {f.name: f.initial for f in form if f.name.startswith("rule_")}
    started = phone.post(
        "/new/malilla/",
        {**{k: v for k, v in usual.items() if v not in (None, False)},
         "player_0": "Ana", "player_1": "Beto", "player_2": "Carmen", "player_3": "Diego",
         "albur": "1"},
    )  # fmt: skip

    assert "<select" not in re.search(r'id="f-albur".*?</(fieldset|div)>', empty, re.S).group(0)
    assert 'type="radio" name="albur" value=""' in empty and "Not played" in empty
    assert "Player 1 &amp; Player 3" in empty and "Player 2 &amp; Player 4" in empty
    assert "Team 1" not in empty and "Team 2" not in empty
    assert "Ana &amp; Player 3" in refused and "Beto &amp; Diego" in refused
    assert started.status_code == 302, started.context["form"].errors
    match = Match.objects.get()
    assert match.setup["albur"] == 1
    assert match.state["scores"] == [0, 5]  # Beto & Diego won the draw


def test_the_stake_of_a_money_game_is_shown_in_persian_digits():
    evening = session_create(players=["آنا", "برام", "Cor", "Dirk"], game="rikken",
                             stake=Decimal("0.5"))  # fmt: skip
    deal_record(match=evening.match, raw=MISERE)

    page = Client(HTTP_ACCEPT_LANGUAGE="fa").get(f"/m/{evening.match.public_id}/settle/")

    assert "۰٫۵" in page_text(page) or "۰٫۵۰" in page_text(page)
    assert not re.search(r">[^<]*\b0\.5", page_text(page))


def test_who_scored_a_table_travels_with_the_tournaments_export(
    director, django_capture_on_commit_callbacks
):
    from django.utils import timezone

    from games.services.exports import tournament_export
    from games.services.imports import document_import
    from games.services.tables import table_scorer_set

    table = individual_table(director, django_capture_on_commit_callbacks)
    table_scorer_set(table=table, seat=3, key=table_keys(table).scoring, user=None)
    document = tournament_export(table.round.tournament, now=timezone.now())
    older = tournament_export(table.round.tournament, now=timezone.now())
    older["tournament"]["rounds_drawn"][0]["tables"][0].pop("scorer")

    document_import(document, new_ids=True)
    document_import(older, new_ids=True)

    assert document["tournament"]["rounds_drawn"][0]["tables"][0]["scorer"] == 3
    assert sorted(Table.objects.values_list("scorer", flat=True), key=str) == [3, 3, None]
