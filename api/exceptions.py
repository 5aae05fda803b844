"""Maps the domain's refusals to the statuses of API.md, their messages in the request's
language (Accept-Language); everything else is DRF's own."""

from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from games.rules import MatchOver, RuleViolation
from games.services import Conflict, NotFound, Refused, StaleVersion
from games.translation import translated


def exception_handler(exc, context):
    if isinstance(exc, RuleViolation):
        return Response(translated(exc.errors), status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, StaleVersion):
        return Response(
            {"detail": str(exc), "version": exc.current}, status=status.HTTP_412_PRECONDITION_FAILED
        )
    if isinstance(exc, (Conflict, MatchOver)):
        return Response({"detail": translated(str(exc))}, status=status.HTTP_409_CONFLICT)
    if isinstance(exc, Refused):
        return Response({"detail": str(exc)}, status=status.HTTP_403_FORBIDDEN)
    if isinstance(exc, NotFound):
        return Response({"detail": str(exc)}, status=status.HTTP_404_NOT_FOUND)
    return drf_exception_handler(exc, context)
