"""The shared machinery of the per-game deal forms (`games/pages/games/<slug>.py`): one-tap
choices of players, teams and suits, and the rules' messages put at the field they concern,
in the players' words."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from games.pages.words import Table
from games.rules import Game, RuleViolation

# The French pack's suits (Rikken, Etori, Macau Manilla). "Clubs" is a suit of both packs but
# not the same word in every language (fiori and bastoni, tréboles and bastos): each pack's
# has its own context.
SUIT_LABELS = {
    "spades": gettext_lazy("Spades"),
    "hearts": gettext_lazy("Hearts"),
    "diamonds": gettext_lazy("Diamonds"),
    "clubs": pgettext_lazy("French suit", "Clubs"),
}
# The Latin pack's (Marafon-Beccaccino, Trionfo, Malilla).
LATIN_SUIT_LABELS = {
    "coins": gettext_lazy("Coins"),
    "cups": gettext_lazy("Cups"),
    "swords": gettext_lazy("Swords"),
    "clubs": pgettext_lazy("Latin suit", "Clubs"),
}

# What the rules' input readers say of a missing value; the page asks for the tap instead.
_MISSING = "This field is required."


def suit_choices(suits):
    labels = LATIN_SUIT_LABELS if "coins" in suits else SUIT_LABELS
    return [(s, labels[s]) for s in suits]


def walk(errors: Any, path: tuple[str, ...] = ()):
    """(path, message) for every message of a rules error tree (a rules ``Message`` as it is,
    for ``Table.say`` to put in the players' words and language)."""
    if isinstance(errors, dict):
        for key, value in errors.items():
            yield from walk(value, (*path, str(key)))
    elif isinstance(errors, list):
        for item in errors:
            yield from walk(item, path)
    else:
        yield path, errors if isinstance(errors, str) else str(errors)


class DealForm(forms.Form):
    """Base of the per-game deal forms: built for one match at one moment (who deals next
    decides which fields are asked)."""

    # A rules error path (dotted, "*" for any index) -> the form field that shows it.
    ERROR_FIELDS: dict[str, str | None] = {}

    def __init__(
        self,
        *args,
        table: Table,
        state: dict[str, Any],
        options: Any,
        engine: Game | None = None,
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.table = table
        self.names = list(table.names)
        self.state = state
        self.options = options
        self.engine = engine
        # What to say when a field is left out, where "Tap the <label>." would read badly.
        self.missing_messages: dict[str, str] = {}
        self.build()
        for name, field in self.fields.items():
            if field.label:
                field.error_messages["required"] = self.missing(name)

    def build(self) -> None:
        raise NotImplementedError

    def clean(self):
        cleaned = super().clean()
        if self._errors and self.engine is not None:
            self.check_the_rest()
        return cleaned

    def check_the_rest(self) -> None:
        """Some fields are refused already (a dealer left out, a number that is not one): the
        rules read the rest of the entry as well, so that every field to fix is flagged at
        once, at its field, and not one per try. A pure check of the rules: nothing is kept."""
        entered = {name: None for name in self.fields}
        entered.update(self.cleaned_data)
        kept, self.cleaned_data = self.cleaned_data, entered
        try:
            raw = self.to_input()
        except (KeyError, TypeError, ValueError, AttributeError):
            return  # a form that cannot say the rest without the refused fields
        finally:
            self.cleaned_data = kept
        try:
            state = self.engine.state_from_data(self.state, self.options)
            self.engine.parse_deal(raw, state=state, options=self.options)
        except RuleViolation as exc:
            self.add_rule_errors(exc.errors, skip_flagged=True)

    def to_input(self) -> dict[str, Any]:
        raise NotImplementedError

    def seat_field(self, label, required=True, seats=None, empty=None):
        seats = range(len(self.names)) if seats is None else seats
        choices = [(str(s), self.names[s]) for s in seats]
        if empty is not None:
            choices = [("", empty), *choices]
        return forms.TypedChoiceField(
            label=label,
            choices=choices,
            coerce=int,
            empty_value=None,
            required=required,
            widget=forms.RadioSelect,
        )

    def team_field(self, label, teams=None, required=False):
        """One tap on the team, named by its players."""
        labels = self.table.team_labels
        teams = range(len(labels)) if teams is None else teams
        return forms.TypedChoiceField(
            label=label,
            choices=[(str(t), labels[t]) for t in teams],
            coerce=int,
            empty_value=None,
            required=required,
            widget=forms.RadioSelect,
        )

    # Choices in a longer row than this fold to the chosen one once tapped (app.js).
    FOLD_AFTER = 8

    @property
    def foldable(self) -> set[str]:
        return {
            name
            for name, field in self.fields.items()
            if isinstance(field.widget, forms.RadioSelect) and len(field.choices) > self.FOLD_AFTER
        }

    def tap_field(self, label, choices, required=False):
        """A one-tap choice among a few words (a card's rank, a suit, a contract)."""
        return forms.ChoiceField(
            label=label, required=required, choices=list(choices), widget=forms.RadioSelect
        )

    def field_for(self, path: tuple[str, ...]) -> str | None:
        """The field that shows a rules message at `path`, or None for the top of the form."""
        for pattern, target in self.ERROR_FIELDS.items():
            parts = pattern.split(".")
            if len(parts) <= len(path) and all(
                p in ("*", q) for p, q in zip(parts, path, strict=False)
            ):
                if target is None:
                    return None
                index = next((q for p, q in zip(parts, path, strict=False) if p == "*"), "")
                target = target.replace("*", index)
                if target in self.fields:
                    return target
        for candidate in ("_".join(path), path[-1] if path else "", path[0] if path else ""):
            if candidate in self.fields:
                return candidate
        return None

    def add_rule_errors(self, errors: dict[str, Any], skip_flagged: bool = False) -> None:
        """Puts the rules' messages next to the fields they concern, naming players; with
        ``skip_flagged``, only at the fields not refused already."""
        flagged = set(self._errors or ()) if skip_flagged else set()
        for path, message in walk(errors):
            target = self.field_for(path)
            if (target or NON_FIELD_ERRORS) in flagged:
                continue
            if message == _MISSING and target is not None:
                message = self.missing(target)
            self.add_error(target, self.table.say(message))

    def missing(self, name: str) -> str:
        if name in self.missing_messages:
            return self.missing_messages[name]
        field = self.fields[name]
        label = str(field.label).rstrip(":")
        if isinstance(field.widget, forms.RadioSelect):
            return _("Tap the %(what)s.") % {"what": label[:1].lower() + label[1:]}
        return _("Enter the %(what)s.") % {"what": label[:1].lower() + label[1:]}
