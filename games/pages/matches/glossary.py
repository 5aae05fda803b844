"""Each game's words as its players say them: a short glossary a game, declared by its page
module (``GLOSSARY``, pairs of a term and its one-line meaning) and shown on its own page,
linked from the game's set-up and match pages.

The entries are marked with the game's name as their context (``pgettext_lazy("Rikken",
"troela")``): a catalogue keeps a term as that game's players say it in its language (the
Italian "marafona", the Dutch "troela", the Persian of the rules' Persian text), apart from
the same English word in another game or elsewhere on the pages."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_safe

from games.pages.games import page_for
from games.rules import GAMES


def glossary_of(slug: str) -> list[tuple[str, str]]:
    """The game's terms in the active language, in the order its page module lists them; none
    for a game that declares no glossary."""
    return [(str(term), str(meaning)) for term, meaning in page_for(slug).glossary]


@require_safe
def glossary_page(request, game: str):
    engine = GAMES.get(game)
    if engine is None:
        raise Http404
    return render(request, "games/glossary.html", {"game": engine, "terms": glossary_of(game)})
