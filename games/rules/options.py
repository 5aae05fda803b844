"""Rule options: each game's options are a dataclass whose fields are declared with ``option``
(its default, its one-line help, its name for people, the values it takes), and read from plain
data by ``read_option``, each refusal at its field."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from .errors import Errors
from .inputs import MISSING, is_int
from .messages import msg


def option(
    default: Any,
    help: str,
    *,
    label: str | None = None,
    kind: type | None = None,
    choices: Sequence[Any] | Mapping[Any, str] = (),
    low: int | None = None,
    high: int | None = None,
    parse: Any = None,
) -> Any:
    """A rule option: a dataclass field with its default, its one-line explanation, its name for
    people (``label``; the field's name, spaced, when not given), and the values it takes
    (``choices``: a mapping gives each value its name for people). ``kind`` is the value's type
    when the default (None: "depends on another option") does not show it; ``parse`` reads
    values that are more than a scalar. A whole-number option without choices states both its
    bounds: a table can always finish (a target of 10**30 never would), and the message can say
    what is allowed."""
    if (kind or type(default)) is int and not choices and (low is None or high is None):
        raise TypeError(f"A whole-number option needs low and high bounds ({help!r}).")
    return dataclasses.field(
        default=default,
        metadata={
            "help": help,
            "label": label,
            "kind": kind or type(default),
            "choices": tuple(choices),
            "choice_labels": dict(choices) if isinstance(choices, Mapping) else {},
            "low": low,
            "high": high,
            "parse": parse,
        },
    )


def option_fields(options_class: type) -> tuple[dataclasses.Field, ...]:
    return dataclasses.fields(options_class)


def read_option(fld: dataclasses.Field, value: Any, errors: Errors) -> Any:
    meta = fld.metadata
    path = ("rules", fld.name)
    if meta["parse"] is not None:
        return meta["parse"](value, errors, path)
    if value is None and fld.default is None:
        return None
    if meta["choices"]:
        # 4.0 == 4 and True == 1 in Python; an option's value must also have the right type.
        if not any(value == c and type(value) is type(c) for c in meta["choices"]):
            shown = ", ".join(str(c) for c in meta["choices"])
            errors.add(path, msg("Must be one of %(choices)s.", choices=shown))
            return MISSING
        return value
    if meta["kind"] is bool:
        if not isinstance(value, bool):
            errors.add(path, msg("Must be true or false."))
            return MISSING
        return value
    if meta["kind"] is int:
        low, high = meta["low"], meta["high"]
        if not is_int(value) or not low <= value <= high:
            errors.add(
                path,
                msg(
                    "%(help)s Must be a whole number from %(low)s to %(high)s.",
                    help=meta["help"],
                    low=low,
                    high=high,
                ),
            )
            return MISSING
        return value
    return value
