"""Issue 28: what cannot be taken back asks first. Every form the pages post is listed here,
each as one of three kinds:

- ``UNDONE``: another button takes it back (named here);
- ``ADDS``: it adds something of the caller's own and changes nothing already there;
- ``ASKED``: it cannot be taken back, so its first POST only says what will happen and asks
  "Yes" (games/pages/asking.py); nothing is written until the "Yes" is sent.

A page route that takes a POST, or a form in a template that posts somewhere, and is not listed
fails ``test_every_post_of_the_pages_is_listed``: a new action is classified before it ships.
Each asked action is then tried: its first POST writes nothing, its "Yes" does it."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from games.models import Table
from games.services import club_create, club_member_add, deal_record, match_create
from games.services.sessions import session_create
from games.services.table_keys import table_keys
from games.services.tables import Confirmer, table_confirm
from tests.database import snapshot
from tests.factories import drawn_event

from .conftest import PASSWORD, hidden_fields, page_text

pytestmark = pytest.mark.django_db

TEMPLATES = Path(__file__).resolve().parents[3] / "templates"

UNDONE = {
    "deal-new": "Undo (the last deal)",
    "table-confirm": "Reopen to correct, on the scoring phone",
    "director-confirm": "Reopen to correct, on the scoring phone",
    "table-dispute": "a director's confirmation settles it (the dispute stays on record)",
    "table-scorer": "the name chosen folds away under the deal form and changes until confirmed",
    "session-paid": "Not paid",
    "player-privacy": "the same choice again",
    "club-options": "the same switch again",
    "entrant-status": "Reinstate (a withdrawal), Withdraw then Reinstate (a check-in)",
    "entrants-all": "Withdraw (each one registered or checked in)",
    "round-draw": "Take back this draw, until a deal is entered",
    "tournament-rounds": "Change (the number again)",
    "set_language": "another language's button",
    "season-director": "Save (the scheme and rules as they were)",
    "season-event-attach": "Detach (the event)",
    "season-event-detach": "Attach (the event again)",
    "login": "Sign out",
    "logout": "Sign in",
}
ADDS = {
    "new": "a new match",
    "session-new": "a new evening",
    "session-next": "the evening's next match; the earlier ones still take corrections",
    "signup": "a new account",
    "club-new": "a new club",
    "club-members-add": "new members",
    "club-rules-add": "new house rules",
    "tournament-new": "a new tournament",
    "entrants-add": "new entrants (each can be withdrawn)",
    "club-seasons": "a new season",
}
ASKED = {
    "deal-edit": "a correction: the deal before and after, the totals, who won",
    "deal-undo": "an undo: the deal as it stands (its link opens the question)",
    "session-settle": "settling closes the evening: its transfers or ranking are fixed",
    "table-reopen": "the confirmed result stops counting until confirmed again",
    "table-swap": "the sides swap once: who confirms then",
    "round-take-back": "the draw's tables and links are deleted, printed cards stop working",
    "club-members-merge": "the duplicate record is deleted",
    "club-director-add": "no page takes a director away again",
    # Issue 31: deleting and erasing, each saying what goes and what stays.
    "match-delete": "the match and its deals are deleted; ratings that counted it recomputed",
    "session-delete": "the evening, its matches and their deals are deleted",
    "tournament-delete": "the tournament, its tables and their deals are deleted",
    "club-delete": "the club, its tournaments, house rules and ratings are deleted",
    "player-erase": "the name becomes Former player N everywhere; the account is deleted",
}
LISTED = {**UNDONE, **ADDS, **ASKED}

# Forms without an action post to their own page: the route that shows it.
OWN_PAGE = {
    "games/new.html": "new",
    "sessions/new.html": "session-new",
    "tournaments/new.html": "tournament-new",
}
# A deal form posts to ``form_action``: a new deal on the match page, a correction on its own.
DEAL_FORM = {"deal-new", "deal-edit"}
# The page that asks posts the asked form again, to the route that asked.
ASKING = ("games/confirm.html", "sessions/settle.html")


def _methods(view) -> list[str] | None:
    """The methods a view's decorators allow (``require_http_methods``), or a class-based view's
    handlers; None when nothing restricts them."""
    seen = set()
    while view is not None and id(view) not in seen:
        seen.add(id(view))
        handlers = getattr(view, "view_class", None)
        if handlers is not None:
            return [m.upper() for m in handlers.http_method_names if hasattr(handlers, m)]
        for cell in getattr(view, "__closure__", None) or ():
            value = cell.cell_contents
            if (
                isinstance(value, (list, tuple))
                and value
                and all(isinstance(m, str) and m.isupper() for m in value)
            ):
                return list(value)
        view = getattr(view, "__wrapped__", None)
    return None


def _page_routes(resolver=None, prefix: str = ""):
    for entry in (resolver or get_resolver()).url_patterns:
        pattern = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            if not pattern.startswith(("admin/", "api/")):
                yield from _page_routes(entry, pattern)
        elif isinstance(entry, URLPattern):
            yield entry.name, entry.callback


def posting_routes() -> set[str]:
    """The page routes that take a POST (a view that says nothing of its methods takes one)."""
    return {
        name
        for name, view in _page_routes()
        if (methods := _methods(view)) is None or "POST" in methods
    }


FORM = re.compile(r"<form\b[^>]*>", re.S)
ACTION = re.compile(r"""action="\{% url '(?:pages:)?([\w-]+)'""")


def posted_from_templates() -> dict[str, set[str]]:
    """Each template's POST forms, by the route they post to."""
    posted: dict[str, set[str]] = {}
    for path in sorted(TEMPLATES.rglob("*.html")):
        name = str(path.relative_to(TEMPLATES))
        for tag in FORM.findall(path.read_text()):
            if 'method="post"' not in tag:
                continue
            found = ACTION.search(tag)
            if found:
                routes = {found.group(1)}
            elif "{{ form_action }}" in tag:
                routes = DEAL_FORM
            elif "action=" not in tag and name in ASKING:
                routes = set(ASKED)
            elif "action=" not in tag and name in OWN_PAGE:
                routes = {OWN_PAGE[name]}
            else:
                routes = {f"? {name}: {tag}"}
            posted.setdefault(name, set()).update(routes)
    return posted


def test_every_post_of_the_pages_is_listed():
    from_templates = set().union(*posted_from_templates().values())

    assert not set(UNDONE) & set(ADDS) and not set(ADDS) & set(ASKED)
    assert not set(UNDONE) & set(ASKED)
    assert posting_routes() - set(LISTED) == set(), "a page route takes a POST, unlisted"
    assert from_templates - set(LISTED) == set(), "a form posts to an unlisted route"
    # Nothing listed that no longer exists.
    assert set(LISTED) - posting_routes() == set()


def test_the_audit_finds_the_posts_it_should():
    """The walk is not vacuous: the pages' known forms are found where they are."""
    posted = posted_from_templates()

    assert posted["sessions/session.html"] >= {"session-settle", "session-paid", "session-next"}
    assert posted["games/match.html"] >= {"table-reopen", "table-scorer"}
    assert posted["games/marafon/entry.html"] == DEAL_FORM
    assert "table-swap" in posted["tournaments/confirm.html"]
    assert {"match", "session", "director-tournament"}.isdisjoint(posting_routes())
    assert {"set_language", "logout", "session-settle"} <= posting_routes()


# --- each asked action, tried ------------------------------------------------------------------

MARAFON_DEAL = {"battezzante": 0, "trump": "cups", "points": [7, 4]}
RIKKEN_DEAL = {"dealer": 0, "contracts": [{"contract": "misere", "declarer": 1, "tricks": 0}]}


@pytest.fixture
def asked(django_user_model, django_capture_on_commit_callbacks) -> dict:
    """For each asked route: the phone or director that asks, the address, the form's data,
    and the words the question says."""
    director = django_user_model.objects.create_user("dir", password=PASSWORD)
    django_user_model.objects.create_user("newcomer", password=PASSWORD)
    desk = Client()
    desk.force_login(director)
    club = club_create(name="De Zwaan", director=director)
    anna, again = (club_member_add(club=club, name="Anna") for _ in range(2))

    capture = django_capture_on_commit_callbacks
    drive = drawn_event(capture, director=director, club=club)
    pairs = drawn_event(
        capture, director=director, club=club, name="Pairs", game="marafon", format="swiss",
        rounds=3, round_kind="game", deals_per_round=None,
        entrants=[("Alba", "Carla"), ("Bram", "Dirk"), ("Eva", "Gino"), ("Hugo", "Ida")],
    )  # fmt: skip
    confirmed, unconfirmed = Table.objects.filter(round__tournament=pairs).order_by("number")
    deal_record(match=confirmed.match, raw=MARAFON_DEAL)
    with django_capture_on_commit_callbacks(execute=True):
        table_confirm(table=confirmed, by="", confirmer=Confirmer(director=director))
    scoring = Client()
    scoring.get(f"/m/{confirmed.match.public_id}/edit/{table_keys(confirmed).scoring}/")
    other_side = Client()
    other_side.get(
        f"/m/{unconfirmed.match.public_id}/confirm/{table_keys(unconfirmed).confirmation}/"
    )

    evening = session_create(players=["S1", "S2", "S3", "S4"], game="rikken", stake=Decimal("1"))
    deal_record(match=evening.match, raw=RIKKEN_DEAL)
    host = Client()
    host.get(f"/s/{evening.session.public_id}/edit/{evening.edit_key}/")
    friendly = match_create(game="marafon", players=["A", "B", "C", "D"])
    deal_record(match=friendly.match, raw=MARAFON_DEAL)
    table_phone = Client()
    table_phone.get(f"/m/{friendly.match.public_id}/edit/{friendly.edit_key}/")
    m, evening_id = friendly.match.public_id, evening.session.public_id
    # Issue 31: a match of its own to delete, a member with an account to erase, and a club
    # without tournaments to delete.
    doomed = match_create(game="marafon", players=["W", "X", "Y", "Z"])
    deal_record(match=doomed.match, raw=MARAFON_DEAL)
    table_phone.get(f"/m/{doomed.match.public_id}/edit/{doomed.edit_key}/")
    small = club_create(name="Het Anker", director=director)
    desk_at = f"/director/c/{club.slug}/"
    merge = {"keep": anna.pk, "duplicate": again.pk}
    correction = {"battezzante": "0", "trump": "coins", "points": "3"}
    return {
        "deal-edit": (table_phone, f"/m/{m}/deals/1/edit/", correction, "Correct deal 1?"),
        "deal-undo": (table_phone, f"/m/{m}/deals/1/undo/", None, "Undo deal 1?"),
        "session-settle": (
            host,
            f"/s/{evening_id}/settle/",
            {"version": "1"},
            "Settle and close the evening?",
        ),
        "table-reopen": (
            scoring,
            f"/m/{confirmed.match.public_id}/reopen/",
            {},
            "Reopen the result of round 1, table 1?",
        ),
        "table-swap": (
            other_side,
            f"/m/{unconfirmed.match.public_id}/swap/",
            {},
            "Swap the sides?",
        ),
        "round-take-back": (
            desk,
            f"/director/t/{drive.public_id}/rounds/1/take-back/",
            {},
            "Take back the draw of round 1?",
        ),
        "club-members-merge": (desk, f"{desk_at}merge/", merge, "Merge Anna into Anna?"),
        "club-director-add": (
            desk,
            f"{desk_at}directors/",
            {"username": "newcomer"},
            "Make newcomer a director of De Zwaan?",
        ),
        "match-delete": (
            table_phone,
            f"/m/{doomed.match.public_id}/delete/",
            {},
            "Delete this match and its 1 deal?",
        ),
        "session-delete": (
            host,
            f"/s/{evening_id}/delete/",
            {},
            "Delete this evening and its 1 match?",
        ),
        "tournament-delete": (
            desk,
            f"/director/t/{drive.public_id}/delete/",
            {},
            "Delete the tournament Drive?",
        ),
        "club-delete": (
            desk,
            f"/director/c/{small.slug}/delete/",
            {},
            "Delete the club Het Anker?",
        ),
        "player-erase": (desk, f"/p/{anna.pk}/erase/", {}, "Erase Anna for good?"),
    }


@pytest.mark.parametrize("route", sorted(ASKED))
def test_an_action_that_cannot_be_taken_back_asks_first_and_is_done_on_yes(asked, route):
    client, url, data, question = asked[route]
    before = snapshot()

    # The button (a link, for an undo) leads to the question; nothing is done yet.
    question_page = client.get(url) if data is None else client.post(url, data)
    untouched = snapshot()
    fields: dict[str, list[str]] = {}
    for name, value in hidden_fields(question_page):
        fields.setdefault(name, []).append(value)
    yes = client.post(url, fields)

    assert question_page.status_code == 200, page_text(question_page)[-1500:]
    assert f"<h1>{question}</h1>" in page_text(question_page).replace("&amp;", "&")
    assert untouched == before
    if data is not None:  # asked by its POST: the answer carries "confirm"
        assert fields.get("confirm") == ["1"]
    assert yes.status_code == 302, page_text(yes)[-1500:]
    assert snapshot() != before


def _asked_words(page) -> list[str]:
    """The question, what it says will happen, and the two answers, as shown."""
    html = page_text(page)
    found = re.search(r"<h1>(.*?)</h1>.*?<div class=\"asked\"[^>]*>(.*?)</div>", html, re.S)
    buttons = re.findall(r'<button type="submit" class="button primary">(.*?)</button>', html)
    back = re.findall(r'<a class="button" href="[^"]*">(.*?)</a>\s*</form>', html)
    return [found.group(1), re.sub(r"<[^>]+>", " ", found.group(2)), *buttons, *back]


@pytest.mark.parametrize("language", ["it", "es", "nl", "ja", "fa"])
def test_each_question_is_asked_in_the_readers_language(asked, language):
    untranslated = {}
    for route, (client, url, data, _question) in sorted(asked.items()):
        english = client.get(url) if data is None else client.post(url, data)
        theirs = (
            client.get(url, HTTP_ACCEPT_LANGUAGE=language)
            if data is None
            else client.post(url, data, HTTP_ACCEPT_LANGUAGE=language)
        )
        said = [
            words
            for words, in_english in zip(_asked_words(theirs), _asked_words(english), strict=True)
            if words == in_english and re.search(r"[^\W\d_]", words)  # words, not "7 – 4"
        ]
        if said:
            untranslated[route] = said
    assert untranslated == {}


def test_a_reopening_kept_without_signal_is_not_made_unasked(asked):
    """Tapped without signal, the reopening waited on the phone and its script sends it later:
    nobody saw the question, so it is refused in words the phone shows, and nothing changes."""
    client, url, data, _question = asked["table-reopen"]
    before = snapshot()

    sent = client.post(url, data, HTTP_SEC_FETCH_MODE="cors", follow=True)

    assert snapshot() == before
    assert "This reopening was not confirmed: tap Reopen to correct again." in page_text(sent)
