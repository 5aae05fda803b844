"""A tournament table's result: the other side confirms or disputes it with the table's
confirmation key (``X-Table-Key``), or a director does with their account. The scoring key
(the match's edit key) is refused here."""

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from api.idempotency import idempotent
from api.serializers.tournaments import (
    ConfirmedSerializer,
    ConfirmSerializer,
    DisputedSerializer,
    DisputeSerializer,
    ReopenedSerializer,
    SwappedSerializer,
)
from games import selectors
from games.models import Table
from games.permissions import key_opens_table
from games.services.tables import (
    check_confirmer,
    check_reopener,
    check_swapper,
    confirming_names,
    scoring_names,
    table_confirm,
    table_dispute,
    table_reopen,
    table_swap_sides,
)
from scorekeeper.shortcuts import found_or_404

from .matches import IDEMPOTENCY_PARAMETER
from .tournaments import get_tournament

TABLE_KEY_HEADER = "X-Table-Key"
TABLE_KEY_PARAMETER = OpenApiParameter(
    TABLE_KEY_HEADER,
    str,
    OpenApiParameter.HEADER,
    description="The table's confirmation key, from the confirmation half of its card "
    "(or sign in as a director of the club). The scoring key is refused.",
)


def _table(public_id: str, number: int, table: int) -> Table:
    tournament = get_tournament(public_id)
    return found_or_404(selectors.table_at(tournament, number, table), Table)


def _table_and_confirmer(request, public_id: str, number: int, table: int):
    """The table, and who speaks for its result: refused (403) before the body is read."""
    found = _table(public_id, number, table)
    key = request.headers.get(TABLE_KEY_HEADER)
    return found, check_confirmer(table=found, key=key, user=request.user)


def _confirmed_now(view, request, stored, public_id: str, number: int, table: int):
    """A confirmation sent again with its Idempotency-Key: the table as it is now, since the
    result may have been reopened after the first answer. Never "confirmed" when it is not."""
    found = _table(public_id, number, table)
    if found.confirmed_at is None:
        return Response(
            {
                "detail": _(
                    "This result was reopened after your confirmation: it is not confirmed "
                    "now. Check the corrected result and confirm it again."
                )
            },
            status=status.HTTP_409_CONFLICT,
        )
    return Response({"confirmed": True, "by": found.confirmed_by})


def _reopened_now(view, request, stored, public_id: str, number: int, table: int):
    """A reopening sent again: refused if the result was confirmed again since."""
    found = _table(public_id, number, table)
    if found.confirmed_at is not None:
        return Response(
            {
                "detail": _("This result was confirmed again by %(who)s after it was reopened.")
                % {"who": found.confirmed_by}
            },
            status=status.HTTP_409_CONFLICT,
        )
    return None


class TableConfirmView(APIView):
    # The rate limits and idempotency records take its keys for a client (scorekeeper.callers).
    key_opens = staticmethod(key_opens_table)

    @extend_schema(
        request=ConfirmSerializer,
        responses=ConfirmedSerializer,
        parameters=[TABLE_KEY_PARAMETER, IDEMPOTENCY_PARAMETER],
    )
    @idempotent(recheck=_confirmed_now)
    def post(self, request, public_id: str, number: int, table: int):
        found, confirmer = _table_and_confirmer(request, public_id, number, table)
        serializer = ConfirmSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        found = table_confirm(
            table=found, by=serializer.validated_data.get("by", ""), confirmer=confirmer
        )
        return Response({"confirmed": True, "by": found.confirmed_by})


class TableDisputeView(APIView):
    key_opens = staticmethod(key_opens_table)

    @extend_schema(
        request=DisputeSerializer,
        responses=DisputedSerializer,
        parameters=[TABLE_KEY_PARAMETER, IDEMPOTENCY_PARAMETER],
    )
    @idempotent
    def post(self, request, public_id: str, number: int, table: int):
        found, confirmer = _table_and_confirmer(request, public_id, number, table)
        serializer = DisputeSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        found = table_dispute(
            table=found, by=data.get("by", ""), reason=data["reason"], confirmer=confirmer
        )
        return Response({"disputed": True, "by": found.disputed_by, "reason": found.dispute_reason})


class TableReopenView(APIView):
    """The side that scored reopens a confirmed result to correct it (its scoring key in
    ``X-Table-Key`` or ``X-Edit-Key``), or a director does; the other side confirms again."""

    key_opens = staticmethod(key_opens_table)

    @extend_schema(
        request=None,
        responses=ReopenedSerializer,
        parameters=[IDEMPOTENCY_PARAMETER],
    )
    @idempotent(recheck=_reopened_now)
    def post(self, request, public_id: str, number: int, table: int):
        found = _table(public_id, number, table)
        key = request.headers.get(TABLE_KEY_HEADER) or request.headers.get("X-Edit-Key")
        reopener = check_reopener(table=found, key=key, user=request.user)
        found = table_reopen(table=found, by="", confirmer=reopener)
        return Response({"reopened": True, "by": selectors.table_reopened_by(found)})


class TableSwapView(APIView):
    """The table's cards went to the wrong sides: the side named as confirming scores and the
    other confirms. Once per table, before the result is confirmed; either key of the table
    (``X-Table-Key``, or the scoring key as ``X-Edit-Key``) or a director."""

    @extend_schema(request=None, responses=SwappedSerializer, parameters=[IDEMPOTENCY_PARAMETER])
    @idempotent
    def post(self, request, public_id: str, number: int, table: int):
        found = _table(public_id, number, table)
        key = request.headers.get(TABLE_KEY_HEADER) or request.headers.get("X-Edit-Key")
        swapper = check_swapper(table=found, key=key, user=request.user)
        found = table_swap_sides(table=found, confirmer=swapper)
        return Response({"scoring": scoring_names(found), "confirming": confirming_names(found)})
