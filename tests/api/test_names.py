"""One rule for every typed name: real names in every script are kept (NFC, trimmed); control
characters, unassigned code points and line breaks are refused, everywhere a name is typed."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.models import Club, Player, Tournament
from games.names import clean_name, name_problem, normalise_name

PERSIAN_ZWNJ = "می\u200cرا"  # a zero-width non-joiner inside a Persian name
FAMILY_EMOJI = "Ana \U0001f468\u200d\U0001f469\u200d\U0001f467"
RTL_MARK = "\u200fسارا"
DECOMPOSED = "Jose\u0301"  # e + combining acute: NFC makes it one é
REAL_NAMES = [PERSIAN_ZWNJ, FAMILY_EMOJI, RTL_MARK, "Zoë", "渡辺", "Ngũgĩ"]
REFUSED = ["Ann\x00a", "Tab\tbed", "Two\nlines", "Bell\x07", "Unassigned \U000e0fff", "a\u2028b"]


@pytest.mark.parametrize("name", REAL_NAMES)
def test_real_names_are_kept(name):
    assert clean_name(name, max_length=60) == unicodedata.normalize("NFC", name)


def test_names_are_normalised_and_trimmed():
    assert clean_name(f"  {DECOMPOSED} ", max_length=60) == "José"


@pytest.mark.parametrize("name", REFUSED)
def test_control_and_unassigned_characters_are_refused(name):
    with pytest.raises(ValueError, match="cannot hold"):
        clean_name(name, max_length=60)


# Issue 26: the embeddings, overrides (U+202A-U+202E) and isolates (U+2066-U+2069) turn the
# text around a name backwards; the marks that only say a direction stay.
DIRECTION_CONTROLS = [chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))]
DIRECTION_MARKS = {"LRM": "\u200e", "RLM": "\u200f", "ALM": "\u061c"}
JOINERS = {"ZWNJ": "\u200c", "ZWJ": "\u200d"}

ALLOWED = st.characters(
    blacklist_categories=("Cc", "Cn", "Cs", "Zl", "Zp"),
    blacklist_characters=DIRECTION_CONTROLS,
)


@pytest.mark.parametrize("control", DIRECTION_CONTROLS, ids=lambda c: f"U+{ord(c):04X}")
def test_direction_overrides_embeddings_and_isolates_are_refused(control):
    with pytest.raises(ValueError) as refused:
        clean_name(f"Ana{control}Bram", max_length=60)

    assert str(refused.value) == (
        f"A name cannot hold text direction controls (U+{ord(control):04X})."
    )


@pytest.mark.parametrize("mark", [*DIRECTION_MARKS.values(), *JOINERS.values()])
def test_direction_marks_and_joiners_are_kept(mark):
    assert clean_name(f"سارا{mark}Ana", max_length=60) == f"سارا{mark}Ana"


@given(st.text(ALLOWED, min_size=1, max_size=40))
def test_any_allowed_text_is_a_name_once_normalised(text):
    name = normalise_name(text)
    if name:
        assert name_problem(name, max_length=200) is None
        assert clean_name(name, max_length=200) == name  # idempotent


@given(st.text(ALLOWED, max_size=10), st.characters(whitelist_categories=("Cc",)))
def test_any_control_character_is_refused(text, control):
    name = f"a{text}{control}{text}b"
    assert name_problem(normalise_name(name), max_length=200) is not None


# --- the same rule everywhere a name is typed ---------------------------------------------------


@pytest.mark.django_db
def test_a_match_seats_persian_and_emoji_names_and_refuses_control_characters(api_client):
    players = [PERSIAN_ZWNJ, FAMILY_EMOJI, RTL_MARK, DECOMPOSED]

    created = api_client.post(
        "/api/v1/matches/", {"game": "marafon", "players": players}, format="json"
    )
    refused = api_client.post(
        "/api/v1/matches/",
        {"game": "marafon", "players": ["A", "B\x07", "C", "D"]},
        format="json",
    )

    assert created.status_code == 201, created.json()
    assert [p["name"] for p in created.json()["players"]] == [
        PERSIAN_ZWNJ,
        FAMILY_EMOJI,
        RTL_MARK,
        "José",
    ]
    assert refused.status_code == 400
    assert "control characters" in str(refused.json())


@pytest.mark.django_db
def test_members_entrants_clubs_and_tournaments_follow_the_same_rule(director):
    club = director.post("/api/v1/clubs/", {"name": f" {PERSIAN_ZWNJ} "}, format="json")
    bad_club = director.post("/api/v1/clubs/", {"name": "Club\x1b"}, format="json")
    slug = club.json()["slug"] if club.status_code == 201 else "de-zwaan"
    member = director.post(f"/api/v1/clubs/{slug}/members/", {"name": RTL_MARK}, format="json")
    bad_member = director.post(f"/api/v1/clubs/{slug}/members/", {"name": "x\x0bx"}, format="json")
    event = {
        "club": "de-zwaan",
        "name": FAMILY_EMOJI,
        "game": "rikken",
        "format": "individual",
        "rounds": 2,
        "round_kind": "deals",
        "deals_per_round": 4,
    }
    tournament = director.post("/api/v1/tournaments/", event, format="json")
    bad_tournament = director.post(
        "/api/v1/tournaments/", {**event, "name": "Bad\x7f"}, format="json"
    )
    entrants = f"/api/v1/tournaments/{tournament.json()['id']}/entrants/"
    entrant = director.post(entrants, {"name": DECOMPOSED}, format="json")
    bad_entrant = director.post(entrants, {"name": "Ann\x1fa"}, format="json")

    assert club.status_code == 201 and club.json()["name"] == PERSIAN_ZWNJ
    assert member.status_code == 201 and member.json()["name"] == RTL_MARK
    assert tournament.status_code == 201 and tournament.json()["name"] == FAMILY_EMOJI
    assert entrant.status_code == 201 and entrant.json()["name"] == "José"
    for refused in (bad_club, bad_member, bad_tournament, bad_entrant):
        assert refused.status_code == 400, refused.json()
    assert not Club.objects.filter(name__startswith="Club").exists()
    assert not Player.objects.filter(name__in=["x\x0bx", "Ann\x1fa"]).exists()
    assert Tournament.objects.count() == 1


@pytest.mark.django_db
def test_every_name_refuses_a_direction_override_at_its_field(director):
    """Issue 26: players (of a match and of an evening), members, entrants, clubs and
    tournaments (created or renamed): a right-to-left override is refused at the field, with
    the reason, and nothing is made."""
    override = "Ana\u202eBram"
    event = {
        "club": "de-zwaan", "name": "Drive", "game": "rikken", "format": "individual",
        "rounds": 2, "round_kind": "deals", "deals_per_round": 4,
    }  # fmt: skip
    tournament = director.post("/api/v1/tournaments/", event, format="json").json()
    before = (Player.objects.count(), Club.objects.count(), Tournament.objects.count())
    tries = {
        ("players", 1): ("/api/v1/matches/", {"game": "marafon", "players": ["A", override, "C", "D"]}),  # noqa: E501
        ("players", 2): ("/api/v1/sessions/", {"players": ["A", "B", override]}),
        ("name",): ("/api/v1/clubs/de-zwaan/members/", {"name": override}),
        ("player",): (f"/api/v1/tournaments/{tournament['id']}/entrants/", {"name": override}),
        ("name", "c"): ("/api/v1/clubs/", {"name": override}),
        ("name", "t"): ("/api/v1/tournaments/", {**event, "name": override}),
    }  # fmt: skip
    answers = {}
    for where, (url, body) in tries.items():
        answers[where] = director.post(url, body, format="json")
    renamed = director.patch(
        f"/api/v1/tournaments/{tournament['id']}/", {"name": override}, format="json"
    )

    message = "A name cannot hold text direction controls (U+202E)."
    for where, answer in answers.items():
        assert answer.status_code == 400, (where, answer.json())
        errors = answer.json()[where[0]]
        if where[0] == "players":
            errors = errors[str(where[1])] if isinstance(errors, dict) else errors
        assert message in str(errors), (where, answer.json())
    assert renamed.status_code == 400 and message in str(renamed.json()["name"])
    assert (Player.objects.count(), Club.objects.count(), Tournament.objects.count()) == before
