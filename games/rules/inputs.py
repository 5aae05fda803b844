"""The small readers the games share to check raw input: whole numbers, seats, choices, lists,
each refusing a wrong value with a message at its field."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .errors import Errors, Path
from .messages import msg

REQUIRED = msg("This field is required.")
A_TEAM = msg("a team")
TRICKS_TAKEN = msg("a number of tricks")


def either(first: str, second: str) -> str:
    """Two entries that exclude each other, both entered (each by its field's name)."""
    return msg("Enter either %(first)s or %(second)s, not both.", first=first, second=second)


MISSING: Any = object()


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_known_fields(
    data: Mapping[str, Any], allowed: Iterable[str], errors: Errors, path: Path = ()
) -> None:
    allowed = set(allowed)
    for key in data:
        if key not in allowed:
            errors.add((*path, key), msg("Unknown field."))


def read_int(
    data: Mapping[str, Any],
    key: str,
    errors: Errors,
    *,
    low: int | None = None,
    high: int | None = None,
    required: bool = True,
    path: Path = (),
    what: str = msg("a whole number"),
) -> int | None:
    """The integer at ``key`` within [low, high], or None (with an error when required)."""
    value = data.get(key, MISSING)
    if value is MISSING or value is None:
        if required:
            errors.add((*path, key), REQUIRED)
        return None
    if not is_int(value):
        errors.add((*path, key), msg("Must be %(what)s.", what=what))
        return None
    if (low is not None and value < low) or (high is not None and value > high):
        errors.add(
            (*path, key),
            msg("Must be %(what)s from %(low)s to %(high)s.", what=what, low=low, high=high),
        )
        return None
    return value


def read_seat(
    data: Mapping[str, Any],
    key: str,
    errors: Errors,
    *,
    players: int,
    required: bool = True,
    path: Path = (),
) -> int | None:
    return read_int(
        data,
        key,
        errors,
        low=0,
        high=players - 1,
        required=required,
        path=path,
        what=msg("a seat number"),
    )


def read_bool(
    data: Mapping[str, Any], key: str, errors: Errors, *, required: bool = True, path: Path = ()
) -> bool | None:
    value = data.get(key, MISSING)
    if value is MISSING or value is None:
        if required:
            errors.add((*path, key), REQUIRED)
        return None
    if not isinstance(value, bool):
        errors.add((*path, key), msg("Must be true or false."))
        return None
    return value


def read_choice(
    data: Mapping[str, Any],
    key: str,
    errors: Errors,
    choices: Sequence[str],
    *,
    required: bool = True,
    path: Path = (),
    what: str = msg("one of"),
) -> str | None:
    value = data.get(key, MISSING)
    if value is MISSING or value is None:
        if required:
            errors.add((*path, key), REQUIRED)
        return None
    if not isinstance(value, str) or value not in choices:
        errors.add(
            (*path, key),
            msg("Must be %(what)s %(choices)s.", what=what, choices=", ".join(choices)),
        )
        return None
    return value


def read_object(
    data: Mapping[str, Any], key: str, errors: Errors, *, required: bool = True, path: Path = ()
) -> Mapping[str, Any] | None:
    value = data.get(key, MISSING)
    if value is MISSING or value is None:
        if required:
            errors.add((*path, key), REQUIRED)
        return None
    if not isinstance(value, Mapping):
        errors.add((*path, key), msg("Must be an object."))
        return None
    return value


def read_list(
    data: Mapping[str, Any],
    key: str,
    errors: Errors,
    *,
    length: int | None = None,
    required: bool = True,
    path: Path = (),
    what: str = msg("entries"),
) -> Sequence[Any] | None:
    value = data.get(key, MISSING)
    if value is MISSING or value is None:
        if required:
            errors.add((*path, key), REQUIRED)
        return None
    if not isinstance(value, list):
        errors.add((*path, key), msg("Must be a list."))
        return None
    if length is not None and len(value) != length:
        errors.add((*path, key), msg("Must list %(length)s %(what)s.", length=length, what=what))
        return None
    return value
