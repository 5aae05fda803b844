"""Rikken's contract table on the new-match page: a text box holding the table's slugs, or, for
a table that differs from the usual rows (a preset's table in tens, a match played again), JSON
with each row's changes over the usual row, so that the table starts as it was; and the box read
back into the ``contracts`` option. Given to the shared form through the page contract
(``GamePage.option_field`` and ``option_value``)."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.rules import RuleViolation
from games.rules.rikken import GAME
from games.translation import translated

OPTION = "contracts"


def table_text(rows: list[dict[str, Any]]) -> str:
    """The table as the box shows it: its slugs when each row is the usual row of its slug,
    else JSON with each row's changes over the usual row."""
    slugs = [row["slug"] for row in rows]
    try:
        plain = GAME.resolve_options({OPTION: slugs}, players=GAME.Options().players)
        usual = GAME.options_to_data(plain)[OPTION]
    except RuleViolation:  # a contract of the club's own: no usual row to compare with
        return json.dumps(rows, ensure_ascii=False)
    if usual == rows:
        return ", ".join(slugs)
    shown: list[Any] = []
    for row, before in zip(rows, usual, strict=True):
        changed = {key: value for key, value in row.items() if before.get(key) != value}
        shown.append({"slug": row["slug"], **changed} if changed else row["slug"])
    return json.dumps(shown, ensure_ascii=False)


def option_field(fld: dict[str, Any], initial: Any) -> forms.Field | None:
    if fld["name"] != OPTION:
        return None
    return forms.CharField(
        label=_("Contract table"),
        required=True,
        help_text=translated(fld["help"]),
        widget=forms.Textarea(attrs={"rows": 4}),
        initial=table_text(list(initial)),
    )


def option_value(name: str, value: Any) -> Any:
    """The box read back: JSON rows as typed, else the slugs it names (commas or spaces); the
    rules refuse what they cannot read, at the field."""
    if name != OPTION:
        return value
    text = (value or "").strip()
    if text.startswith("["):
        try:
            return json.loads(text)
        except ValueError:
            return text
    return [part for part in text.replace(",", " ").split() if part]
