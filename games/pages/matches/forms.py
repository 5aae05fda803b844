"""The form that starts a match: players, house rules, stake. The deal forms are each game's
(`games/pages/games/<slug>.py`)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games import selectors
from games.names import normalise_name
from games.pages.errors import RuleErrorsForm, rule_messages
from games.pages.games import page_for
from games.pages.numbers import AmountField, NumberField
from games.rules import Game, RuleViolation
from games.rules.presets import BUILTIN_PRESETS
from games.translation import translated

MAX_NAME_LENGTH = 60

# --- starting a match ------------------------------------------------------------------------


def option_field(fld: dict[str, Any], initial: Any) -> forms.Field:
    """A form field for one rule option, with its one-line explanation as help text, its name
    and its choices' names in the request's language."""
    help_text = translated(fld["help"])
    label = translated(fld["label"])
    default = fld["default"]
    if fld["kind"] == "tuple" and fld["choices"]:
        # A list of some of the choices (Rikken's special games the table chooses from): one
        # chip each, any number tapped.
        return forms.MultipleChoiceField(
            label=label,
            help_text=help_text,
            required=False,
            choices=[(str(c), translated(fld["choice_labels"][c])) for c in fld["choices"]],
            initial=[str(c) for c in initial or ()],
            widget=forms.CheckboxSelectMultiple,
        )
    if fld["choices"]:
        return forms.ChoiceField(
            label=label,
            help_text=help_text,
            choices=[(str(c), translated(fld["choice_labels"][c])) for c in fld["choices"]],
            initial=str(initial),
        )
    if isinstance(default, bool) or fld.get("kind") == "bool":
        return forms.BooleanField(
            label=label,
            required=False,
            help_text=help_text,
            initial=bool(initial),
        )
    return NumberField(
        label=label,
        help_text=help_text,
        initial=initial,
        required=default is not None,
        min_value=0,
    )


class MatchSetupForm(RuleErrorsForm, forms.Form):
    """Players in the order of play, house rules, every option with its explanation."""

    # match_create's refusals of the players or the rules as a whole show above the form.
    ERROR_FIELDS = {"players": None, "rules": None}

    def __init__(self, game: Game, *args, resolved: dict[str, Any], **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        most = max(game.player_counts)
        for seat in range(most):
            self.fields[f"player_{seat}"] = forms.CharField(
                label=_("Player %(number)d") % {"number": seat + 1},
                max_length=MAX_NAME_LENGTH,
                required=seat < min(game.player_counts),
                widget=forms.TextInput(attrs={"list": "known-players", "autocomplete": "off"}),
            )
        self.fields["preset"] = forms.CharField(required=False, widget=forms.HiddenInput)
        self.page = page_for(game.slug)
        self.option_names = []
        for fld in game.describe_options():
            if fld["name"] == "players":
                continue
            own = self.page.option_field(fld, resolved[fld["name"]])
            if own is None and fld["kind"] == "tuple" and not fld["choices"]:
                # Structured options the game's page gives no field of its own keep the house
                # rules' or the default value: they are set through the API.
                continue
            self.fields[f"rule_{fld['name']}"] = own or option_field(fld, resolved[fld["name"]])
            self.option_names.append(fld["name"])
        if game.money:
            self.fields["stake"] = AmountField(
                label=_("Stake per unit"),
                required=False,
                min_value=0,
                max_digits=12,
                decimal_places=4,
                help_text=_("Money per unit, to settle up at the end."),
            )
        # The game's set-up beside the players and rules, if it has one, asked as its page
        # says.
        asked = self.page.setup_fields(self._team_labels(), self._teams_attr())
        self.fields.update(asked)
        self.setup_names = list(asked)

    def _team_labels(self) -> list[str]:
        """Each team by its players as typed so far ("Ana & Carmen"), a seat not yet typed by
        its field's name ("Player 3"); static/js/setup.js names them as they are typed."""
        teams = self.game.teams(self.game.Options()) or []
        typed = self.data if self.is_bound else {}

        def name(seat: int) -> str:
            given = normalise_name(str(typed.get(f"player_{seat}", "")))
            return given or str(self.fields[f"player_{seat}"].label)

        return [" & ".join(name(seat) for seat in team) for team in teams]

    def _teams_attr(self) -> str:
        """The teams' seats for the script: "0 2;1 3"."""
        teams = self.game.teams(self.game.Options()) or []
        return ";".join(" ".join(str(seat) for seat in team) for team in teams)

    def player_fields(self):
        return [self[f"player_{s}"] for s in range(max(self.game.player_counts))]

    def add_rule_errors(self, exc: RuleViolation) -> None:
        """A refused name shows at its own field ("Player 2"); the players as a whole (how
        many) and the rules above the form."""
        seats = exc.errors.get("players")
        if isinstance(seats, dict):
            for seat, value in seats.items():
                field = f"player_{seat}"
                for message in rule_messages(value):
                    self.add_error(field if field in self.fields else None, message)
            exc = RuleViolation({k: v for k, v in exc.errors.items() if k != "players"})
        super().add_rule_errors(exc)

    def option_fields(self):
        return [self[f"rule_{name}"] for name in self.option_names]

    def setup_field_list(self):
        return [self[name] for name in self.setup_names]

    def setup(self) -> dict[str, Any]:
        """The set-up as the match service takes it: the fields given."""
        data = self.cleaned_data
        return {name: data[name] for name in self.setup_names if data.get(name) is not None}

    def clean(self):
        data = super().clean()
        players = [
            normalise_name(data.get(f"player_{s}", "")) for s in range(max(self.game.player_counts))
        ]
        while players and not players[-1]:
            players.pop()
        if "" in players:
            raise forms.ValidationError(
                _("Fill in the players without gaps, in the order of play.")
            )
        data["players"] = players
        return data

    def rules(self) -> dict[str, Any]:
        rules = {}
        for name in self.option_names:
            value = self.cleaned_data.get(f"rule_{name}")
            if isinstance(self.fields[f"rule_{name}"], forms.MultipleChoiceField):
                value = list(value or [])
            elif isinstance(self.fields[f"rule_{name}"], forms.ChoiceField):
                choices = next(
                    f["choices"] for f in self.game.describe_options() if f["name"] == name
                )
                value = next((c for c in choices if str(c) == value), value)
            value = self.page.option_value(name, value)
            if value is None:
                continue
            rules[name] = value
        return rules


def presets_for(game: Game, user) -> list[dict[str, Any]]:
    presets = [
        {
            "key": p.key,
            "name": translated(p.name),
            "description": translated(p.description),
            "rules": p.rules,
        }
        for p in BUILTIN_PRESETS
        if p.game == game.slug
    ]
    if user.is_authenticated:
        presets += [
            {"key": p.key, "name": p.name, "description": p.description, "rules": p.rules}
            for p in selectors.presets_saved(game=game.slug, owner=user)
        ]
    return presets
