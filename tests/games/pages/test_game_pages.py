"""The page contract (games/pages/games/contract.py), for every registered game's page and the
page that exists only in the tests (Tens): each is a `GamePage` registered under its game's
slug, and each of its pages is drawn, from a match its example deals were entered into: the
scoreboard with the deal form, the history, a correction's form, the undo question, the chart,
the settle-up and the glossary. A page module that breaks the contract fails here, whichever
game it is."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.pages import games as pages
from games.pages.games.contract import GamePage
from games.pages.matches.deal_form import DealForm
from games.rules import GAMES, get_game, register
from games.services import deal_record, match_create

from ..extra_game import page as tens_page
from ..extra_game import rules as tens_rules
from ..rules.examples import EXAMPLES

EXTRA_GAME = Path(__file__).parents[1] / "extra_game"
EVERY_PAGE = [*pages.PAGES, "tens"]


@pytest.fixture
def tens(settings):
    """Tens registered (its rules, its page, its templates) for one test, then forgotten."""
    register(tens_rules.GAME)
    pages.register(tens_page.PAGE)
    templates = settings.TEMPLATES[0]
    settings.TEMPLATES = [{**templates, "DIRS": [*templates["DIRS"], EXTRA_GAME / "templates"]}]
    yield
    GAMES.pop("tens")
    pages.PAGES.pop("tens")


def test_every_registered_page_keeps_the_contract(tens):
    assert set(pages.PAGES) == set(GAMES)  # a page for every game, and no page without one
    for slug, page in pages.PAGES.items():
        assert isinstance(page, GamePage)
        assert page.slug == slug
        assert issubclass(page.deal_form, DealForm)
        assert not getattr(type(page), "__abstractmethods__", None)
        # The new-match form asks the game's set-up, and only that, as the page says.
        assert set(page.setup_fields(["Ana & Cy", "Bo & Di"], "0 2;1 3")) == set(
            GAMES[slug].setup_fields
        )


def test_a_page_that_forgets_a_member_fails_when_it_is_made():
    class Forgetful(GamePage):
        slug = "forgetful"
        deal_form = tens_page.TensDealForm

        def summary(self, raw, outcome, table, options):
            return ""

    with pytest.raises(TypeError, match="initial"):
        Forgetful()


@pytest.mark.django_db
@pytest.mark.parametrize("slug", EVERY_PAGE)
@settings(
    max_examples=2,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_every_page_of_every_game_is_drawn(tens, slug, data):
    example = data.draw(EXAMPLES[slug].filter(lambda example: example.deals))
    game = get_game(slug)
    players = [f"Player {n}" for n in range(1, example.options.players + 1)]
    created = match_create(
        game=slug,
        players=players,
        rules=game.options_to_data(example.options),
        setup=example.setup or None,
        stake=Decimal("0.10") if game.plays_for_money(example.options) else None,
    )
    match = created.match
    for raw in example.deals:
        deal_record(match=match, raw=raw)
    client = Client()
    assert client.get(f"/m/{match.public_id}/edit/{created.edit_key}/").status_code == 302
    base = f"/m/{match.public_id}/"
    last = len(example.deals)

    board = client.get(base)
    assert board.status_code == 200
    text = board.content.decode()
    assert players[0] in text
    if not board.context["state"].get("finished"):
        assert 'name="form_key"' in text  # the game's deal form is drawn
    for path in ("history/", f"deals/{last}/edit/", f"deals/{last}/undo/", "chart/"):
        answer = client.get(base + path)
        assert answer.status_code == 200, (path, answer.status_code)
    # A settle-up where money changes hands, a ranking where the lowest total wins; else none.
    settles = game.plays_for_money(example.options) or game.lowest_wins(example.options)
    assert client.get(base + "settle/").status_code == (200 if settles else 404)
    glossary = client.get(f"/games/{slug}/glossary/")
    assert glossary.status_code == 200
    assert len(glossary.context["terms"]) == len(pages.page_for(slug).glossary)
