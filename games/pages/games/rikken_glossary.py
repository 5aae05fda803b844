"""Rikken's words as its players say them, each with its one-line meaning: the glossary that
``rikken.py`` declares for games/pages/matches/glossary.py."""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

# Each term as Rikken players say it; each meaning in one plain line.
GLOSSARY = [
    (
        # Translators: the word Rikken players use in your language.
        pgettext_lazy("Rikken", "rik"),
        pgettext_lazy(
            "Rikken",
            "The declarer calls an ace; its holder is the partner, and the two need 8 tricks.",
        ),
    ),
    (
        # Translators: the word Rikken players use in your language.
        pgettext_lazy("Rikken", "beter"),
        pgettext_lazy(
            "Rikken",
            "The better suit: hearts, or a suit cut before the deal; rik beter is a rik with "
            "it as trumps.",
        ),
    ),
    (
        # Translators: the word Rikken players use in your language.
        pgettext_lazy("Rikken", "alleen"),
        pgettext_lazy(
            "Rikken",
            "Alone: 8 alleen to 13 alleen are solos needing that many tricks.",
        ),
    ),
    (
        # Translators: the word Rikken players use in your language.
        pgettext_lazy("Rikken", "troela"),
        pgettext_lazy(
            "Rikken",
            "The holder of three aces plays with the holder of the fourth, who names trumps; "
            "they need 8 tricks.",
        ),
    ),
    (
        # Translators: the word Rikken players use in your language.
        pgettext_lazy("Rikken", "misère"),
        pgettext_lazy(
            "Rikken",
            "Alone, taking no trick, without trumps.",
        ),
    ),
    (
        # Translators: the word Rikken players use in your language.
        pgettext_lazy("Rikken", "piek"),
        pgettext_lazy(
            "Rikken",
            "Alone, taking exactly one trick, without trumps.",
        ),
    ),
    (
        # Translators: the word Rikken players use in your language.
        pgettext_lazy("Rikken", "open"),
        pgettext_lazy(
            "Rikken",
            "The declarer's hand is shown after the first trick; met een praatje: the "
            "opponents may confer.",
        ),
    ),
    (
        # Translators: the word Rikken players use in your language.
        pgettext_lazy("Rikken", "special games"),
        pgettext_lazy(
            "Rikken",
            "When all pass: schoppen mie (avoid the queen of spades and the last trick), mie "
            "en (avoid the queens) or één-vijf-elf (take exactly 1, 5 or 11 tricks), as the "
            "club plays them or the table chooses.",
        ),
    ),
    (
        # Translators: the word Rikken players use in your language.
        pgettext_lazy("Rikken", "sitting out"),
        pgettext_lazy(
            "Rikken",
            "With five players the dealer, with six the dealer and the player three seats "
            "after, sit the deal out: they neither play nor pay.",
        ),
    ),
    (
        # Translators: the word Rikken players use in your language.
        pgettext_lazy("Rikken", "blind man"),
        pgettext_lazy(
            "Rikken",
            "With three players, the fourth hand: shown and played by the others; he never "
            "deals, bids or pays.",
        ),
    ),
]
