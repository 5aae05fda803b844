from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from api.explanations import EXPLAIN, explaining, with_explanations
from api.idempotency import idempotent, reply
from api.pagination import Pages
from api.permissions import edit_key_of
from api.serializers.deals import DealSerializer
from api.serializers.game_data import DEAL_REQUEST
from api.serializers.matches import (
    DealSummarySerializer,
    MatchSerializer,
    MatchSummarySerializer,
)
from api.versioning import IF_MATCH_SCHEMA, expected_version, with_etag
from games import selectors
from games.answers import deal_body, deal_recorded
from games.permissions import key_opens_match
from games.services import NotFound, deal_record, deal_replace, deal_undo

from .matches import IDEMPOTENCY_PARAMETER, get_match_or_404

WRITE_PARAMETERS = [
    OpenApiParameter(
        "X-Edit-Key",
        str,
        OpenApiParameter.HEADER,
        description="The match's edit key (or sign in as its creator).",
    ),
    OpenApiParameter(
        "If-Match",
        IF_MATCH_SCHEMA,
        OpenApiParameter.HEADER,
        description="The ETag you read; a stale one gets 412.",
    ),
]


def _head_or_404(public_id: str, *, seats: bool = False):
    match = selectors.match_head(public_id, seats=seats)
    if match is None:
        raise Http404(_("No match with this id."))
    return match


class DealListView(APIView):
    pagination_class = Pages  # so that the schema documents the page
    # The rate limits and idempotency records take its edit key for a client (scorekeeper.callers).
    key_opens = staticmethod(key_opens_match)

    @extend_schema(
        responses=DealSummarySerializer(many=True),
        parameters=[EXPLAIN.parameter()],
        description="The deals in order, a page at a time (`limit`, at most 200, and `offset`; "
        "50 by default): `count` is the number of deals, so the latest page starts at "
        "`offset = count - limit`.",
    )
    def get(self, request, public_id: str):
        explain = explaining(request)
        match = _head_or_404(public_id, seats=explain)
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(selectors.match_deals(match), request, view=self)
        body = DealSummarySerializer(page, many=True).data
        if explain:
            body = with_explanations(match, page, body)
        return with_etag(paginator.get_paginated_response(body), match)

    @extend_schema(
        request=DEAL_REQUEST,
        responses={201: DealSerializer},
        parameters=[*WRITE_PARAMETERS, IDEMPOTENCY_PARAMETER],
    )
    @idempotent(kept_by_the_write=True)
    def post(self, request, public_id: str):
        # The service reads the match row once, locked, and checks the edit key on it: no
        # deal, seat or table it does not need, so a deal costs the same at deal 1 and 500.
        # With an Idempotency-Key, it stores the answer by the deal's own statement.
        match, deal = deal_record(
            match=public_id,
            raw=request.data,
            expected_version=expected_version(request),
            edit_key=edit_key_of(request),
            user=request.user,
            idempotency=request.idempotency,
        )
        return reply(deal_recorded(match, deal))


PREFER_PARAMETER = OpenApiParameter(
    "Prefer",
    str,
    OpenApiParameter.HEADER,
    description="By default the answer is the match as the list of matches shows it, without "
    "`deals`, so that undoing costs the same whatever the length of the match; "
    "`return=representation` answers the whole match with every deal instead.",
)


class DealDetailView(APIView):
    key_opens = staticmethod(key_opens_match)

    @extend_schema(responses=DealSerializer, parameters=[EXPLAIN.parameter()])
    def get(self, request, public_id: str, number: int):
        explain = explaining(request)
        deal = selectors.deal_get(public_id, number)
        if deal is None:
            _head_or_404(public_id)
            raise NotFound(_("This match has no deal %(n)s.") % {"n": number})
        body = deal_body(deal.match, deal)
        if explain:
            # The players' names, which the explanation says seats and teams by.
            named = _head_or_404(public_id, seats=True)
            body = with_explanations(named, [deal], [body])[0]
        return with_etag(Response(body), deal.match)

    @extend_schema(request=DEAL_REQUEST, responses=DealSerializer, parameters=WRITE_PARAMETERS)
    def put(self, request, public_id: str, number: int):
        match, deal = deal_replace(
            match=_head_or_404(public_id),
            number=number,
            raw=request.data,
            expected_version=expected_version(request),
            edit_key=edit_key_of(request),
            user=request.user,
        )
        return with_etag(Response(deal_body(match, deal)), match)

    @extend_schema(
        responses={200: MatchSummarySerializer},
        parameters=[*WRITE_PARAMETERS, PREFER_PARAMETER],
        description="Undoes the last deal. Answers the match without `deals` (its state and "
        "version after the undo); with `Prefer: return=representation`, the whole match.",
    )
    def delete(self, request, public_id: str, number: int):
        match = deal_undo(
            match=_head_or_404(public_id),
            number=number,
            expected_version=expected_version(request),
            edit_key=edit_key_of(request),
            user=request.user,
        )
        context = {"request": request}
        if "return=representation" in request.headers.get("Prefer", ""):
            match = get_match_or_404(public_id)
            response = Response(MatchSerializer(match, context=context).data)
            response["Preference-Applied"] = "return=representation"
        else:
            match = _head_or_404(public_id, seats=True)
            response = Response(MatchSummarySerializer(match, context=context).data)
        return with_etag(response, match)
