"""Forms of the account and club pages. They check the shape of what was typed; the club services
decide the rest, and their refusals land next to the field they name."""

from __future__ import annotations

from collections import Counter
from typing import Any

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.password_validation import password_validators_help_texts
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from games import selectors
from games.models import Club, Player, RulePreset
from games.names import isolate, name_problem, normalise_name
from games.pages.errors import RuleErrorsForm
from games.pages.matches.forms import MAX_NAME_LENGTH, MatchSetupForm
from games.pages.tournaments.forms import MAX_LINES


class SignUpForm(UserCreationForm):
    """A username and a password typed twice; Django's password validators apply."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["username"].widget.attrs.update(
            {"autocomplete": "username", "autocapitalize": "none"}
        )
        for name in ("password1", "password2"):
            self.fields[name].widget.attrs["autocomplete"] = "new-password"
        # Django's help is an HTML list, which cannot sit in the field's help paragraph.
        self.fields["password1"].help_text = " ".join(password_validators_help_texts())


class ClubForm(RuleErrorsForm, forms.Form):
    name = forms.CharField(
        label=_("Club name"),
        max_length=Club._meta.get_field("name").max_length,
        widget=forms.TextInput(attrs={"autocomplete": "organization"}),
    )

    # club_create names the slug when the name is taken: the director typed the name.
    ERROR_FIELDS = {"slug": "name"}


class DirectorForm(forms.Form):
    """Another account becomes a director of the club, named by its username."""

    username = forms.CharField(
        label=_("Username"),
        max_length=150,
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "none"}),
    )

    def __init__(self, *args, club: Club, directors: list[Any], **kwargs):
        super().__init__(*args, **kwargs)
        self.club = club
        self.directors = {user.pk for user in directors}
        self.user = None

    def clean_username(self) -> str:
        username = self.cleaned_data["username"].strip()
        # Usernames are told apart without case at sign-up: "jan" finds "Jan".
        user = selectors.account_named(username, any_case=True)
        if user is None or not user.is_active:
            raise forms.ValidationError(
                _("There is no account %(username)s.") % {"username": username}
            )
        if user.pk in self.directors:
            raise forms.ValidationError(
                _("%(username)s already directs %(club)s.")
                % {"username": user.get_username(), "club": self.club.name}
            )
        self.user = user
        return username


class MembersForm(RuleErrorsForm, forms.Form):
    """New members, one name a line; all of them are added or none."""

    # club_members_add_many names the line's name: it was typed in the one box.
    ERROR_FIELDS = {"name": "names"}

    names = forms.CharField(
        label=_("New members, one a line"),
        widget=forms.Textarea(attrs={"rows": 5, "autocomplete": "off"}),
    )

    def clean_names(self) -> list[str]:
        lines = [normalise_name(line) for line in self.cleaned_data["names"].splitlines()]
        names = [line for line in lines if line]
        if not names:
            raise forms.ValidationError(_("Type a name, or several names one a line."))
        if len(names) > MAX_LINES:
            raise forms.ValidationError(_("At most %(n)d at once.") % {"n": MAX_LINES})
        problems, seen = [], set()
        for number, name in enumerate(names, start=1):
            problem = name_problem(name, max_length=MAX_NAME_LENGTH)
            if problem:
                problems.append(
                    _("Line %(n)d (%(who)s): %(problem)s")
                    % {"n": number, "who": name[:MAX_NAME_LENGTH], "problem": problem}
                )
            elif name.casefold() in seen:
                problems.append(
                    _("Line %(n)d (%(who)s): typed twice.") % {"n": number, "who": name}
                )
            seen.add(name.casefold())
        if problems:
            raise forms.ValidationError(problems)
        return names


def member_label(player: Player, twins: set[str]) -> str:
    """A member as the merge lists show them: the number tells apart two records of one name
    (the name isolated, so that a right-to-left name keeps its number on its own side)."""
    if player.name.casefold() in twins:
        return f"{isolate(player.name)} (#{player.pk})"
    return isolate(player.name)


class MergeForm(RuleErrorsForm, forms.Form):
    """Two records of one person among the club's members: the one kept, and its duplicate."""

    keep = forms.TypedChoiceField(label=_("Keep"), coerce=int)
    duplicate = forms.TypedChoiceField(label=_("Duplicate"), coerce=int)

    def __init__(self, *args, members: list[Player], **kwargs):
        super().__init__(*args, **kwargs)
        self.members = {player.pk: player for player in members}
        counts = Counter(player.name.casefold() for player in members)
        twins = {name for name, count in counts.items() if count > 1}
        choices = [("", _("Pick a member"))]
        choices += [(player.pk, member_label(player, twins)) for player in members]
        self.fields["keep"].choices = choices
        self.fields["duplicate"].choices = choices

    def clean(self):
        data = super().clean()
        if data.get("keep") is not None and data.get("keep") == data.get("duplicate"):
            self.add_error("duplicate", _("Pick two different records."))
        return data

    def players(self) -> tuple[Player, Player]:
        """The record kept and its duplicate, once the form is valid."""
        return self.members[self.cleaned_data["keep"]], self.members[self.cleaned_data["duplicate"]]


class ClubRulesForm(MatchSetupForm):
    """House rules a club keeps, written on its page: a name, a note, and the game's rules asked
    as the new-match form asks them (the same fields, the game's defaults to start from)."""

    def __init__(self, game, *args, **kwargs):
        players = game.Options().players
        defaults = game.options_to_data(game.resolve_options({}, players=players))
        super().__init__(game, *args, resolved=defaults, **kwargs)
        for name in list(self.fields):
            if name.startswith("player_") or name in ("preset", "stake", *self.setup_names):
                del self.fields[name]
        self.fields["name"] = forms.CharField(
            label=_("Name"), max_length=RulePreset._meta.get_field("name").max_length
        )
        self.fields["description"] = forms.CharField(
            label=capfirst(RulePreset._meta.get_field("description").verbose_name),
            max_length=RulePreset._meta.get_field("description").max_length,
            required=False,
        )
        self.order_fields(["name", "description"])

    def clean(self):
        return forms.Form.clean(self)  # no players to check: the rules are for any table
