"""Accounts and clubs through Django's test client: signing up, founding a club, and the club's
page for its directors (directors, members, merging two records, house rules, tournaments)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games.models import Club, Player, RulePreset, Seat
from games.services import club_create, club_member_add, match_create
from games.services.tournaments import tournament_create

from .conftest import PASSWORD, asked_then_confirmed, field_errors, page_text

pytestmark = pytest.mark.django_db

SIGN_UP = {"username": "marieke", "password1": PASSWORD, "password2": PASSWORD}


@pytest.fixture
def newcomer(django_user_model):
    """An account that directs no club yet."""
    return django_user_model.objects.create_user("newcomer", password=PASSWORD)


@pytest.fixture
def newcomer_client(newcomer):
    client = Client()
    client.force_login(newcomer)
    return client


def club_url(club: Club, rest: str = "") -> str:
    return f"/director/c/{club.slug}/{rest}"


def form_errors(response) -> list[str]:
    """The messages shown above a form, outside any field."""
    html = page_text(response)
    return [unescape(m) for m in re.findall(r'<p class="error" role="alert">([^<]*)<', html)]


def member_names(club: Club) -> list[str]:
    return list(club.members.order_by("name").values_list("name", flat=True))


# --- signing up --------------------------------------------------------------------------------


def test_signing_up_creates_the_account_and_signs_in(client):
    page = client.get("/accounts/signup/")

    response = client.post("/accounts/signup/", SIGN_UP)

    assert page.status_code == 200 and b'name="password2"' in page.content
    assert response.status_code == 302 and response["Location"] == "/director/"
    user = get_user_model().objects.get(username="marieke")
    assert user.check_password(PASSWORD)
    home = client.get("/director/")
    assert home.status_code == 200
    assert home.wsgi_request.user == user
    assert "Found a club" in page_text(home)


def test_a_bad_sign_up_writes_nothing_and_says_why_at_the_field(client):
    differ = client.post("/accounts/signup/", {**SIGN_UP, "password2": PASSWORD + "x"})
    weak = client.post("/accounts/signup/", {**SIGN_UP, "password1": "123", "password2": "123"})

    assert differ.status_code == weak.status_code == 400
    assert field_errors(differ, "password2") == ["The two password fields didn’t match."]
    assert any("too short" in e for e in field_errors(weak, "password2"))
    assert 'value="marieke"' in page_text(differ)
    assert not get_user_model().objects.exists()
    assert client.get("/director/").status_code == 302  # still signed out


def test_a_taken_username_is_refused_without_case(client, director):
    response = client.post("/accounts/signup/", {**SIGN_UP, "username": "DIR"})

    assert response.status_code == 400
    assert field_errors(response, "username") == ["A user with that username already exists."]
    assert get_user_model().objects.count() == 1


def test_sign_in_and_sign_up_link_each_other_and_keep_next(client, newcomer_client):
    sign_in = page_text(client.get("/accounts/login/?next=/director/new/"))
    sign_up = page_text(client.get("/accounts/signup/?next=/director/new/"))
    elsewhere = Client().post("/accounts/signup/", {**SIGN_UP, "next": "https://evil.example/"})
    signed_in = newcomer_client.get("/accounts/signup/")

    assert "No account yet?" in sign_in
    assert 'href="/accounts/signup/?next=/director/new/"' in sign_in
    assert 'href="/accounts/login/?next=/director/new/"' in sign_up
    assert elsewhere["Location"] == "/director/"
    assert signed_in.status_code == 302 and signed_in["Location"] == "/director/"


# --- founding a club ---------------------------------------------------------------------------


def test_founding_a_club_makes_the_account_its_director(newcomer_client, newcomer):
    response = newcomer_client.post("/director/clubs/new/", {"name": "  De Zwaan "})

    club = Club.objects.get()
    assert response.status_code == 302 and response["Location"] == club_url(club)
    assert (club.name, club.slug) == ("De Zwaan", "de-zwaan")
    assert list(club.directors.all()) == [newcomer]
    home = page_text(newcomer_client.get("/director/"))
    assert f'href="{club_url(club)}"' in home
    assert "Found another club" in home and "Your account directs no club" not in home


def test_a_taken_club_name_is_shown_at_the_name_and_writes_nothing(newcomer_client, club):
    response = newcomer_client.post("/director/clubs/new/", {"name": "de zwaan"})
    empty = newcomer_client.post("/director/clubs/new/", {"name": "  "})
    no_letters = newcomer_client.post("/director/clubs/new/", {"name": "!!!"})

    assert response.status_code == empty.status_code == no_letters.status_code == 400
    assert field_errors(response, "name") == ["There is already a club called 'de-zwaan'."]
    assert field_errors(empty, "name") == ["This field is required."]
    assert field_errors(no_letters, "name") == [
        "Give the club a short name made of letters or digits."
    ]
    assert 'value="de zwaan"' in page_text(response)
    assert Club.objects.count() == 1
    assert not Club.objects.filter(directors__username="newcomer").exists()


def test_a_director_founds_another_club_from_the_home_page(director_client, director, club):
    again = director_client.post("/director/clubs/new/", {"name": "De Zwaan"})
    another = director_client.post("/director/clubs/new/", {"name": "Het Anker"})

    assert again.status_code == 400
    assert "<details open>" in page_text(again)  # the folded form opens on its error
    assert field_errors(again, "name") == ["There is already a club called 'de-zwaan'."]
    assert another.status_code == 302 and another["Location"] == "/director/c/het-anker/"
    assert sorted(director.directed_clubs.values_list("slug", flat=True)) == [
        "de-zwaan",
        "het-anker",
    ]


def test_founding_needs_an_account_and_a_post(client, newcomer_client):
    anonymous = client.post("/director/clubs/new/", {"name": "De Zwaan"})
    fetched = newcomer_client.get("/director/clubs/new/")

    assert anonymous.status_code == 302 and anonymous["Location"].startswith("/accounts/login/")
    assert fetched.status_code == 405
    assert not Club.objects.exists()


# --- who sees the club's page ------------------------------------------------------------------


def test_the_club_page_is_for_its_directors_only(client, newcomer_client, director_client, club):
    posts = [
        ("directors/", {"username": "newcomer"}),
        ("members/", {"names": "Anna"}),
        ("merge/", {"keep": "1", "duplicate": "2"}),
    ]

    page = director_client.get(club_url(club))
    refused = newcomer_client.get(club_url(club))
    refused_posts = [newcomer_client.post(club_url(club, url), data) for url, data in posts]
    anonymous = client.get(club_url(club))
    anonymous_post = client.post(club_url(club, "members/"), {"names": "Anna"})
    missing = director_client.get("/director/c/no-such-club/")

    assert page.status_code == 200 and "<h1>De Zwaan</h1>" in page_text(page)
    assert refused.status_code == 403
    assert [r.status_code for r in refused_posts] == [403, 403, 403]
    assert anonymous.status_code == 302
    assert anonymous["Location"] == f"/accounts/login/?next={club_url(club)}"
    assert anonymous_post.status_code == 302
    assert missing.status_code == 404
    assert list(club.directors.values_list("username", flat=True)) == ["dir"]
    assert not club.members.exists()


def test_the_club_is_linked_from_the_director_home_and_the_tournament(director_client, club):
    tournament = tournament_create(
        club=club,
        user=club.directors.get(),
        name="Thursday drive",
        game="rikken",
        format="individual",
        rounds=2,
        round_kind="deals",
        deals_per_round=2,
    )

    home = page_text(director_client.get("/director/"))
    director_page = page_text(director_client.get(f"/director/t/{tournament.public_id}/"))
    public_page = page_text(Client().get(f"/t/{tournament.public_id}/"))
    club_page = page_text(director_client.get(club_url(club)))

    assert f'href="{club_url(club)}"' in home
    assert f'<a href="{club_url(club)}">De Zwaan</a>' in director_page
    assert club_url(club) not in public_page
    assert f'href="/director/t/{tournament.public_id}/"' in club_page
    assert 'href="/director/new/?club=de-zwaan"' in club_page


def test_new_tournament_from_the_club_page_picks_that_club(director_client, director, club):
    other = club_create(name="Het Anker", director=director)

    form = page_text(director_client.get(f"/director/new/?club={club.slug}"))
    unknown = director_client.get("/director/new/?club=nope")

    assert re.search(rf'<input type="radio" name="club" value="{club.pk}"[^>]* checked>', form)
    assert re.search(rf'<input type="radio" name="club" value="{other.pk}"(?![^>]* checked)', form)
    assert unknown.status_code == 200  # falls back to the first club


# --- directors ---------------------------------------------------------------------------------


def test_adding_a_director_by_username(director_client, club, newcomer):
    asked, response = asked_then_confirmed(
        director_client, club_url(club, "directors/"), {"username": " NewComer "}, follow=False
    )

    assert "Make newcomer a director of De Zwaan?" in page_text(asked)
    assert response.status_code == 302
    assert response["Location"] == club_url(club, "#directors")
    assert set(club.directors.values_list("username", flat=True)) == {"dir", "newcomer"}
    followed = page_text(director_client.get(club_url(club)))
    assert "newcomer now directs De Zwaan." in followed
    newcomer_sees = Client()
    newcomer_sees.force_login(newcomer)
    assert newcomer_sees.get(club_url(club)).status_code == 200


def test_an_unknown_username_or_a_director_already_is_refused_at_the_field(
    director_client, club, newcomer
):
    unknown = director_client.post(club_url(club, "directors/"), {"username": "ghost"})
    already = director_client.post(club_url(club, "directors/"), {"username": "dir"})
    empty = director_client.post(club_url(club, "directors/"), {"username": ""})

    assert unknown.status_code == already.status_code == empty.status_code == 400
    assert field_errors(unknown, "username") == ["There is no account ghost."]
    assert field_errors(already, "username") == ["dir already directs De Zwaan."]
    assert field_errors(empty, "username") == ["This field is required."]
    assert list(club.directors.values_list("username", flat=True)) == ["dir"]


# --- members -----------------------------------------------------------------------------------


def test_adding_members_from_the_textarea(director_client, club):
    response = director_client.post(
        club_url(club, "members/"), {"names": "Bram\n\n  Anna  \r\nCor\n"}
    )

    assert response.status_code == 302
    assert response["Location"] == club_url(club, "#members")
    assert member_names(club) == ["Anna", "Bram", "Cor"]
    assert all(club.members.values_list("known", flat=True))
    page = page_text(director_client.get(club_url(club)))
    assert "3 members added." in page
    listed = re.findall(r"<li>(\w+) <span class=\"small\">0 matches</span>", page)
    assert listed == ["Anna", "Bram", "Cor"]


@pytest.mark.parametrize(
    ("names", "message"),
    [
        ("Anna\nBram\nanna", "Line 3 (anna): typed twice."),
        ("Anna\n" + "x" * 61, "Line 2 (" + "x" * 60 + "): A name has at most 60 characters."),
        ("   \n ", "This field is required."),
        ("Dirk\nEva\nzwaan-anna", "Line 3 (zwaan-anna): already a member of De Zwaan."),
    ],
)
def test_a_refused_line_adds_nobody(director_client, club, names, message):
    club_member_add(club=club, name="Zwaan-Anna")

    response = director_client.post(club_url(club, "members/"), {"names": names})

    assert response.status_code == 400
    assert field_errors(response, "names") == [message]
    assert member_names(club) == ["Zwaan-Anna"]
    assert Player.objects.count() == 1


# --- merging two records of one person ---------------------------------------------------------


def test_merging_moves_the_duplicates_match_seat(director_client, director, club):
    guest = club_member_add(club=club, name="Anna")  # the record she played under
    played = match_create(game="marafon", players=[guest.pk, "Bram", "Cor", "Dirk"], owner=director)
    member = club_member_add(club=club, name="Anna")  # the same Anna, entered again

    page = page_text(director_client.get(club_url(club)))
    asked, response = asked_then_confirmed(
        director_client,
        club_url(club, "merge/"),
        {"keep": member.pk, "duplicate": guest.pk},
        follow=False,
    )

    assert f'<option value="{guest.pk}">Anna (#{guest.pk})</option>' in page
    assert "this cannot be undone" in page_text(asked)
    assert response.status_code == 302
    assert response["Location"] == club_url(club, "#members")
    assert not Player.objects.filter(pk=guest.pk).exists()
    assert Seat.objects.get(match=played.match, number=0).player_id == member.pk
    assert list(club.members.all()) == [member]
    assert "Anna is merged into Anna" in page_text(director_client.get(club_url(club)))


def test_two_people_of_one_match_are_not_merged(director_client, director, club):
    anna, anne = (club_member_add(club=club, name=name) for name in ("Anna", "Anne"))
    played = match_create(game="marafon", players=[anna.pk, anne.pk, "Cor", "Dirk"], owner=director)

    response = director_client.post(
        club_url(club, "merge/"), {"keep": anna.pk, "duplicate": anne.pk, "confirm": "1"}
    )

    assert response.status_code == 400
    assert form_errors(response) == ["Both records sat at the same match: they are two people."]
    html = page_text(response)
    assert f'<option value="{anna.pk}" selected>Anna</option>' in html
    assert Player.objects.filter(pk__in=[anna.pk, anne.pk]).count() == 2
    assert [s.player_id for s in played.match.seats.order_by("number")][:2] == [anna.pk, anne.pk]


def test_a_merge_needs_two_different_members_of_the_club(director_client, director, club):
    anna = club_member_add(club=club, name="Anna")
    club_member_add(club=club, name="Bram")
    elsewhere = club_member_add(club=club_create(name="Het Anker", director=director), name="Eva")

    same = director_client.post(club_url(club, "merge/"), {"keep": anna.pk, "duplicate": anna.pk})
    outsider = director_client.post(
        club_url(club, "merge/"), {"keep": anna.pk, "duplicate": elsewhere.pk}
    )
    junk = director_client.post(club_url(club, "merge/"), {"keep": "x", "duplicate": ""})

    assert same.status_code == outsider.status_code == junk.status_code == 400
    assert field_errors(same, "duplicate") == ["Pick two different records."]
    assert field_errors(outsider, "duplicate")[0].startswith("Select a valid choice.")
    assert field_errors(junk, "keep")[0].startswith("Select a valid choice.")
    assert field_errors(junk, "duplicate") == ["This field is required."]
    assert Player.objects.count() == 3


# --- house rules and the page's cost -----------------------------------------------------------


def test_the_clubs_house_rules_are_listed_read_only(director_client, director, club):
    RulePreset.objects.create(
        game="marafon", name="Café rules", rules={}, owner=director, club=club
    )
    RulePreset.objects.create(game="rikken", name="Mine only", rules={}, owner=director)

    page = page_text(director_client.get(club_url(club)))

    assert "Café rules" in page and "Marafon" in page
    assert "Mine only" not in page
    assert "<code>/api/v1/presets/</code>" in page
    assert 'action="/api/' not in page  # listed, not edited here


def test_the_club_page_does_not_query_per_member_or_tournament(
    director_client, director, club, django_assert_max_num_queries
):
    for n in range(100):
        club_member_add(club=club, name=f"Member {n:03d}")
    for n in range(10):
        tournament_create(
            club=club,
            user=director,
            name=f"Drive {n}",
            game="rikken",
            format="individual",
            rounds=2,
            round_kind="deals",
            deals_per_round=2,
        )

    # Measured: 9 (session, user, club, is director, directors, members, those of them in
    # clubs this director does not direct, house rules, tournaments), whatever the number of
    # members and tournaments.
    with django_assert_max_num_queries(9):
        response = director_client.get(club_url(club))

    html = page_text(response)
    assert response.status_code == 200
    # The list, its erase links (issue 31) and both merge selects.
    assert html.count("Member 0") == 100 * 4
    assert html.count('href="/director/t/') == 10


def test_no_club_page_asks_another_origin_and_every_form_posts_with_a_token(
    client, director_client, newcomer_client, club
):
    club_member_add(club=club, name="Anna")
    club_member_add(club=club, name="Bram")
    pages = [
        (client, "/accounts/signup/"),
        (newcomer_client, "/director/"),
        (director_client, "/director/"),
        (director_client, club_url(club)),
    ]

    for who, path in pages:
        html = page_text(who.get(path))
        sources = re.findall(r'(?:src|href|action)="([^"]+)"', html)
        assert sources, path
        assert all(s.startswith(("/", "#", "?")) for s in sources), path
        forms = re.findall(r"<form [^>]*>", html)
        assert all('method="post"' in f for f in forms), path
        assert html.count('name="csrfmiddlewaretoken"') == len(forms), path


def test_the_erase_link_is_offered_for_the_members_this_director_erases_alone(
    director_client, club, newcomer
):
    """Issue 31: a member who also belongs to a club this director does not direct is erased
    by a director of each of their clubs, so the page offers no link that would be refused;
    an erased member has none either."""
    alone = club_member_add(club=club, name="Anna")
    shared = club_member_add(club=club, name="Bram")
    gone = club_member_add(club=club, name="Cor")
    gone.erased_at, gone.name = gone.created_at, "Former player 1"
    gone.save()
    club_create(name="Het Anker", director=newcomer).members.add(shared)

    html = director_client.get(club_url(club)).content.decode()

    links = set(re.findall(r'href="/p/(\d+)/erase/"', html))
    assert links == {str(alone.pk)}
    assert director_client.get(f"/p/{shared.pk}/erase/").status_code == 403
