from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from api.idempotency import idempotent
from api.permissions import require_edit
from api.serializers.deals import DealSerializer, deal_data
from api.serializers.matches import DealSummarySerializer, MatchSerializer
from api.versioning import expected_version, with_etag
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
        str,
        OpenApiParameter.HEADER,
        description="The ETag you read; a stale one gets 412.",
    ),
]


class DealListView(APIView):
    @extend_schema(responses=DealSummarySerializer(many=True))
    def get(self, request, public_id: str):
        match = get_match_or_404(public_id)
        body = DealSummarySerializer(match.deals.all(), many=True).data
        return with_etag(Response(body), match)

    @extend_schema(
        request=OpenApiTypes.OBJECT,
        responses={201: DealSerializer},
        parameters=[*WRITE_PARAMETERS, IDEMPOTENCY_PARAMETER],
    )
    @idempotent
    def post(self, request, public_id: str):
        match = get_match_or_404(public_id)
        require_edit(request, match)
        match, deal = deal_record(
            match=match,
            raw=request.data,
            expected_version=expected_version(request),
            user=request.user,
        )
        response = Response(deal_data(match, deal), status=status.HTTP_201_CREATED)
        return with_etag(response, match)


class DealDetailView(APIView):
    @extend_schema(responses=DealSerializer)
    def get(self, request, public_id: str, number: int):
        match = get_match_or_404(public_id)
        deal = next((d for d in match.deals.all() if d.number == number), None)
        if deal is None:
            raise NotFound(f"This match has no deal {number}.")
        return with_etag(Response(deal_data(match, deal)), match)

    @extend_schema(
        request=OpenApiTypes.OBJECT, responses=DealSerializer, parameters=WRITE_PARAMETERS
    )
    def put(self, request, public_id: str, number: int):
        match = get_match_or_404(public_id)
        require_edit(request, match)
        match, deal = deal_replace(
            match=match,
            number=number,
            raw=request.data,
            expected_version=expected_version(request),
            user=request.user,
        )
        return with_etag(Response(deal_data(match, deal)), match)

    @extend_schema(responses={200: MatchSerializer}, parameters=WRITE_PARAMETERS)
    def delete(self, request, public_id: str, number: int):
        match = get_match_or_404(public_id)
        require_edit(request, match)
        match = deal_undo(
            match=match,
            number=number,
            expected_version=expected_version(request),
            user=request.user,
        )
        match = get_match_or_404(public_id)
        body = MatchSerializer(match, context={"request": request}).data
        return with_etag(Response(body), match)
