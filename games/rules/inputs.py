"""The small readers the games share to check raw input: whole numbers, seats, choices, lists,
each refusing a wrong value with a message at its field."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .errors import Errors, Path

MISSING: Any = object()


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_known_fields(
    data: Mapping[str, Any], allowed: Iterable[str], errors: Errors, path: Path = ()
) -> None:
    allowed = set(allowed)
    for key in data:
        if key not in allowed:
            errors.add((*path, key), "Unknown field.")


def read_int(
    data: Mapping[str, Any],
    key: str,
    errors: Errors,
    *,
    low: int | None = None,
    high: int | None = None,
    required: bool = True,
    path: Path = (),
    what: str = "a whole number",
) -> int | None:
    """The integer at ``key`` within [low, high], or None (with an error when required)."""
    value = data.get(key, MISSING)
    if value is MISSING or value is None:
        if required:
            errors.add((*path, key), "This field is required.")
        return None
    if not is_int(value):
        errors.add((*path, key), f"Must be {what}.")
        return None
    if (low is not None and value < low) or (high is not None and value > high):
        errors.add((*path, key), f"Must be {what} from {low} to {high}.")
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
        what="a seat number",
    )


def read_bool(
    data: Mapping[str, Any], key: str, errors: Errors, *, required: bool = True, path: Path = ()
) -> bool | None:
    value = data.get(key, MISSING)
    if value is MISSING or value is None:
        if required:
            errors.add((*path, key), "This field is required.")
        return None
    if not isinstance(value, bool):
        errors.add((*path, key), "Must be true or false.")
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
    what: str = "one of",
) -> str | None:
    value = data.get(key, MISSING)
    if value is MISSING or value is None:
        if required:
            errors.add((*path, key), "This field is required.")
        return None
    if not isinstance(value, str) or value not in choices:
        errors.add((*path, key), f"Must be {what} {', '.join(choices)}.")
        return None
    return value


def read_object(
    data: Mapping[str, Any], key: str, errors: Errors, *, required: bool = True, path: Path = ()
) -> Mapping[str, Any] | None:
    value = data.get(key, MISSING)
    if value is MISSING or value is None:
        if required:
            errors.add((*path, key), "This field is required.")
        return None
    if not isinstance(value, Mapping):
        errors.add((*path, key), "Must be an object.")
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
    what: str = "entries",
) -> Sequence[Any] | None:
    value = data.get(key, MISSING)
    if value is MISSING or value is None:
        if required:
            errors.add((*path, key), "This field is required.")
        return None
    if not isinstance(value, list):
        errors.add((*path, key), "Must be a list.")
        return None
    if length is not None and len(value) != length:
        errors.add((*path, key), f"Must list {length} {what}.")
        return None
    return value
