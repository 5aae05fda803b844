"""The forms of an evening at one table: starting it, and choosing its next match."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games import selectors
from games.pages.matches.forms import presets_for
from games.pages.numbers import AmountField
from games.rules import GAMES
from games.rules.presets import BUILTIN_PRESETS
from games.services import preset_find
from games.translation import preset_name, translated

MAX_PLAYERS = 12


def game_choices() -> list[tuple[str, str]]:
    return [(slug, game.name) for slug, game in GAMES.items()]


class SessionNewForm(forms.Form):
    """Everyone at the table, the first game with its house rules (the usual ones, a preset, or
    house rules saved by the account: as the match form offers them), the stake, the club."""

    wrapper_prefix = ""
    foldable: tuple[str, ...] = ()

    players = forms.CharField(
        label=_("Players"),
        widget=forms.Textarea(attrs={"rows": 5, "autocomplete": "off"}),
        help_text=_("One name a line, in the order of play. Known players are recognised by name."),
    )
    game = forms.ChoiceField(label=_("First game"), widget=forms.RadioSelect, choices=())
    stake = AmountField(
        label=_("Stake (money a unit, for money games)"),
        required=False,
        min_value=0,
        max_digits=12,
        decimal_places=4,
    )
    club = forms.ChoiceField(label=_("Club"), widget=forms.RadioSelect, required=False, choices=())

    def __init__(self, *args, clubs: list[tuple[str, str]] = (), user=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = game_choices()
        # One row of house rules a game, shown once the game is tapped (app.js, evenings.css).
        self.presets: dict[str, list[dict[str, Any]]] = {}
        for slug, game in GAMES.items():
            presets = presets_for(game, user)
            if not presets:
                continue
            self.presets[slug] = presets
            self.fields[f"rules_{slug}"] = forms.ChoiceField(
                label=_("%(game)s: house rules") % {"game": game.name},
                widget=forms.RadioSelect,
                required=False,
                initial="",
                choices=[("", _("The usual rules")), *((p["key"], p["name"]) for p in presets)],
            )
        if clubs:
            self.fields["club"].choices = [("", _("none")), *clubs]
        else:
            del self.fields["club"]

    def house_rules(self) -> list[dict[str, Any]]:
        """Each game's row of house rules, with what each set changes, for the template."""
        return [
            {"game": slug, "field": self[f"rules_{slug}"], "presets": presets}
            for slug, presets in self.presets.items()
        ]

    def preset(self) -> str | None:
        """The house rules chosen for the first game: a preset's key, or None (the usual)."""
        return self.cleaned_data.get(f"rules_{self.cleaned_data.get('game')}") or None

    def clean_players(self) -> list[str]:
        names = [n.strip() for n in self.cleaned_data["players"].splitlines() if n.strip()]
        if len(names) < 2:
            raise forms.ValidationError(_("Name at least two players, one a line."))
        if len(names) > MAX_PLAYERS:
            raise forms.ValidationError(_("A session seats at most 12 players."))
        return names


def next_choices(user, last) -> list[tuple[str, str]]:
    """The next match: the same again, another game with its usual rules, or house rules."""
    choices = []
    if last is not None:
        label = last.game_name + (f" · {preset_name(last.preset)}" if last.preset else "")
        choices.append(("again", _("Again: %(what)s") % {"what": label}))
    choices += [(f"game:{slug}", game.name) for slug, game in GAMES.items()]
    choices += [
        (f"preset:{p.key}", f"{GAMES[p.game].name} · {translated(p.name)}") for p in BUILTIN_PRESETS
    ]
    if user.is_authenticated:
        choices += [
            (f"preset:{p.key}", f"{GAMES[p.game].name} · {p.name}")
            for p in selectors.presets_owned_by(user)
        ]
    return choices


class NextMatchForm(forms.Form):
    wrapper_prefix = "next-"
    foldable: tuple[str, ...] = ()

    choice = forms.ChoiceField(label=_("Next match"), widget=forms.RadioSelect, choices=())
    plays = forms.MultipleChoiceField(
        label=_("Who plays (in the order of play)"),
        widget=forms.CheckboxSelectMultiple,
        required=False,
        choices=(),
        help_text=_("Leave as it is to keep the table as it sat."),
    )

    def __init__(self, *args, user, last, players: list[tuple[int, str]], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["choice"].choices = next_choices(user, last)
        self.fields["choice"].initial = "again" if last is not None else None
        self.fields["plays"].choices = [(str(n), name) for n, name in players]

    def request(self) -> dict[str, Any]:
        """What the session service is asked: the game, the rules or preset, the seats."""
        choice = self.cleaned_data["choice"]
        asked: dict[str, Any] = {}
        if choice.startswith("game:"):
            asked.update(game=choice[5:], rules={})
        elif choice.startswith("preset:"):
            preset = preset_find(choice[7:])
            if preset is not None:
                asked.update(game=preset.game, preset=choice[7:])
        plays = self.cleaned_data.get("plays")
        if plays:
            asked["seats"] = [int(n) for n in plays]
        return asked
