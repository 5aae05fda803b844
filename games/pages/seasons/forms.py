"""The director's season form: the season, its points scheme (the options of each registered
scheme, asked of the scheme) and how it counts. Values are read into plain data; the season
service checks them and its refusals come back at their fields."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.rules import GAMES
from games.tournaments.seasons import SCHEMES
from games.translation import translated

NUMBERS = re.compile(r"[0-9]+")


def numbers(text: str) -> list[int]:
    """ "10-8-6-5" or "1, 2, 3, 4, 8" as whole numbers."""
    return [int(n) for n in NUMBERS.findall(text or "")]


class SeasonForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=120)
    starts_on = forms.DateField(
        label=gettext_lazy("First day"), widget=forms.DateInput(attrs={"type": "date"})
    )
    ends_on = forms.DateField(
        label=gettext_lazy("Last day"), widget=forms.DateInput(attrs={"type": "date"})
    )
    public = forms.BooleanField(label=gettext_lazy("Public season page"), required=False)
    scheme = forms.ChoiceField(label=gettext_lazy("Points scheme"), widget=forms.RadioSelect)
    best = forms.IntegerField(
        label=gettext_lazy("Count the best (empty: all)"),
        required=False,
        min_value=1,
        max_value=1000,
    )
    drop = forms.IntegerField(
        label=gettext_lazy("Drop the lowest"), min_value=0, max_value=1000, initial=0
    )
    min_events = forms.IntegerField(
        label=gettext_lazy("Events to be ranked"), min_value=0, max_value=1000, initial=0
    )
    min_prize_events = forms.IntegerField(
        label=gettext_lazy("Events to take a prize"), min_value=0, max_value=1000, initial=0
    )
    prizes = forms.CharField(
        label=gettext_lazy("Prize places (for example 1, 2, 3, 4, 8, 12, 16)"),
        required=False,
        max_length=300,
    )
    booby = forms.BooleanField(label=gettext_lazy("Booby prize"), required=False)
    ladder = forms.BooleanField(
        label=gettext_lazy("Ladder: a running total of every result"), required=False
    )
    evenings_of = forms.ChoiceField(
        label=gettext_lazy("Count every club evening of"), required=False
    )

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.fields["scheme"].choices = [
            (slug, translated(scheme.label)) for slug, scheme in SCHEMES.items()
        ]
        self.fields["scheme"].initial = next(iter(SCHEMES))
        self.fields["evenings_of"].choices = [("", _("none: only the events attached"))] + [
            (slug, game.name) for slug, game in GAMES.items()
        ]
        # Each scheme's own options, as the scheme declares them: a list as numbers in a line,
        # a number as a number.
        for slug, scheme in SCHEMES.items():
            for option, default in scheme.default_options.items():
                name = f"option_{slug}_{option}"
                label = translated(scheme.option_labels.get(option, option))
                if isinstance(default, list):
                    self.fields[name] = forms.CharField(
                        label=label, required=False, initial="-".join(map(str, default))
                    )
                else:
                    self.fields[name] = forms.IntegerField(
                        label=label, required=False, initial=default
                    )

    def option_fields(self) -> list[Any]:
        """Every scheme's options, in the order of the schemes."""
        return [self[name] for name in self.fields if name.startswith("option_")]

    def season_fields(self) -> dict[str, Any]:
        """The cleaned form as the service's keyword arguments."""
        data = self.cleaned_data
        scheme = SCHEMES[data["scheme"]]
        options: dict[str, Any] = {}
        for option, default in scheme.default_options.items():
            value = data.get(f"option_{data['scheme']}_{option}")
            if value in (None, ""):
                continue
            options[option] = numbers(value) if isinstance(default, list) else value
        return {
            "name": data["name"],
            "starts_on": data["starts_on"],
            "ends_on": data["ends_on"],
            "public": data["public"],
            "scheme": data["scheme"],
            "scheme_options": options,
            "best": data["best"],
            "drop": data["drop"] or 0,
            "min_events": data["min_events"] or 0,
            "min_prize_events": data["min_prize_events"] or 0,
            "prizes": numbers(data["prizes"]),
            "booby": data["booby"],
            "ladder": data["ladder"],
            "evenings_of": data["evenings_of"] or "",
        }

    @classmethod
    def initial_of(cls, season) -> dict[str, Any]:
        initial = {
            name: getattr(season, name)
            for name in (
                "name",
                "starts_on",
                "ends_on",
                "public",
                "scheme",
                "best",
                "drop",
                "min_events",
                "min_prize_events",
                "booby",
                "ladder",
                "evenings_of",
            )
        }
        initial["prizes"] = ", ".join(map(str, season.prizes or []))
        for option, value in (season.scheme_options or {}).items():
            key = f"option_{season.scheme}_{option}"
            initial[key] = "-".join(map(str, value)) if isinstance(value, list) else value
        return initial

    def add_refusal(self, errors: dict[str, Any]) -> None:
        """The service's refusals at their fields (a scheme option at its own input)."""
        for field, messages in errors.items():
            if field == "scheme_options" and isinstance(messages, dict):
                for option, said in messages.items():
                    name = f"option_{self.cleaned_data.get('scheme')}_{option}"
                    self.add_error(name if name in self.fields else None, said)
                continue
            if isinstance(messages, dict):
                messages = [m for inner in messages.values() for m in inner]
            self.add_error(field if field in self.fields else None, messages)
