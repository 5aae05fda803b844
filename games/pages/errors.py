"""A service's refusal on a page: its messages, each next to the form field it names."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from django import forms

from games.rules import RuleViolation
from games.translation import translated


def rule_messages(value: Any) -> Iterator[str]:
    """The messages of a refusal's errors in the request's language, nested lists and mappings
    read in order; a message under a named key says the key (``tricks: ...``), one under a list
    index does not."""
    if isinstance(value, list):
        for item in value:
            yield from rule_messages(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            for message in rule_messages(item):
                yield f"{key.replace('_', ' ')}: {message}" if not key.isdigit() else message
    else:
        yield str(translated(value))


def first_message(exc: Exception) -> str:
    """A refusal in one line: the first of its messages."""
    if isinstance(exc, RuleViolation):
        return next(iter(rule_messages(exc.errors)), str(exc))
    return str(exc)


def add_rule_errors(
    form: forms.Form, exc: RuleViolation, fields: Mapping[str, str | None] | None = None
) -> None:
    """Puts a service's refusal on the form: each of its fields on the form field ``fields`` maps
    it to (or on the form's own field of that name), anything else above the form."""
    fields = fields or {}
    for key, value in exc.errors.items():
        target = fields.get(key, key)
        for message in rule_messages(value):
            form.add_error(target if target in form.fields else None, message)


class RuleErrorsForm:
    """A form that shows a service's refusal (mixed into a ``forms.Form``): ``ERROR_FIELDS``
    maps the service's field names to the fields that show their messages (``None``: above the
    form)."""

    ERROR_FIELDS: Mapping[str, str | None] = {}

    def add_rule_errors(self, exc: RuleViolation) -> None:
        add_rule_errors(self, exc, self.ERROR_FIELDS)
