"""Forms of the tournament pages. They check the shape of what was typed; the services decide
what the rules allow, and their refusals land next to the field they name."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games import selectors
from games.models import Tournament
from games.names import name_problem, normalise_name
from games.pages.errors import RuleErrorsForm
from games.pages.matches.forms import MAX_NAME_LENGTH
from games.pages.numbers import NumberField
from games.pages.tournaments.display import tie_break_label
from games.rules import GAMES
from games.rules.presets import BUILTIN_PRESETS
from games.tournaments.formats import FORMATS
from games.tournaments.tie_breaks import DEFAULT_TIE_BREAKS, TIE_BREAKS
from games.translation import translated

PAIR_SEPARATOR = "&"
# Each line is a service call in one transaction: a pasted phone book should not hold it long.
MAX_LINES = 200


def preset_choices(user, clubs) -> list[tuple[str, str, str]]:
    """Built-in house rules by game, then the ones saved by the director or their clubs: each
    as (key, name, game), so the page offers a game's own once the game is tapped."""
    choices = [(p.key, str(translated(p.name)), p.game) for p in BUILTIN_PRESETS]
    choices += [
        (p.key, f"{p.name} ({GAMES[p.game].name if p.game in GAMES else p.game})", p.game)
        for p in selectors.presets_saved_for(user, clubs)
    ]
    return choices


class TournamentForm(RuleErrorsForm, forms.Form):
    """Every choice a row of chips, as on the players' pages (no drop-down)."""

    # The clubs the director directs, from games.selectors.clubs_directed_by.
    club = forms.ModelChoiceField(
        queryset=None, label=_("Club"), empty_label=None, widget=forms.RadioSelect
    )
    name = forms.CharField(label=_("Name"), max_length=120)
    game = forms.ChoiceField(
        label=_("Game"), choices=[(s, g.name) for s, g in GAMES.items()], widget=forms.RadioSelect
    )
    preset = forms.ChoiceField(
        label=_("House rules"), required=False, initial="", widget=forms.RadioSelect
    )
    # Its choices are the formats' registry's, read for each form (see __init__).
    format = forms.ChoiceField(label=_("Format"), widget=forms.RadioSelect)
    rounds = NumberField(label=_("Rounds"), min_value=1, max_value=50, initial=4)
    round_kind = forms.ChoiceField(
        label=_("A round is"),
        choices=Tournament.RoundKind.choices,
        initial=Tournament.RoundKind.DEALS,
        widget=forms.RadioSelect,
    )
    deals_per_round = NumberField(
        label=_("Deals a round"),
        required=False,
        min_value=1,
        max_value=200,
        help_text=_("Only when a round is a number of deals."),
    )
    table_size = NumberField(
        label=_("Players a table"),
        required=False,
        min_value=2,
        max_value=8,
        help_text=_("Leave it empty for the game's usual number."),
    )

    # The service's field names, mapped to the fields that show their messages.
    ERROR_FIELDS = {"tie_breaks": "tie_break_1", "rules": None, "tournament": None}

    def __init__(self, *args, user, clubs, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs
        presets = preset_choices(user, clubs)
        self.preset_games = {key: game for key, _name, game in presets}
        self.fields["preset"].choices = [
            ("", _("The game's usual rules")),
            *((key, name) for key, name, _game in presets),
        ]
        # The registries' games and formats, read for each form: one registered after start-up
        # (a test's) is offered too.
        self.fields["game"].choices = [(s, g.name) for s, g in GAMES.items()]
        self.fields["format"].choices = [(s, translated(f.label)) for s, f in FORMATS.items()]
        self.fields["format"].initial = next(iter(FORMATS))
        # The usual tie-breaks are filled in, to be kept or changed (a pairs event only): a
        # slot for each registered tie-break, since each counts once.
        usual = dict(enumerate(DEFAULT_TIE_BREAKS, start=1))
        self.tie_break_slots = len(TIE_BREAKS)
        for slot in range(1, self.tie_break_slots + 1):
            self.fields[f"tie_break_{slot}"] = forms.ChoiceField(
                label=_("Tie-break %(n)d") % {"n": slot},
                required=False,
                widget=forms.RadioSelect,
                choices=[("", _("None")), *((t, tie_break_label(t)) for t in TIE_BREAKS)],
                initial=usual.get(slot, ""),
            )

    # The formats that show a field, as the page's data-show-when lists them: the table size
    # where a format seats more than one size of table, the tie-breaks where it ranks by them.
    @property
    def sized_formats(self) -> str:
        return "|".join(s for s, f in FORMATS.items() if len(f.table_sizes) > 1)

    @property
    def tie_break_formats(self) -> str:
        return "|".join(s for s, f in FORMATS.items() if f.tie_breaks)

    def tie_break_fields(self):
        return [self[f"tie_break_{slot}"] for slot in range(1, self.tie_break_slots + 1)]

    def preset_chips(self) -> list[tuple[Any, str]]:
        """Each house-rules chip with its game (none for the usual rules): a game's own show
        once the game is tapped (app.js's data-show-when)."""
        return [(chip, self.preset_games.get(chip.data["value"], "")) for chip in self["preset"]]

    def clean(self):
        data = super().clean()
        chosen: list[str] = []
        for slot in range(1, self.tie_break_slots + 1):
            value = data.get(f"tie_break_{slot}")
            if not value:
                continue
            if value in chosen:
                self.add_error(f"tie_break_{slot}", _("Each tie-break counts once."))
            chosen.append(value)
        # An individual event ranks by total: the tie-breaks filled in for pairs do not apply.
        kind = FORMATS.get(data.get("format") or "")
        data["tie_breaks"] = chosen if kind is not None and kind.tie_breaks else []
        return data

    def service_arguments(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "club": data["club"],
            "name": data["name"],
            "game": data["game"],
            "format": data["format"],
            "rounds": data["rounds"],
            "round_kind": data["round_kind"],
            "deals_per_round": data.get("deals_per_round"),
            "table_size": data.get("table_size"),
            "tie_breaks": data["tie_breaks"],
            "preset": data.get("preset") or None,
        }


@dataclass(frozen=True)
class Entry:
    """One entrant to register: a player, or a pair. ``field`` and ``line`` say where it was
    typed, so a refusal is shown there."""

    name: str
    partner: str | None
    field: str
    line: int | None = None

    @property
    def label(self) -> str:
        return f"{self.name} {PAIR_SEPARATOR} {self.partner}" if self.partner else self.name

    def refusal(self, message: str) -> str:
        if self.line is None:
            return message
        return str(_("Line %(n)d (%(who)s): %(message)s")) % {
            "n": self.line,
            "who": self.label,
            "message": message,
        }


class EntrantsForm(forms.Form):
    """One player (or pair) with the club's members suggested, or several, one a line."""

    player = forms.CharField(
        label=_("Player"),
        required=False,
        max_length=MAX_NAME_LENGTH,
        widget=forms.TextInput(attrs={"list": "club-members", "autocomplete": "off"}),
    )
    partner = forms.CharField(
        label=_("Partner"),
        required=False,
        max_length=MAX_NAME_LENGTH,
        widget=forms.TextInput(attrs={"list": "club-members", "autocomplete": "off"}),
    )
    several = forms.CharField(
        label=_("Several at once, one a line"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 6, "autocomplete": "off"}),
    )

    def __init__(self, *args, pairs: bool, registered: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.pairs = pairs
        self.registered = {n.casefold() for n in registered}
        if pairs:
            self.fields["player"].label = _("First player")
            self.fields["several"].help_text = _("A pair a line: Anna & Bruno")
        else:
            del self.fields["partner"]
        self.entries: list[Entry] = []

    def clean(self):
        data = super().clean()
        entries: list[Entry] = []
        player = normalise_name(data.get("player") or "")
        partner = normalise_name(data.get("partner") or "")
        if player or partner:
            if self.pairs and not (player and partner):
                self.add_error("partner" if player else "player", _("A pair is two players."))
            else:
                entries.append(Entry(player, partner or None, "player"))
        lines = (data.get("several") or "").splitlines()
        if len([line for line in lines if line.strip()]) > MAX_LINES:
            self.add_error("several", _("At most %(n)d at once.") % {"n": MAX_LINES})
            lines = []
        for number, line in enumerate(lines, start=1):
            line = line.strip()
            if not line:
                continue
            entry = self._line_entry(line, number)
            if entry is not None:
                entries.append(entry)
        if not entries and not self.errors:
            raise forms.ValidationError(_("Type a name, or several names one a line."))
        seen: set[str] = set()
        for entry in entries:
            for name in filter(None, (entry.name, entry.partner)):
                if name.casefold() in seen:
                    self.add_error(entry.field, entry.refusal(_("%s is typed twice.") % name))
                elif name.casefold() in self.registered:
                    self.add_error(entry.field, entry.refusal(_("%s is already in.") % name))
                seen.add(name.casefold())
        self.entries = entries
        return data

    def _line_entry(self, line: str, number: int) -> Entry | None:
        names = [normalise_name(part) for part in line.split(PAIR_SEPARATOR)]
        probe = Entry(names[0], None, "several", number)
        problem = next(
            filter(None, (name_problem(n, max_length=MAX_NAME_LENGTH) for n in names if n)), None
        )
        if problem:
            self.add_error("several", probe.refusal(problem))
            return None
        if self.pairs:
            if len(names) != 2 or not all(names):
                self.add_error("several", probe.refusal(_("Write a pair as Anna & Bruno.")))
                return None
            return Entry(names[0], names[1], "several", number)
        if len(names) != 1:
            self.add_error(
                "several", probe.refusal(_("An individual event registers players one by one."))
            )
            return None
        return probe


class ConfirmForm(forms.Form):
    """The player who confirms a table's result names themselves, with one tap."""

    by = forms.ChoiceField(label=_("Confirmed by"), widget=forms.RadioSelect)

    def __init__(self, *args, names: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["by"].choices = [(n, n) for n in names]


class DisputeForm(forms.Form):
    """The other side does not accept the result: who, and why."""

    by = forms.ChoiceField(label=_("Disputed by"), widget=forms.RadioSelect)
    reason = forms.CharField(
        label=_("What is wrong?"), max_length=500, widget=forms.Textarea(attrs={"rows": 3})
    )
    # The field wrappers' ids too (templates/games/_field.html).
    wrapper_prefix = "dispute-"

    def __init__(self, *args, names: list[str], **kwargs):
        # Its own ids: it shares the page with the confirmation form, which also asks "by".
        kwargs.setdefault("auto_id", "dispute-%s")
        super().__init__(*args, **kwargs)
        self.fields["by"].choices = [(n, n) for n in names]
