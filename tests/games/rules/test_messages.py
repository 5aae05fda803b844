"""The engines' messages: English text as before, and everything a translation needs, without
Django."""

import copy
import pickle
import re

import pytest

from games.rules import GAMES, RuleViolation, UnknownGame, get_game
from games.rules.base import MatchOver
from games.rules.marafon import GAME as MARAFON
from games.rules.messages import Message, alternatives, msg, nmsg, npmsg, pmsg, seat_word, team_word
from games.rules.presets import BUILTIN_PRESETS
from games.rules.rikken.contracts import CATALOGUE, contract_name


def shout(text):
    """The text in capitals, its placeholders as they are."""
    return re.sub(r"(%\(\w+\)s)|([^%]+)", lambda m: m.group(1) or m.group(2).upper(), text)


class Upper:
    """A catalogue that "translates" by shouting, and says which calls it got."""

    def __init__(self):
        self.calls = []

    def gettext(self, message):
        self.calls.append(("gettext", message))
        return shout(message)

    def ngettext(self, singular, plural, n):
        self.calls.append(("ngettext", singular, plural, n))
        return shout(singular if n == 1 else plural)

    def pgettext(self, context, message):
        self.calls.append(("pgettext", context, message))
        return shout(message)

    def npgettext(self, context, singular, plural, n):
        self.calls.append(("npgettext", context, singular, plural, n))
        return shout(singular if n == 1 else plural)


def test_a_message_is_its_english_text():
    message = msg("Marafon points must sum to %(total)s.", total=11)

    assert message == "Marafon points must sum to 11."
    assert isinstance(message, str)
    assert repr(message) == "'Marafon points must sum to 11.'"
    assert message.msgid == "Marafon points must sum to %(total)s."
    assert message.params == {"total": 11}
    assert f"points: {message}" == "points: Marafon points must sum to 11."


def test_a_message_without_params_keeps_a_percent_sign():
    assert msg("100% sure.") == "100% sure."


def test_a_plural_follows_the_count_in_english():
    one = nmsg("%(count)s trick", "%(count)s tricks", 1)
    three = nmsg("%(count)s trick", "%(count)s tricks", 3)

    assert (one, three) == ("1 trick", "3 tricks")
    assert three.plural == "%(count)s tricks" and three.count == 3


def test_a_message_is_rendered_through_a_catalogue_params_and_all():
    message = msg("%(contract)s is played alone.", contract=pmsg("Rikken contract", "Misère"))
    catalogue = Upper()

    assert message.render(catalogue) == "MISÈRE IS PLAYED ALONE."
    assert message.render() == "Misère is played alone."
    assert ("pgettext", "Rikken contract", "Misère") in catalogue.calls


def test_plurals_and_contexts_reach_the_catalogue():
    catalogue = Upper()

    npmsg("ctx", "%(count)s queen", "%(count)s queens", 2).render(catalogue)
    nmsg("%(count)s queen", "%(count)s queens", 1).render(catalogue)

    assert catalogue.calls == [
        ("npgettext", "ctx", "%(count)s queen", "%(count)s queens", 2),
        ("ngettext", "%(count)s queen", "%(count)s queens", 1),
    ]


def test_a_translation_with_wrong_placeholders_falls_back_to_english():
    class Broken(Upper):
        def gettext(self, message):
            return "%(nothing)s!"

    assert msg("Must be %(what)s.", what="x").render(Broken()) == "Must be x."


def test_a_seat_or_team_may_be_said_by_name():
    message = msg("%(seat)s and %(team)s.", seat=seat_word(2, capital=True), team=team_word(1))
    names = {("seat", 2): "Carla", ("team", 1): "Bruno & Dario"}

    assert message == "Seat 2 and Team 1."
    assert message.render(refer=lambda kind, n: names[kind, n]) == "Carla and Bruno & Dario."
    assert message.render(refer=lambda kind, n: None) == "Seat 2 and Team 1."


def test_alternatives_read_as_before():
    assert alternatives((3, 4, 5)) == "3 or 4 or 5"
    assert alternatives((4,)) == 4


@pytest.mark.parametrize(
    "copier", [lambda m: pickle.loads(pickle.dumps(m)), copy.deepcopy], ids=["pickle", "deepcopy"]
)
def test_a_message_survives_a_copy_as_a_message(copier):
    message = msg("%(seat)s deals.", seat=seat_word(1, capital=True))
    copied = copier(message)

    assert isinstance(copied, Message) and copied == message
    assert copied.msgid == message.msgid
    assert copied.params["seat"].refers == ("seat", 1)


def test_a_refusal_carries_messages():
    options = MARAFON.resolve_options({}, players=4)
    state = MARAFON.initial_state(options, {})

    with pytest.raises(RuleViolation) as caught:
        MARAFON.record(
            {"battezzante": 0, "trump": "coins", "points": [5, 5]}, state=state, options=options
        )

    (message,) = caught.value.errors["points"]
    assert message == "Marafon points must sum to 11."
    assert message.msgid == "Marafon points must sum to %(total)s."


def test_exceptions_that_say_one_message_keep_it():
    with pytest.raises(UnknownGame) as caught:
        get_game("scopa")

    assert isinstance(str(caught.value), Message)
    assert (
        str(caught.value) == "Unknown game 'scopa'; the games are etori, malilla, marafon, "
        "rikken, trionfo."
    )
    assert str(MatchOver(msg("Over."))).msgid == "Over."
    assert str(MatchOver("plain")) == "plain"


@pytest.mark.parametrize("game", GAMES.values(), ids=GAMES.keys())
def test_every_option_says_itself_in_messages(game):
    for option in game.describe_options():
        assert isinstance(option["help"], Message), option["name"]
        assert isinstance(option["label"], Message), option["name"]
        # As the set-up form and the house rules said it before: the name, spaced.
        assert option["label"] == option["name"].replace("_", " ")
        for choice, label in option["choice_labels"].items():
            if isinstance(choice, str):
                assert isinstance(label, Message), (option["name"], choice)
                assert label == choice.replace("_", " ")


def test_presets_and_contracts_are_named_in_messages():
    assert all(isinstance(p.name, Message) for p in BUILTIN_PRESETS)
    assert all(isinstance(p.description, Message) for p in BUILTIN_PRESETS)
    assert all(row["name"].context == "Rikken contract" for row in CATALOGUE.values())


def test_a_contract_read_back_from_stored_rules_finds_its_words_again():
    stored = {"slug": "open_misere", "name": "Open misère"}

    assert contract_name(stored).msgid == "Open misère"
    assert contract_name({"slug": "solo_8", "name": "8 alleen"}).params == {"tricks": 8}
    assert contract_name({"slug": "misere", "name": "Nul"}) == "Nul"
    assert not isinstance(contract_name({"slug": "misere", "name": "Nul"}), Message)
