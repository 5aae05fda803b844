"""A draw's notes are kept as messages and shown to the director in the page's language; notes
kept as text (rounds drawn before) show as they are."""

from __future__ import annotations

from html import unescape

import pytest

from games.models import Round
from games.rules.messages import Message, msg, nmsg
from games.services.tournaments import entrant_register

from .test_tournament_pages import director_url, draw, make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def swiss_round(club, director, django_capture_on_commit_callbacks) -> Round:
    swiss = make_tournament(
        club, director, game="marafon", format="swiss", round_kind="game", deals_per_round=None
    )
    for first, second in ["AB", "CD", "EF", "GH", "IJ"]:
        entrant_register(tournament=swiss, name=first * 3, partner_name=second * 3)
    return draw(swiss, director, django_capture_on_commit_callbacks)


def page(client, this_round: Round, language: str) -> str:
    url = director_url(this_round.tournament)
    return unescape(client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode())


def test_a_message_kept_as_data_comes_back_the_same():
    note = msg(
        "%(pairs)s pairs in %(groups)s: %(tables)s.",
        pairs=5,
        groups=nmsg("%(count)s score group", "%(count)s score groups", 1),
        tables=nmsg("%(count)s table", "%(count)s tables", 2),
    )

    back = Message.from_data(note.to_data())

    assert back == note == "5 pairs in 1 score group: 2 tables."
    assert back.to_data() == note.to_data()
    assert isinstance(back.params["groups"], Message) and back.params["groups"].count == 1


def test_a_swiss_draws_notes_are_kept_as_messages(swiss_round):
    notes = swiss_round.report["notes"]

    assert all(isinstance(note, dict) and note["msgid"] for note in notes)
    assert Message.from_data(notes[0]) == "5 pairs in 1 score group: 2 tables."


def test_the_notes_are_shown_in_the_directors_language(director_client, swiss_round):
    english = page(director_client, swiss_round, "en")
    italian = page(director_client, swiss_round, "it")

    assert "5 pairs in 1 score group: 2 tables." in english
    assert "No rematches." in english
    assert "5 coppie in 1 gruppo di punteggio: 2 tavoli." in italian
    assert "Nessuna rivincita." in italian
    assert "No rematches." not in italian
    assert "Riposo: " in italian and "Bye: " not in italian


def test_a_note_kept_as_text_still_shows(director_client, swiss_round):
    swiss_round.report["notes"] = ["Drawn by hand.", *swiss_round.report["notes"]]
    swiss_round.save(update_fields=["report"])

    italian = page(director_client, swiss_round, "it")

    assert "Drawn by hand." in italian
    assert "Nessuna rivincita." in italian


def test_the_api_says_the_notes_in_the_requests_language(director_client, swiss_round):
    url = f"/api/v1/tournaments/{swiss_round.tournament.public_id}/rounds/"
    answer = director_client.get(url, HTTP_ACCEPT_LANGUAGE="it")

    assert answer.status_code == 200, answer.content
    rounds = answer.json()
    rounds = rounds.get("results", rounds) if isinstance(rounds, dict) else rounds
    assert "Nessuna rivincita." in rounds[0]["report"]["notes"]
