"""The page contract: what a game's page module gives the shared pages, typed once.

Each game's module (`games/pages/games/<slug>.py`) ends with a `GamePage` subclass naming its
deal form and its functions, and an instance of it, `PAGE`, that `games/pages/games/__init__.py`
registers. The four abstract members every game must give (a missing one fails at import, when
the instance is made); the hooks below them have a default that says "nothing special", so the
shared pages call them without asking whether a game has them."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from games.pages.matches.deal_form import DealForm
    from games.pages.words import Table


class GamePage(ABC):
    slug: ClassVar[str]
    # The deal form, drawn by templates/games/<slug>/entry.html.
    deal_form: ClassVar[type[DealForm]]
    # Pairs of a term and its one-line meaning, for the game's glossary page.
    glossary: ClassVar[Sequence[tuple[Any, Any]]] = ()

    @abstractmethod
    def summary(self, raw: dict[str, Any], outcome: dict[str, Any], table: Table, options) -> str:
        """A deal's history line in the players' words."""

    @abstractmethod
    def initial(self, raw: dict[str, Any]) -> dict[str, Any]:
        """A correction's starting values: the form's fields as the deal was entered."""

    @abstractmethod
    def scoreboard_rows(self, state: dict[str, Any], *, names, labels, stake) -> list[dict]:
        """The scoreboard's rows: each side's or player's numbers."""

    @abstractmethod
    def next_roles(self, state: dict[str, Any], *, name, labels) -> dict:
        """The next deal's roles (``{"roles": [(role, who), ...]}``, and a ``reminder``)."""

    def dealt_again(self, options) -> list[tuple[str, str]]:
        """The ways a deal is dealt again without scoring, for the offline board."""
        return []

    def house_rule_lines(self, name: str, value: Any, usual: Any) -> list[str] | None:
        """An option the game words itself in the house-rule lines; None: the usual line."""
        return None

    def setup_fields(self, teams: Sequence[str], teams_attr: str) -> dict[str, Any]:
        """The new-match form's fields for the game's set-up (``Game.setup_fields``), by name:
        none unless the game has a set-up. ``teams`` names each team by its players as typed so
        far; ``teams_attr`` gives their seats to the set-up script (static/js/setup.js)."""
        return {}

    def option_field(self, fld: dict[str, Any], initial: Any) -> Any:
        """A form field of the game's own for one of its options on the new-match page
        (Rikken's contract table as text); None: the shared field for the option's kind."""
        return None

    def option_value(self, name: str, value: Any) -> Any:
        """An option as the rules take it, from its field's cleaned value (the shared fields'
        values go as they are)."""
        return value

    def contract_label(self, slug: str) -> str:
        """A contract's name for people, where a game counts contracts."""
        return slug
