"""The tournament pages through Django's test client: the directors' pages, the public ones, and
confirming a table's result from the phone that holds its link."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client

from games.models import Correction, Entrant, Player, Round, Table, Tournament
from games.services import club_member_add, deal_record, deal_replace, deal_undo
from games.services.rounds import round_draw_request
from games.services.table_keys import table_keys
from games.services.tables import Confirmer, seated_names, table_confirm, table_reopen
from games.services.tournaments import entrant_register, tournament_create

from .conftest import PASSWORD, asked_then_confirmed, field_errors, page_text

pytestmark = pytest.mark.django_db

MISERE = {"dealer": 0, "contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]}
NEW_RIKKEN = {
    "name": "Thursday drive",
    "game": "rikken",
    "preset": "",
    "format": "individual",
    "rounds": "2",
    "round_kind": "deals",
    "deals_per_round": "2",
    "table_size": "",
}


def make_tournament(club, director, **extra) -> Tournament:
    arguments = {
        "name": "Thursday drive",
        "game": "rikken",
        "format": "individual",
        "rounds": 2,
        "round_kind": "deals",
        "deals_per_round": 2,
        **extra,
    }
    return tournament_create(club=club, user=director, **arguments)


@pytest.fixture
def tournament(club, director):
    return make_tournament(club, director)


def register(tournament, count: int) -> None:
    for n in range(1, count + 1):
        entrant_register(tournament=tournament, name=f"P{n}")


def draw(tournament, director, capture) -> Round:
    with capture(execute=True):
        drawn = round_draw_request(tournament=tournament, user=director)
    drawn.refresh_from_db()
    return drawn


@pytest.fixture
def drawn(tournament, director, django_capture_on_commit_callbacks) -> Round:
    register(tournament, 8)
    return draw(tournament, director, django_capture_on_commit_callbacks)


def director_url(tournament, rest: str = "") -> str:
    return f"/director/t/{tournament.public_id}/{rest}"


def table_phone(table: Table) -> Client:
    """A phone that opened the scoring link from the table's card."""
    phone = Client()
    opened = phone.get(f"/m/{table.match.public_id}/edit/{table_keys(table).scoring}/")
    assert opened.status_code == 302
    return phone


def confirming_phone(table: Table) -> Client:
    """The other side's phone, that opened the confirmation half of the table's card."""
    phone = Client()
    opened = phone.get(f"/m/{table.match.public_id}/confirm/{table_keys(table).confirmation}/")
    assert opened.status_code == 302
    assert opened["Location"] == f"/m/{table.match.public_id}/confirm/"  # no key in the address
    return phone


# --- who sees what -----------------------------------------------------------------------------


def test_director_pages_send_a_visitor_to_the_sign_in(client, tournament):
    for url in ("/director/", "/director/new/", director_url(tournament)):
        response = client.get(url)

        assert response.status_code == 302
        assert response["Location"].startswith("/accounts/login/?next=")


def test_another_account_is_refused_and_nothing_is_written(stranger_client, tournament):
    pages = [director_url(tournament), director_url(tournament, "rounds/1/cards/")]
    posts = [
        (director_url(tournament, "entrants/"), {"several": "Anna\nBruno"}),
        (director_url(tournament, "draw/"), {}),
        ("/director/new/", {**NEW_RIKKEN}),
    ]

    gets = [stranger_client.get(url).status_code for url in pages]
    refused = [stranger_client.post(url, data).status_code for url, data in posts]

    assert gets == [403, 403]
    assert refused == [403, 403, 403]
    assert Entrant.objects.count() == 0
    assert Round.objects.count() == 0
    assert Tournament.objects.count() == 1


def test_public_pages_need_no_account_and_show_no_table_keys(client, drawn):
    tournament = drawn.tournament
    base = f"/t/{tournament.public_id}/"

    pages = {url: client.get(url) for url in (base, f"{base}live/", f"{base}results/")}
    listing = client.get("/tournaments/")
    version = client.get(f"{base}version/")

    assert all(page.status_code == 200 for page in pages.values())
    keys = [k for t in Table.objects.all() for k in vars(table_keys(t)).values()]
    assert len(keys) == 4
    assert all(key not in page_text(page) for page in pages.values() for key in keys)
    assert tournament.name in page_text(listing)
    assert version.json()["version"]


def test_the_sign_in_page_leads_to_the_director_pages(client, director):
    page = client.get("/accounts/login/")
    signed_in = client.post("/accounts/login/", {"username": "dir", "password": PASSWORD})
    wrong = Client().post("/accounts/login/", {"username": "dir", "password": "nope"})
    signed_out = client.post("/accounts/logout/")

    assert page.status_code == 200 and b'name="password"' in page.content
    assert signed_in.status_code == 302 and signed_in["Location"] == "/director/"
    assert wrong.status_code == 400 and b'class="error"' in wrong.content
    assert signed_out.status_code == 302
    assert client.get("/director/").status_code == 302


def test_the_home_page_and_nav_link_the_tournaments(client, director_client):
    home = page_text(client.get("/"))
    signed_in = page_text(director_client.get("/"))

    assert 'href="/tournaments/"' in home
    assert 'href="/director/"' not in home
    assert 'href="/director/"' in signed_in and "Sign out" in signed_in


# --- creating a tournament ---------------------------------------------------------------------


def test_a_director_creates_a_tournament_from_the_form(director_client, club):
    form = director_client.get("/director/new/")

    response = director_client.post("/director/new/", {**NEW_RIKKEN, "club": club.pk})

    assert form.status_code == 200
    tournament = Tournament.objects.get()
    assert response.status_code == 302
    assert response["Location"] == director_url(tournament)
    assert (tournament.game, tournament.rounds, tournament.deals_per_round) == ("rikken", 2, 2)
    assert tournament.table_size == 4
    assert page_text(director_client.get("/director/")).count(tournament.name) == 1


def test_a_pairs_tournament_keeps_its_tie_breaks_in_order(director_client, club):
    response = director_client.post(
        "/director/new/",
        {
            **NEW_RIKKEN,
            "club": club.pk,
            "game": "marafon",
            "preset": "marafon-31",
            "format": "swiss",
            "round_kind": "game",
            "deals_per_round": "",
            "tie_break_1": "buchholz",
            "tie_break_2": "difference",
        },
    )

    assert response.status_code == 302
    tournament = Tournament.objects.get()
    assert tournament.tie_breaks == ["buchholz", "difference"]
    assert tournament.rules["target"] == 31


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"format": "swiss"}, "format"),  # Rikken has no partnerships
        ({"deals_per_round": ""}, "deals_per_round"),
        ({"round_kind": "game"}, "deals_per_round"),  # a game round counts no deals
        ({"table_size": "7"}, "table_size"),
        ({"name": " "}, "name"),
        ({"preset": "marafon-31"}, "preset"),  # a Marafon preset for Rikken
        ({"rounds": "0"}, "rounds"),
        ({"tie_break_1": "buchholz", "tie_break_2": "buchholz"}, "tie_break_2"),
    ],
)
def test_a_bad_tournament_is_refused_next_to_its_field(director_client, club, change, field):
    response = director_client.post("/director/new/", {**NEW_RIKKEN, "club": club.pk, **change})

    assert response.status_code == 400
    assert field_errors(response, field)
    assert Tournament.objects.count() == 0


# --- entrants ----------------------------------------------------------------------------------


def test_registering_several_players_from_the_textarea(director_client, tournament):
    member = club_member_add(club=tournament.club, name="Elena")
    page = page_text(director_client.get(director_url(tournament)))

    response = director_client.post(
        director_url(tournament, "entrants/"),
        {"player": "Anna", "several": "Bruno\n\n  Carla \nelena\n"},
    )

    assert '<option value="Elena">' in page
    assert response.status_code == 302
    names = [e.player.name for e in Entrant.objects.order_by("seed")]
    assert names == ["Anna", "Bruno", "Carla", "Elena"]
    assert Entrant.objects.get(player__name="Elena").player == member  # not a new player
    assert Player.objects.filter(name__iexact="elena").count() == 1


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({"several": "Anna\nBruno\nanna"}, "several", "Line 3 (anna): anna is typed twice."),
        ({"several": "Anna & Bruno"}, "several", "one by one"),
        ({"several": "P1"}, "several", "P1 is already in."),
        ({"player": "P2"}, "player", "P2 is already in."),
        ({"several": "\n \n"}, None, "Type a name"),
        ({"several": "\n".join(f"N{n}" for n in range(201))}, "several", "At most 200 at once."),
    ],
)
def test_a_refused_line_registers_nobody(director_client, tournament, data, field, message):
    entrant_register(tournament=tournament, name="P1")
    entrant_register(tournament=tournament, name="P2")

    response = director_client.post(director_url(tournament, "entrants/"), data)

    assert response.status_code == 400
    errors = (
        field_errors(response, field)
        if field
        else re.findall(r'class="error" role="alert">([^<]*)<', page_text(response))
    )
    assert any(message in e for e in errors), errors
    assert Entrant.objects.count() == 2


def test_a_line_the_service_refuses_takes_the_whole_batch_back(
    director_client, tournament, monkeypatch
):
    from games.services import Conflict
    from games.services import tournaments as service

    calls = []

    def register_until_the_third(**kwargs):
        calls.append(kwargs["name"])
        if len(calls) == 3:
            raise Conflict("The tournament is over.")
        return entrant_register(**kwargs)

    monkeypatch.setattr(service, "entrant_register", register_until_the_third)

    response = director_client.post(
        director_url(tournament, "entrants/"), {"several": "Anna\nBruno\nCarla\nDario"}
    )

    assert response.status_code == 400
    assert field_errors(response, "several") == ["Line 3 (Carla): The tournament is over."]
    assert calls == ["Anna", "Bruno", "Carla"]
    assert Entrant.objects.count() == 0
    assert not Player.objects.filter(name__in=["Anna", "Bruno"]).exists()


def test_pairs_register_from_the_textarea_and_a_lone_name_is_refused(
    director_client, club, director
):
    pairs = make_tournament(
        club, director, game="marafon", format="swiss", round_kind="game", deals_per_round=None
    )

    refused = director_client.post(
        director_url(pairs, "entrants/"), {"several": "Anna & Bruno\nCarla"}
    )
    registered = director_client.post(
        director_url(pairs, "entrants/"),
        {"player": "Elena", "partner": "Fabio", "several": "Anna & Bruno\nCarla&Dario"},
    )

    assert refused.status_code == 400
    assert field_errors(refused, "several") == ["Line 2 (Carla): Write a pair as Anna & Bruno."]
    assert registered.status_code == 302
    assert [e.name for e in Entrant.objects.order_by("seed")] == [
        "Elena & Fabio",
        "Anna & Bruno",
        "Carla & Dario",
    ]


def test_check_in_withdraw_and_reinstate(director_client, tournament):
    entrant = entrant_register(tournament=tournament, name="Anna")
    url = director_url(tournament, f"entrants/{entrant.pk}/")

    statuses = []
    for status in ("checked_in", "withdrawn", "registered"):
        assert director_client.post(url, {"status": status}).status_code == 302
        entrant.refresh_from_db()
        statuses.append(entrant.status)
    bad = director_client.post(url, {"status": "gone"}, follow=True)

    assert statuses == ["checked_in", "withdrawn", "registered"]
    assert b"Must be one of" in bad.content
    entrant.refresh_from_db()
    assert entrant.status == "registered"


# --- drawing -----------------------------------------------------------------------------------


def test_drawing_a_round_shows_its_tables_links_and_report(
    director_client, tournament, django_capture_on_commit_callbacks
):
    register(tournament, 8)

    with django_capture_on_commit_callbacks(execute=True):
        response = director_client.post(director_url(tournament, "draw/"))
    page = page_text(director_client.get(director_url(tournament)))

    assert response.status_code == 302 and response["Location"].endswith("#round-1")
    assert Round.objects.get().status == "ready"
    tables = list(Table.objects.select_related("match"))
    assert len(tables) == 2
    for table in tables:
        keys = table_keys(table)
        assert f"/m/{table.match.public_id}/edit/{keys.scoring}/" in page
        assert f"/m/{table.match.public_id}/confirm/{keys.confirmation}/" in page
    assert "Nobody meets a player they have met before." in page  # the draw's notes
    assert "0 repeats" in page
    assert "Draw round 2" in page
    assert page.count('<li id="r1-t') == 2


def test_a_swiss_draw_shows_its_pairs_bye_and_report(
    director_client, club, director, django_capture_on_commit_callbacks
):
    swiss = make_tournament(
        club, director, game="marafon", format="swiss", round_kind="game", deals_per_round=None
    )
    for first, second in ["AB", "CD", "EF", "GH", "IJ"]:
        entrant_register(tournament=swiss, name=first * 3, partner_name=second * 3)
    drawn = draw(swiss, director, django_capture_on_commit_callbacks)

    page = unescape(page_text(director_client.get(director_url(swiss))))

    assert drawn.status == "ready"
    bye = Table.objects.get(match__isnull=True)
    bye_name = Entrant.objects.get(pk=bye.seating[0]).name
    assert f"bye: {bye_name}" in page
    assert "0 rematches" in page
    assert page.count('<li id="r1-t') == 3
    played = Table.objects.filter(match__isnull=False).count()
    assert page.count('class="entry-link"') == played == 2
    assert " – " in page  # a table's two pairs


def test_a_round_being_drawn_refreshes_itself(
    director_client, tournament, director, django_capture_on_commit_callbacks
):
    register(tournament, 8)
    with django_capture_on_commit_callbacks(execute=False):  # the job has not run yet
        round_draw_request(tournament=tournament, user=director)

    page = page_text(director_client.get(director_url(tournament)))

    assert "being drawn" in page
    assert '<meta http-equiv="refresh"' in page
    assert f'data-poll="/t/{tournament.public_id}/version/"' in page
    assert "Draw round" not in page


def test_a_failed_draw_shows_why_and_can_be_drawn_again(
    director_client, tournament, django_capture_on_commit_callbacks
):
    register(tournament, 3)

    with django_capture_on_commit_callbacks(execute=True):
        director_client.post(director_url(tournament, "draw/"))
    page = page_text(director_client.get(director_url(tournament)))

    assert Round.objects.get().status == "failed"
    assert "cannot fill a table of 4" in page
    assert "Draw round 1 again" in page


def test_a_draw_the_service_refuses_is_a_message(director_client, drawn):
    tournament = drawn.tournament

    response = director_client.post(director_url(tournament, "draw/"), follow=True)

    assert b"not confirmed" in response.content
    assert Round.objects.count() == 1


def test_table_cards_hold_one_qr_code_per_table(director_client, stranger_client, drawn):
    tournament = drawn.tournament
    url = director_url(tournament, "rounds/1/cards/")

    page = page_text(director_client.get(url))

    tables = list(Table.objects.select_related("match").prefetch_related("match__seats__player"))
    assert page.count("<svg") == 2 * len(tables) == 4  # a scoring and a confirmation code each
    assert page.count('class="card"') == 2
    halves = re.findall(r'<section class="card-half (\w+)">(.*?)</section>', page, re.S)
    assert [kind for kind, _ in halves] == ["scoring", "confirmation"] * 2
    for table, (scoring, confirmation) in zip(
        tables, zip(halves[::2], halves[1::2], strict=True), strict=True
    ):
        keys = table_keys(table)
        assert f"/m/{table.match.public_id}/edit/{keys.scoring}/" in scoring[1]
        assert keys.confirmation not in scoring[1]
        assert f"/m/{table.match.public_id}/confirm/{keys.confirmation}/" in confirmation[1]
        assert keys.scoring not in confirmation[1]
        assert "<svg" in scoring[1] and "<svg" in confirmation[1]
        names = [s.player.name for s in table.match.seats.order_by("number")]
        assert "".join(f"<li>{n}</li>" for n in names) in page  # in seat order
    assert stranger_client.get(url).status_code == 403


# --- confirming --------------------------------------------------------------------------------


def test_the_other_side_confirms_the_result_on_its_own_phone(
    drawn, django_capture_on_commit_callbacks
):
    table = Table.objects.select_related("match").first()
    scorer = table_phone(table)
    deal_record(match=table.match, raw=MISERE)
    names = [s.player.name for s in table.match.seats.order_by("number")]
    scorer_page = page_text(scorer.get(f"/m/{table.match.public_id}/"))
    phone = confirming_phone(table)
    page = phone.get(f"/m/{table.match.public_id}/confirm/")

    with django_capture_on_commit_callbacks(execute=True):
        response = phone.post(f"/m/{table.match.public_id}/confirm/", {"by": names[2]})
    after = page_text(phone.get(f"/m/{table.match.public_id}/confirm/"))

    assert 'name="by"' not in scorer_page  # the scoring phone does not confirm
    assert "another player at the table confirms the result on their own phone" in scorer_page
    shown = page_text(page)
    assert "round 1, table 1" in shown
    assert "The result after 1 deal" in shown
    assert all(f'value="{name}"' in shown for name in names)  # one tap on one's own name
    assert [row["label"] for row in page.context["scores"]] == names
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.confirmed_by == names[2]
    assert f"Confirmed by {names[2]}." in after
    assert f"Result confirmed by {names[2]} at" in after
    assert 'name="by"' not in after  # confirmed once
    tournament = Tournament.objects.get()
    assert tournament.standings_dirty is False
    assert tournament.standings[0]["name"] == names[1]  # the misère's +15


def test_after_the_rounds_deals_the_phone_asks_for_confirmation_not_a_deal(drawn):
    table = Table.objects.select_related("match").first()
    phone = table_phone(table)
    deal_record(match=table.match, raw=MISERE)
    one = page_text(phone.get(f"/m/{table.match.public_id}/"))
    deal_record(
        match=table.match, raw={"contracts": [{"contract": "misere", "declarer": 2, "tricks": 0}]}
    )

    two = page_text(phone.get(f"/m/{table.match.public_id}/"))

    assert 'class="deal-form"' in one and "deals are in" not in one
    assert 'class="deal-form"' not in two
    assert "The round's 2 deals are in." in two
    assert "confirmation half of the table card" in two and 'name="by"' not in two


def test_confirming_needs_the_confirmation_link_and_one_of_the_tables_players(drawn):
    table = Table.objects.select_related("match").first()
    deal_record(match=table.match, raw=MISERE)
    url = f"/m/{table.match.public_id}/confirm/"
    other = Table.objects.exclude(pk=table.pk).select_related("match").first()
    names = seated_names(table)

    stranger = Client().post(url, {"by": names[0]})
    scorer = table_phone(table).post(url, {"by": names[0]})  # the scoring key cannot confirm
    other_table = confirming_phone(other)
    other_table.get(f"/m/{table.match.public_id}/confirm/{table_keys(other).confirmation}/")
    crossed = other_table.post(url, {"by": names[0]})
    nobody = confirming_phone(table).post(url, {"by": "Someone else"})
    disputed_by_scorer = table_phone(table).post(
        f"/m/{table.match.public_id}/dispute/", {"by": names[0], "reason": "wrong"}
    )

    assert stranger.status_code == 403
    assert scorer.status_code == 403
    assert crossed.status_code == 403
    assert disputed_by_scorer.status_code == 403
    assert nobody.status_code == 400
    assert field_errors(nobody, "by")
    table.refresh_from_db()
    assert table.confirmed_at is None and table.disputed_at is None


def test_the_confirmation_link_cannot_score(drawn):
    table = Table.objects.select_related("match").first()
    phone = confirming_phone(table)

    page = page_text(phone.get(f"/m/{table.match.public_id}/"))
    posted = phone.post(f"/m/{table.match.public_id}/deals/", MISERE)
    as_edit_link = Client().get(
        f"/m/{table.match.public_id}/edit/{table_keys(table).confirmation}/"
    )

    assert 'class="deal-form"' not in page
    assert posted.status_code == 403
    assert as_edit_link.status_code == 403
    assert table.match.deals.count() == 0


def test_a_dispute_flags_the_table_for_the_directors_who_settle_it(
    director_client, drawn, django_capture_on_commit_callbacks
):
    table = Table.objects.select_related("match").first()
    deal_record(match=table.match, raw=MISERE)
    names = seated_names(table)
    phone = confirming_phone(table)
    base = f"/m/{table.match.public_id}/"

    no_reason = phone.post(f"{base}dispute/", {"by": names[1], "reason": " "})
    disputed = phone.post(f"{base}dispute/", {"by": names[1], "reason": "Deal 1 was 7 tricks"})
    shown = page_text(phone.get(f"{base}confirm/"))
    director_page = page_text(director_client.get(director_url(drawn.tournament)))
    with django_capture_on_commit_callbacks(execute=True):
        settled = director_client.post(
            director_url(drawn.tournament, f"rounds/1/tables/{table.number}/confirm/")
        )
    after = page_text(director_client.get(director_url(drawn.tournament)))

    assert no_reason.status_code == 400
    assert disputed.status_code == 302
    assert "Result disputed by" in shown and "Deal 1 was 7 tricks" in shown
    assert "Disputed by" in director_page and "Deal 1 was 7 tricks" in director_page
    assert "Settle: confirm as it stands" in director_page
    assert settled.status_code == 302
    table.refresh_from_db()
    assert table.confirmed_by == "dir (director)"
    assert table.dispute_reason == "Deal 1 was 7 tricks"  # kept on record
    assert "(settled)" in after


def test_a_friendly_match_has_no_tournament_parts(client):
    from games.services import match_create

    created = match_create(game="rikken", players=["Anna", "Bram", "Cor", "Dirk"], rules={})
    client.get(f"/m/{created.match.public_id}/edit/{created.edit_key}/")
    deal_record(match=created.match, raw=MISERE)

    page = page_text(client.get(f"/m/{created.match.public_id}/"))
    confirm = client.post(f"/m/{created.match.public_id}/confirm/", {"by": "Anna"})

    assert "Confirm the result" not in page
    assert confirm.status_code == 404


def test_the_director_confirms_a_table(
    director_client, drawn, director, django_capture_on_commit_callbacks
):
    table = Table.objects.select_related("match").first()
    url = director_url(drawn.tournament, f"rounds/1/tables/{table.number}/confirm/")
    empty = director_client.post(url, follow=True)
    deal_record(match=table.match, raw=MISERE)

    with django_capture_on_commit_callbacks(execute=True):
        director_client.post(url)
    page = page_text(director_client.get(director_url(drawn.tournament)))

    assert b"Nothing has been entered" in empty.content
    table.refresh_from_db()
    # The account is said once when it is the director's name.
    assert table.confirmed_by == "dir (director)"
    assert "Confirmed by dir (director) at" in page


def test_the_correction_log_shows_who_changed_what(
    director_client, director, drawn, django_capture_on_commit_callbacks
):
    table = Table.objects.select_related("match").first()
    deal_record(match=table.match, raw=MISERE)
    with django_capture_on_commit_callbacks(execute=True):
        table_confirm(table=table, by=seated_names(table)[2], confirmer=Confirmer())
        deal_replace(
            match=table.match,
            number=1,
            raw={**MISERE, "contracts": [{**MISERE["contracts"][0], "tricks": 1}]},
            by="P3",
            user=director,
        )

    page = page_text(director_client.get(director_url(drawn.tournament)))
    declarer = seated_names(table)[1]

    assert Correction.objects.count() == 1
    assert "R1 T1 deal 1" in page
    # In the history's words, never the stored entry: "contracts 1 tricks: 0 → 1".
    assert (
        f"corrected: Misère {declarer}: 0 tricks, made → Misère {declarer}: 1 trick, failed"
        in unescape(page)
    )
    log = page[page.index('id="corrections"') :]
    log = log[: log.index("</section>")]
    assert "contracts" not in log and "{" not in log


def test_the_correction_log_says_a_reopening_and_an_undo_in_words(
    director_client, director, drawn, django_capture_on_commit_callbacks
):
    table = Table.objects.select_related("match").first()
    deal_record(match=table.match, raw=MISERE)
    deal_record(
        match=table.match, raw={"contracts": [{"contract": "piek", "declarer": 2, "tricks": 1}]}
    )
    confirmer = seated_names(table)[2]
    with django_capture_on_commit_callbacks(execute=True):
        table_confirm(table=table, by=confirmer, confirmer=Confirmer())
        table_reopen(table=table, by="", confirmer=Confirmer(director=director))
        deal_undo(match=table.match, number=2, user=director)

    log = unescape(page_text(director_client.get(director_url(drawn.tournament))))
    log = log[log.index('id="corrections"') :]
    log = log[: log.index("</section>")]
    piek = seated_names(table)[2]

    # A reopening concerns no deal: no "deal 0", and who had confirmed it.
    assert "deal 0" not in log
    assert f"reopened to correct: confirmed by {confirmer} before" in log
    assert f"undone: Piek {piek}: 1 trick, made" in log


# --- the live and results pages ----------------------------------------------------------------


def confirm_first_table(django_capture_on_commit_callbacks) -> Table:
    table = Table.objects.select_related("match").first()
    deal_record(match=table.match, raw=MISERE)
    with django_capture_on_commit_callbacks(execute=True):
        return table_confirm(table=table, by=seated_names(table)[2], confirmer=Confirmer())


def test_the_live_page_shows_the_round_and_the_standings(
    client, drawn, django_capture_on_commit_callbacks
):
    table = confirm_first_table(django_capture_on_commit_callbacks)
    tournament = Tournament.objects.get()
    winner = tournament.standings[0]["name"]

    page = page_text(client.get(f"/t/{tournament.public_id}/live/"))
    Tournament.objects.update(standings_dirty=True)
    stale = page_text(client.get(f"/t/{tournament.public_id}/"))

    assert 'class="projector roomy"' in page  # 8 players: the largest type
    assert "Round 1 of 2" in page
    assert "1 table still to confirm" in page
    assert f"Confirmed by {table.confirmed_by} at" in page
    row = re.search(
        r'<tbody><tr><td>1</td><td class="name">([^<]*)</td>(.*?)</tr>',
        page.split('id="standings-title"')[1],
    )
    assert row is not None and row.group(1) == winner
    assert '<td class="num">15</td>' in row.group(2)
    assert "updating…" in stale and "updating…" not in page


def test_the_version_moves_when_a_deal_is_entered_or_confirmed(
    client, drawn, django_capture_on_commit_callbacks
):
    url = f"/t/{drawn.tournament.public_id}/version/"
    first = client.get(url).json()["version"]
    table = Table.objects.select_related("match").first()
    with django_capture_on_commit_callbacks(execute=True):
        deal_record(match=table.match, raw=MISERE)
    dealt = client.get(url).json()["version"]
    with django_capture_on_commit_callbacks(execute=True):
        table_confirm(table=table, by=seated_names(table)[2], confirmer=Confirmer())
    confirmed = client.get(url).json()["version"]

    assert len({first, dealt, confirmed}) == 3
    assert client.get("/t/nope/version/").status_code == 404


def test_the_results_page_marks_what_does_not_count(
    client, drawn, django_capture_on_commit_callbacks
):
    confirmed = confirm_first_table(django_capture_on_commit_callbacks)
    other = Table.objects.exclude(confirmed_at__isnull=False).select_related("match").first()
    deal_record(match=other.match, raw=MISERE)
    tournament = drawn.tournament

    page = page_text(client.get(f"/t/{tournament.public_id}/results/"))

    assert f"Confirmed by {confirmed.confirmed_by}" in page
    assert page.count("Not confirmed: does not count") == 1
    assert "<strong>+15</strong>" in page  # the confirmed misère ...
    assert page.count("<strong>+15</strong>") == 2  # ... and the unconfirmed one, marked
    assert f"/api/v1/tournaments/{tournament.public_id}/standings/?download=csv" in page


def test_standings_of_a_pairs_event_in_either_shape(client, club, director):
    pairs = make_tournament(
        club,
        director,
        game="marafon",
        format="swiss",
        round_kind="game",
        deals_per_round=None,
        tie_breaks=["buchholz"],
    )
    url = f"/t/{pairs.public_id}/"
    current = {
        "rank": 1,
        "name": "Anna & Bruno",
        "match_points": 4,
        "points": 12,
        "played": 2,
        "byes": 0,
        "tie_breaks": {"buchholz": 3.5},
        "decided_by": "buchholz",
        "shared": False,
    }
    older = {"rank": 2, "name": "Carla & Dario", "points": -3, "match_points": 2, "buchholz": 1}
    Tournament.objects.filter(pk=pairs.pk).update(standings=[current, older, "junk"])

    page = page_text(client.get(url))

    assert "(on Buchholz)" in page
    assert '<td class="num">3.5</td>' in page
    assert "Carla &amp; Dario" in page and '<td class="num">1</td>' in page


def test_the_pages_do_not_query_per_table(
    client,
    director_client,
    tournament,
    director,
    django_capture_on_commit_callbacks,
    django_assert_max_num_queries,
):
    register(tournament, 200)
    draw(tournament, director, django_capture_on_commit_callbacks)
    assert Table.objects.count() == 50
    full = [
        {"rank": n, "name": f"P{n}", "points": -n, "played": 1, "rounds": [-n, None]}
        for n in range(1, 201)
    ]
    Tournament.objects.update(standings=full)

    # Measured: 7, 12 and 5 queries, whatever the number of tables.
    with django_assert_max_num_queries(8):
        live = client.get(f"/t/{tournament.public_id}/live/")
    with django_assert_max_num_queries(14):
        page = director_client.get(director_url(tournament))
    with django_assert_max_num_queries(7):
        results = client.get(f"/t/{tournament.public_id}/results/")

    assert live.status_code == page.status_code == results.status_code == 200
    assert page_text(page).count('class="entry-link"') == 50
    assert page_text(live).count("<tr><td>") == 50 + 200  # every table, every player
    assert len(live.content) < 60_000  # the match page's budget holds for the projector too


def test_no_tournament_page_asks_another_origin(client, director_client, drawn):
    tournament = drawn.tournament
    pages = [
        (client, f"/t/{tournament.public_id}/"),
        (client, f"/t/{tournament.public_id}/live/"),
        (client, f"/t/{tournament.public_id}/results/"),
        (client, "/tournaments/"),
        (client, "/accounts/login/"),
        (director_client, "/director/"),
        (director_client, "/director/new/"),
        (director_client, director_url(tournament)),
        (director_client, director_url(tournament, "rounds/1/cards/")),
    ]

    for who, path in pages:
        html = page_text(who.get(path))
        sources = re.findall(r'(?:src|href|action)="([^"]+)"', html)
        assert sources, path
        assert all(s.startswith(("/", "#", "?", "http://testserver")) for s in sources), path


def test_the_director_takes_back_a_draw_until_a_deal_is_entered(
    director_client, stranger_client, tournament, drawn, django_capture_on_commit_callbacks
):
    from games.services import deal_record

    page = page_text(director_client.get(director_url(tournament)))
    refused = stranger_client.post(director_url(tournament, "rounds/1/take-back/"))
    asked, taken_back = asked_then_confirmed(
        director_client, director_url(tournament, "rounds/1/take-back/")
    )

    assert "Take back this draw" in page
    assert refused.status_code == 403
    assert "Its 2 tables and their links are deleted" in page_text(asked)
    assert "is taken back: draw it again" in page_text(taken_back)
    assert not Round.objects.filter(pk=drawn.pk).exists()

    with django_capture_on_commit_callbacks(execute=True):
        director_client.post(director_url(tournament, "draw/"))
    assert Round.objects.get(tournament=tournament).status == "ready"
    table = Round.objects.get(tournament=tournament).tables.first()
    deal_record(
        match=table.match,
        raw={"dealer": 0, "contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]},
    )
    started = page_text(director_client.get(director_url(tournament)))
    late = director_client.post(
        director_url(tournament, "rounds/1/take-back/"), {"confirm": "1"}, follow=True
    )

    assert "Take back this draw" not in started
    assert "has started" in page_text(late)


def test_the_director_adds_a_round_and_refuses_nonsense(director_client, tournament, drawn):
    page = page_text(director_client.get(director_url(tournament)))
    added = director_client.post(director_url(tournament, "rounds/"), {"rounds": "3"}, follow=True)
    below = director_client.post(director_url(tournament, "rounds/"), {"rounds": "0"}, follow=True)
    junk = director_client.post(director_url(tournament, "rounds/"), {"rounds": "x"}, follow=True)

    assert 'name="rounds"' in page
    assert "The tournament has 3 rounds." in page_text(added)
    assert "A tournament has at least one round." in page_text(below)
    assert "Enter the number of rounds." in page_text(junk)
    tournament.refresh_from_db()
    assert tournament.rounds == 3


def test_the_scoring_phone_cannot_change_a_confirmed_result_but_can_reopen_it(
    client, drawn, django_capture_on_commit_callbacks
):
    table = Table.objects.select_related("match").first()
    phone = table_phone(table)
    deal_record(match=table.match, raw=MISERE)
    with django_capture_on_commit_callbacks(execute=True):
        table_confirm(table=table, by=seated_names(table)[2], confirmer=Confirmer())
    url = f"/m/{table.match.public_id}/"

    locked = page_text(phone.get(url))
    refused = phone.post(f"{url}deals/1/undo/")
    with django_capture_on_commit_callbacks(execute=True):
        asked, reopened = asked_then_confirmed(phone, f"{url}reopen/", follow=False)
    after = page_text(phone.get(url))
    public = page_text(client.get(f"/t/{drawn.tournament.public_id}/results/"))

    assert "Reopen to correct" in locked
    assert 'class="deal-form"' not in locked and "/undo/" not in locked
    assert table.match.deals.count() == 1  # the undo was refused
    assert refused.status_code in (302, 409)
    assert "Reopen the result of round 1, table 1?" in page_text(asked)
    assert reopened.status_code == 302
    table.refresh_from_db()
    # Reopened, nothing changed yet: not marked as changed after confirmation.
    assert table.confirmed_at is None and table.amended_by == ""
    assert "/undo/" in after and "Changed after confirmation" not in after
    assert Correction.objects.get().action == "reopen"
    assert "Not confirmed: does not count" in public


def test_a_director_registers_every_member_and_checks_in_everybody_in_one_tap(
    director_client, club, tournament
):
    for name in ("Anna", "Bram", "Cor"):
        club_member_add(club=club, name=name)
    entrant_register(tournament=tournament, name="Guest")

    page = page_text(director_client.get(director_url(tournament)))
    members = director_client.post(director_url(tournament, "entrants/all/members/"))
    again = director_client.post(director_url(tournament, "entrants/all/members/"))
    checked = director_client.post(director_url(tournament, "entrants/all/check-in/"))
    entrant = tournament.entrants.first()
    one = director_client.post(
        director_url(tournament, f"entrants/{entrant.pk}/"), {"status": "withdrawn"}
    )

    assert "Register all members" in page and "Check in all" in page
    assert members.status_code == again.status_code == 302
    names = sorted(e.player.name for e in tournament.entrants.select_related("player"))
    assert names == ["Anna", "Bram", "Cor", "Guest"]  # each once, the guest kept
    assert checked["Location"].endswith("#entrants")
    assert set(tournament.entrants.values_list("status", flat=True)) == {"checked_in", "withdrawn"}
    assert one["Location"].endswith(f"#entrant-{entrant.pk}")  # the list stays in place


def test_a_tournament_table_offers_no_money_settle_up_and_every_csv_has_a_link(client, drawn):
    table = Table.objects.select_related("match").first()
    phone = table_phone(table)

    page = page_text(phone.get(f"/m/{table.match.public_id}/"))
    results = page_text(client.get(f"/t/{drawn.tournament.public_id}/results/"))

    assert "Settle up" not in page  # Rikken is a money game, but not at a tournament table
    assert "standings/?download=csv" in results and "results/?download=csv" in results
