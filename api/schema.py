"""The OpenAPI schema tells the truth, so that a generated client works: every operation also
documents the errors it can answer, in the one shape they all have (``detail``, or a list of
messages per field), and the private fields that are left out for most callers are not
required."""

from __future__ import annotations

from drf_spectacular.openapi import AutoSchema
from rest_framework import serializers

from api.serializers.fields import StrictSerializer

WRITE_METHODS = ("POST", "PUT", "PATCH", "DELETE")


class ErrorSerializer(serializers.Serializer):
    """A refusal: ``detail`` says why; a refused field instead names itself, with a list of
    messages (``{"points": ["Must be …"]}``), nested as the request was."""

    detail = serializers.CharField(required=False)


ERRORS = {
    "400": "The request is refused: `detail`, or a list of messages per field.",
    "401": "The token sent is not valid (revoked or expired): sign in again.",
    "403": "These credentials may not do this (edit key, table key, or account).",
    "404": "There is no such match, tournament, club, deal or table.",
    "409": "The request does not fit what is stored now (a deal later than the last, a result "
    "already confirmed, an Idempotency-Key still being processed).",
    "412": "The If-Match version is stale: read again, then write.",
    "413": "The body is too large.",
    "415": "The body is not JSON: the API reads `application/json` only.",
    "422": "This Idempotency-Key was used with another body.",
    "429": "Too many requests: wait for the seconds in Retry-After.",
}
READ_ERRORS = ("400", "401", "403", "404")


class ScorekeeperAutoSchema(AutoSchema):
    def _map_basic_serializer(self, serializer, direction):
        schema = super()._map_basic_serializer(serializer, direction)
        # A strict body refuses fields it does not know: the schema says so, unless it takes
        # set-up fields beside its own (a game's, such as Malilla's albur).
        strict = isinstance(serializer, StrictSerializer) and not serializer.extra_fields
        if direction == "request" and strict:
            schema["additionalProperties"] = False
        return schema

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        codes = ERRORS if self.method in WRITE_METHODS else READ_ERRORS
        for code in codes:
            if code not in responses:
                response = self._get_response_for_code(ErrorSerializer, code, direction=direction)
                response["description"] = ERRORS[code]
                responses[code] = response
        return responses


# Fields of a component that only some callers receive (directors see a table's private links).
OMITTED_FOR_SOME = {"Table": ("link", "confirm_link")}


def not_required_when_omitted(result, generator, request, public):
    """Postprocessing hook: the fields left out for some callers are optional in the schema."""
    schemas = result.get("components", {}).get("schemas", {})
    for component, fields in OMITTED_FOR_SOME.items():
        schema = schemas.get(component)
        if schema and "required" in schema:
            schema["required"] = [f for f in schema["required"] if f not in fields]
    return result
