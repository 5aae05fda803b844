"""Query parameters declared once, for the schema (``parameter``) and for the check (``read``):
a value the schema does not allow (``offset=null``, ``mine=maybe``) is a 400 naming the
parameter, never quietly read as the default."""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiParameter
from rest_framework.exceptions import ValidationError

WHOLE_NUMBER = re.compile(r"-?[0-9]+")
# Share ids (games.models.matches.new_public_id, and imported ones: import_checks.PUBLIC_ID),
# comma-separated.
ID_LIST = r"[A-Za-z0-9_,-]*"
SLUG = r"[-a-zA-Z0-9_]+"  # Django's slug converter
NOT_IN_FORM = gettext_lazy("Not in the form this parameter takes.")


def refuse(name: str, message: str):
    raise ValidationError({name: [message]})


@dataclass(frozen=True)
class WholeNumber:
    """An integer of at least ``minimum``; one above ``cap`` is read as ``cap``."""

    name: str
    description: str
    default: int
    minimum: int = 0
    cap: int | None = None

    def parameter(self) -> OpenApiParameter:
        schema = {"type": "integer", "minimum": self.minimum}
        return OpenApiParameter(self.name, schema, description=self.description)

    def read(self, request) -> int:
        raw = request.query_params.get(self.name)
        if raw is None:
            return self.default
        if not WHOLE_NUMBER.fullmatch(raw):
            refuse(self.name, _("A whole number is needed here."))
        value = int(raw)
        if value < self.minimum:
            refuse(self.name, _("At least %(n)d.") % {"n": self.minimum})
        return value if self.cap is None else min(value, self.cap)


@dataclass(frozen=True)
class Flag:
    name: str
    description: str

    def parameter(self) -> OpenApiParameter:
        return OpenApiParameter(self.name, bool, description=self.description)

    def read(self, request) -> bool:
        raw = request.query_params.get(self.name)
        if raw is None:
            return False
        if raw not in ("true", "false"):
            refuse(self.name, _("Use true or false."))
        return raw == "true"


@dataclass(frozen=True)
class Choice:
    """One of a few words, or absent (None)."""

    name: str
    description: str
    choices: tuple[str, ...]

    def parameter(self) -> OpenApiParameter:
        return OpenApiParameter(self.name, str, enum=self.choices, description=self.description)

    def read(self, request) -> str | None:
        raw = request.query_params.get(self.name)
        if raw is not None and raw not in self.choices:
            refuse(self.name, _("One of: %(choices)s.") % {"choices": ", ".join(self.choices)})
        return raw


@dataclass(frozen=True)
class Text:
    """A string of the form ``pattern`` says (unanchored here, anchored in the schema), or
    absent (None)."""

    name: str
    description: str
    pattern: str
    form: Promise = NOT_IN_FORM

    def parameter(self) -> OpenApiParameter:
        schema = {"type": "string", "pattern": f"^{self.pattern}$"}
        return OpenApiParameter(self.name, schema, description=self.description)

    def read(self, request) -> str | None:
        raw = request.query_params.get(self.name)
        if raw is not None and not re.fullmatch(self.pattern, raw):
            refuse(self.name, str(self.form))
        return raw


def slug(name: str, description: str) -> Text:
    return Text(name, description, SLUG)


@dataclass(frozen=True)
class IdList:
    """Share ids, comma-separated: the links a client holds."""

    name: str
    description: str

    def _text(self) -> Text:
        form = gettext_lazy("Share ids separated by commas: letters, digits, - and _ only.")
        return Text(self.name, self.description, ID_LIST, form)

    def parameter(self) -> OpenApiParameter:
        return self._text().parameter()

    def read(self, request) -> list[str]:
        return [i for i in (self._text().read(request) or "").split(",") if i]
