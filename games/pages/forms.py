"""Forms of the phone pages. Each deal form turns what was tapped into the deal input of API.md,
so the pages and the API go through the same services and the same rules."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.names import normalise_name
from games.rules import Game, get_game
from games.rules.cards import FRENCH_SUITS, LATIN_40_RANKS, LATIN_SUITS
from games.rules.malilla import VARIANTS
from games.rules.presets import BUILTIN_PRESETS

MAX_NAME_LENGTH = 60

SUIT_LABELS = {
    "coins": _("Coins"),
    "cups": _("Cups"),
    "swords": _("Swords"),
    "clubs": _("Clubs"),
    "spades": _("Spades"),
    "hearts": _("Hearts"),
    "diamonds": _("Diamonds"),
}


def suit_choices(suits):
    return [(s, SUIT_LABELS[s]) for s in suits]


def seat_choices(names: list[str], seats=None):
    seats = range(len(names)) if seats is None else seats
    return [(str(s), names[s]) for s in seats]


def as_int(value: Any) -> int | None:
    if value in (None, ""):
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


# --- starting a match ------------------------------------------------------------------------


def option_field(fld: dict[str, Any], initial: Any) -> forms.Field:
    """A form field for one rule option, with its one-line explanation as help text."""
    help_text = fld["help"]
    default = fld["default"]
    if fld["name"] == "contracts":
        return forms.CharField(
            label=_("Contract table"),
            required=True,
            help_text=help_text,
            widget=forms.Textarea(attrs={"rows": 4}),
            initial=", ".join(row["slug"] for row in initial),
        )
    if fld["choices"]:
        return forms.ChoiceField(
            label=fld["name"].replace("_", " "),
            help_text=help_text,
            choices=[(str(c), str(c).replace("_", " ")) for c in fld["choices"]],
            initial=str(initial),
        )
    if isinstance(default, bool) or fld.get("kind") == "bool":
        return forms.BooleanField(
            label=fld["name"].replace("_", " "),
            required=False,
            help_text=help_text,
            initial=bool(initial),
        )
    return forms.IntegerField(
        label=fld["name"].replace("_", " "),
        help_text=help_text,
        initial=initial,
        required=default is not None,
        min_value=0,
    )


class MatchSetupForm(forms.Form):
    """Players in the order of play, house rules, every option with its explanation."""

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
        self.option_names = []
        for fld in game.describe_options():
            if fld["name"] == "players":
                continue
            self.fields[f"rule_{fld['name']}"] = option_field(fld, resolved[fld["name"]])
            self.option_names.append(fld["name"])
        if game.money:
            self.fields["stake"] = forms.DecimalField(
                label=_("Stake per unit"),
                required=False,
                min_value=0,
                max_digits=12,
                decimal_places=4,
                help_text=_("Money per unit, to settle up at the end."),
            )
        if "albur" in game.setup_fields:
            self.fields["albur"] = forms.TypedChoiceField(
                label=_("Albur"),
                required=False,
                coerce=int,
                empty_value=None,
                choices=[
                    ("", _("Not played")),
                    ("0", _("Team 1 won it")),
                    ("1", _("Team 2 won it")),
                ],
                help_text=_("The team that won the draw starts with 5 points and the lead."),
            )

    def player_fields(self):
        return [self[f"player_{s}"] for s in range(max(self.game.player_counts))]

    def option_fields(self):
        return [self[f"rule_{name}"] for name in self.option_names]

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
            if name == "contracts":
                text = (value or "").strip()
                if text.startswith("["):
                    try:
                        value = json.loads(text)
                    except ValueError:
                        value = text
                else:
                    value = [part for part in text.replace(",", " ").split() if part]
            elif isinstance(self.fields[f"rule_{name}"], forms.ChoiceField):
                choices = next(
                    f["choices"] for f in self.game.describe_options() if f["name"] == name
                )
                value = next((c for c in choices if str(c) == value), value)
            if value is None:
                continue
            rules[name] = value
        return rules


def presets_for(game: Game, user) -> list[dict[str, Any]]:
    from games.models import RulePreset

    presets = [
        {"key": p.key, "name": p.name, "description": p.description, "rules": p.rules}
        for p in BUILTIN_PRESETS
        if p.game == game.slug
    ]
    if user.is_authenticated:
        presets += [
            {"key": p.key, "name": p.name, "description": p.description, "rules": p.rules}
            for p in RulePreset.objects.filter(owner=user, game=game.slug)
        ]
    return presets


# --- entering a deal -------------------------------------------------------------------------


class DealForm(forms.Form):
    """Base of the per-game deal forms: built for one match at one moment (who deals next
    decides which fields are asked)."""

    def __init__(self, *args, names: list[str], state: dict[str, Any], options: Any, **kwargs):
        super().__init__(*args, **kwargs)
        self.names = names
        self.state = state
        self.options = options
        self.build()

    def build(self) -> None:
        raise NotImplementedError

    def to_input(self) -> dict[str, Any]:
        raise NotImplementedError

    def seat_field(self, label, required=True, seats=None, empty=None):
        choices = seat_choices(self.names, seats)
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

    def add_rule_errors(self, errors: dict[str, Any]) -> None:
        """Puts the rules' messages next to the fields they name."""
        for key, value in errors.items():
            messages = list(flatten(value))
            target = self.ERROR_FIELDS.get(key, key) if hasattr(self, "ERROR_FIELDS") else key
            for message in messages:
                self.add_error(target if target in self.fields else None, message)


def flatten(value: Any):
    if isinstance(value, list):
        for item in value:
            yield from flatten(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from flatten(item)
    else:
        yield str(value)


class MarafonDealForm(DealForm):
    ERROR_FIELDS = {"claim": "claim_seat", "cards": "aces_0", "annulled": None}
    # One tap enters the deal: team 1's points, team 2 gets the rest of the 11.
    point_buttons = [(k, 11 - k) for k in range(12)]

    def build(self):
        if self.state["next"]["battezzante"] is None:
            self.fields["battezzante"] = self.seat_field(_("Battezzante (dealt the 4 of coins)"))
        self.fields["trump"] = forms.ChoiceField(
            label=_("Trumps"), choices=suit_choices(LATIN_SUITS), widget=forms.RadioSelect
        )
        self.fields["marafona"] = self.seat_field(
            _("Marafona declared by"), required=False, empty=_("Nobody")
        )
        self.fields["points"] = forms.IntegerField(required=False, min_value=0, max_value=11)
        for team in (0, 1):
            self.fields[f"aces_{team}"] = forms.IntegerField(
                label=_("Aces"), required=False, min_value=0, max_value=4
            )
            self.fields[f"figures_{team}"] = forms.IntegerField(
                label=_("Figures"), required=False, min_value=0, max_value=20
            )
        self.fields["last_trick"] = forms.TypedChoiceField(
            label=_("Last trick"),
            choices=[("0", _("Team 1")), ("1", _("Team 2"))],
            coerce=int,
            required=False,
            widget=forms.RadioSelect,
        )
        self.fields["claim_seat"] = self.seat_field(_("Claimed by"), required=False)
        self.fields["claim_aces"] = forms.IntegerField(
            label=_("Aces so far"), required=False, min_value=0, max_value=4
        )
        self.fields["claim_figures"] = forms.IntegerField(
            label=_("Figures so far"), required=False, min_value=0, max_value=20
        )
        self.fields["action"] = forms.CharField(required=False)

    def to_input(self):
        data = self.cleaned_data
        raw: dict[str, Any] = {"trump": data["trump"]}
        if data.get("battezzante") is not None:
            raw["battezzante"] = data["battezzante"]
        if data.get("marafona") is not None:
            raw["marafona"] = data["marafona"]
        action = data.get("action") or ""
        if action == "claim":
            raw["claim"] = {
                "seat": data.get("claim_seat"),
                "aces": data.get("claim_aces"),
                "figures": data.get("claim_figures"),
            }
        elif action == "cards":
            raw["cards"] = [
                {"aces": data.get(f"aces_{t}"), "figures": data.get(f"figures_{t}")} for t in (0, 1)
            ]
            raw["last_trick"] = data.get("last_trick")
        elif action == "annul":
            raw["annulled"] = True
            raw.pop("marafona", None)
        elif data.get("points") is not None:
            raw["points"] = [data["points"], 11 - data["points"]]
        return raw


BIDS = [
    ("pass", _("All pass")),
    ("chiamo", _("Chiamo")),
    ("di_piu", _("Di più")),
    ("maso", _("Maso")),
    ("maso_dei_masi", _("Maso dei masi")),
]


class TrionfoDealForm(DealForm):
    ERROR_FIELDS = {"called_card": "called_rank"}

    def build(self):
        if self.state["next"]["first_speaker"] is None:
            self.fields["first_speaker"] = self.seat_field(
                _("First speaker (dealt the 5 of swords)")
            )
        self.fields["bid"] = forms.ChoiceField(
            label=_("Bid"), choices=BIDS, widget=forms.RadioSelect
        )
        self.fields["declarer"] = self.seat_field(_("Signore (declarer)"), required=False)
        self.fields["trump"] = forms.ChoiceField(
            label=_("Trumps"),
            required=False,
            choices=suit_choices(LATIN_SUITS),
            widget=forms.RadioSelect,
        )
        self.fields["partner"] = self.seat_field(_("Amico (holds the called card)"), required=False)
        self.fields["called_rank"] = forms.ChoiceField(
            label=_("Called card"),
            required=False,
            choices=[("", "–")] + [(r, r) for r in LATIN_40_RANKS],
        )
        self.fields["called_suit"] = forms.ChoiceField(
            label=_("of"), required=False, choices=[("", "–"), *suit_choices(LATIN_SUITS)]
        )
        self.fields["points"] = forms.IntegerField(
            label=_("Signore's side's card points"), required=False, min_value=0, max_value=11
        )
        self.fields["made"] = forms.TypedChoiceField(
            label=_("Made?"),
            required=False,
            coerce=lambda v: v == "yes",
            empty_value=None,
            choices=[("yes", _("Made")), ("no", _("Failed"))],
            widget=forms.RadioSelect,
        )

    def to_input(self):
        data = self.cleaned_data
        raw: dict[str, Any] = {"bid": data["bid"]}
        if data.get("first_speaker") is not None:
            raw["first_speaker"] = data["first_speaker"]
        if data["bid"] == "pass":
            return raw
        raw.update(declarer=data.get("declarer"), trump=data.get("trump") or None)
        if data["bid"] == "chiamo":
            raw["partner"] = data.get("partner")
            if data.get("called_rank") and data.get("called_suit"):
                raw["called_card"] = {"rank": data["called_rank"], "suit": data["called_suit"]}
        if data["bid"] in ("chiamo", "di_piu"):
            raw["points"] = data.get("points")
        else:
            raw["made"] = data.get("made")
        return raw


class MalillaDealForm(DealForm):
    ERROR_FIELDS = {
        "turn_up": "turn_rank",
        "totals": "total_0",
        "renege": "team",
        "challenge": "team",
    }

    def build(self):
        variant = VARIANTS[self.options.variant]
        if self.state["next"]["dealer"] is None:
            self.fields["dealer"] = self.seat_field(_("Dealer"))
        self.fields["turn_rank"] = forms.ChoiceField(
            label=_("Turned-up card"),
            required=False,
            choices=[("", "–")] + [(r, r) for r in variant.pack.ranks],
        )
        self.fields["turn_suit"] = forms.ChoiceField(
            label=_("Trumps"),
            required=False,
            choices=suit_choices(variant.pack.suits),
            widget=forms.RadioSelect,
        )
        for team in (0, 1):
            self.fields[f"total_{team}"] = forms.IntegerField(
                label=_("Team %(n)d points and tricks") % {"n": team + 1},
                required=False,
                min_value=0,
                max_value=variant.deal_points,
            )
        self.fields["team"] = forms.TypedChoiceField(
            label=_("Team"),
            required=False,
            coerce=int,
            empty_value=None,
            choices=[("0", _("Team 1")), ("1", _("Team 2"))],
            widget=forms.RadioSelect,
        )
        self.fields["upheld"] = forms.BooleanField(label=_("The revoke was found"), required=False)
        self.fields["action"] = forms.CharField(required=False)
        self.deal_points = variant.deal_points

    def to_input(self):
        data = self.cleaned_data
        raw: dict[str, Any] = {}
        if data.get("dealer") is not None:
            raw["dealer"] = data["dealer"]
        action = data.get("action") or ""
        if action in ("misdeal", "abandoned"):
            raw[action] = True
        elif action == "renege":
            raw["renege"] = {"team": data.get("team")}
        elif action == "challenge":
            raw["challenge"] = {"team": data.get("team"), "upheld": bool(data.get("upheld"))}
        else:
            if data.get("turn_rank") and data.get("turn_suit"):
                raw["turn_up"] = {"rank": data["turn_rank"], "suit": data["turn_suit"]}
            totals = [data.get("total_0"), data.get("total_1")]
            # One total is enough: the other is what is left of the deal's points.
            if totals[0] is None and totals[1] is not None:
                totals[0] = self.deal_points - totals[1]
            elif totals[1] is None and totals[0] is not None:
                totals[1] = self.deal_points - totals[0]
            if None not in totals:
                raw["totals"] = totals
        return raw


class RikkenDealForm(DealForm):
    # The tricks are the last tap: each key enters the deal.
    trick_keys = list(range(14))

    def build(self):
        players = self.options.players
        if self.state["next"]["dealer"] is None:
            self.fields["dealer"] = self.seat_field(_("Dealer"), seats=range(players))
        contracts = [(row.slug, row.name) for row in self.options.contracts]
        seats = range(len(self.state["balances"]))
        names = [*self.names, _("Blind man")] if players == 3 else self.names
        self.names = list(names)
        for suffix, label in (("", _("Contract")), ("_2", _("Second contract (misère/piek)"))):
            self.fields[f"contract{suffix}"] = forms.ChoiceField(
                label=label, required=False, choices=[("", "–"), *contracts]
            )
            self.fields[f"declarer{suffix}"] = self.seat_field(
                _("Declarer"), required=False, seats=seats
            )
            self.fields[f"tricks{suffix}"] = forms.IntegerField(
                label=_("Tricks taken by the declaring side"),
                required=False,
                min_value=0,
                max_value=13,
            )
        self.fields["partner"] = self.seat_field(_("Partner"), required=False, seats=seats)
        self.fields["trump"] = forms.ChoiceField(
            label=_("Trumps"),
            required=False,
            choices=suit_choices(FRENCH_SUITS),
            widget=forms.RadioSelect,
        )
        self.fields["called_suit"] = forms.ChoiceField(
            label=_("Called ace"), required=False, choices=[("", "–"), *suit_choices(FRENCH_SUITS)]
        )
        self.fields["partner_tricks"] = forms.IntegerField(
            label=_("Partner's own tricks"), required=False, min_value=0, max_value=13
        )
        self.fields["beter"] = forms.ChoiceField(
            label=_("Beter suit (cut)"),
            required=False,
            choices=[("", "–"), *suit_choices(FRENCH_SUITS)],
        )
        self.fields["queen_of_spades"] = self.seat_field(
            _("Took the queen of spades"), required=False, seats=seats
        )
        self.fields["last_trick"] = self.seat_field(
            _("Took the last trick"), required=False, seats=seats
        )
        for seat in seats:
            self.fields[f"count_{seat}"] = forms.IntegerField(
                label=self.names[seat], required=False, min_value=0, max_value=13
            )
        self.fields["action"] = forms.CharField(required=False)

    def _contract(self, suffix: str) -> dict[str, Any] | None:
        data = self.cleaned_data
        slug = data.get(f"contract{suffix}")
        if not slug:
            return None
        row = next(r for r in self.options.contracts if r.slug == slug)
        entry: dict[str, Any] = {
            "contract": slug,
            "declarer": data.get(f"declarer{suffix}"),
            "tricks": data.get(f"tricks{suffix}"),
        }
        if suffix:
            return entry
        if row.side != "alone":
            entry["partner"] = data.get("partner")
            if data.get("partner_tricks") is not None:
                entry["partner_tricks"] = data["partner_tricks"]
        if row.trumps != "none":
            entry["trump"] = data.get("trump") or None
        if row.side == "partner" and data.get("called_suit"):
            entry["called"] = {"rank": "A", "suit": data["called_suit"]}
        if self.options.beter_suit == "cut" and data.get("beter"):
            entry["beter"] = data["beter"]
        return entry

    def to_input(self):
        data = self.cleaned_data
        raw: dict[str, Any] = {}
        if data.get("dealer") is not None:
            raw["dealer"] = data["dealer"]
        if data.get("action") == "all_pass":
            raw.update(contracts=[], all_pass=True)
            game = self.options.all_pass
            seats = range(len(self.state["balances"]))
            if game == "schuppen_mie":
                raw["special"] = {
                    "game": game,
                    "queen_of_spades": data.get("queen_of_spades"),
                    "last_trick": data.get("last_trick"),
                }
            elif game in ("mie_en", "one_five_eleven", "one_three_five"):
                key = "queens" if game == "mie_en" else "tricks"
                raw["special"] = {"game": game, key: [data.get(f"count_{s}") for s in seats]}
            return raw
        raw["contracts"] = [c for c in (self._contract(""), self._contract("_2")) if c]
        return raw


class EtoriDealForm(DealForm):
    ERROR_FIELDS = {"aces": "ace_spades"}

    def build(self):
        playing = self.state["next"]["playing"]
        self.playing = playing
        self.fields["trump"] = forms.ChoiceField(
            label=_("Trumps"),
            choices=suit_choices(FRENCH_SUITS),
            widget=forms.RadioSelect,
            initial=self.state["next"]["trump"],
        )
        for team in playing:
            self.fields[f"honours_{team}"] = forms.IntegerField(
                label=_("Honours taken by team %(n)d") % {"n": team + 1},
                required=False,
                min_value=0,
                max_value=16,
            )
        team_choices = [(str(t), _("Team %(n)d") % {"n": t + 1}) for t in playing]
        for suit in FRENCH_SUITS:
            self.fields[f"ace_{suit}"] = forms.TypedChoiceField(
                label=_("Ace of %(suit)s dealt to") % {"suit": SUIT_LABELS[suit]},
                choices=team_choices,
                coerce=int,
                widget=forms.RadioSelect,
            )

    def to_input(self):
        data = self.cleaned_data
        teams = len(self.state["chips"])
        first, second = self.playing
        given = {t: data.get(f"honours_{t}") for t in self.playing}
        # One count is enough: the other team took the rest of the 16 honours.
        if given[first] is None and given[second] is not None:
            given[first] = 16 - given[second]
        elif given[second] is None and given[first] is not None:
            given[second] = 16 - given[first]
        honours = [given.get(t) for t in range(teams)]
        aces: list[list[str] | None] = [[] if t in self.playing else None for t in range(teams)]
        for suit in FRENCH_SUITS:
            aces[data[f"ace_{suit}"]].append(suit)
        return {"trump": data["trump"], "honours": honours, "aces": aces}


DEAL_FORMS = {
    "marafon": MarafonDealForm,
    "trionfo": TrionfoDealForm,
    "malilla": MalillaDealForm,
    "rikken": RikkenDealForm,
    "etori": EtoriDealForm,
}


def deal_form_for(match, state: dict[str, Any], data=None, initial=None) -> DealForm:
    game = get_game(match.game)
    names = [seat.player.name for seat in match.seats.all()]
    return DEAL_FORMS[match.game](
        data, initial=initial, names=names, state=state, options=game.options_from_data(match.rules)
    )
