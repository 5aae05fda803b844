from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from api.idempotency import idempotent
from api.serializers.settlements import EveningSettlementRequestSerializer, SettlementSerializer
from games import selectors
from games.rules import Errors, RuleViolation
from games.settlements import evening_settlement, match_settlement
from games.translation import translated

from .matches import IDEMPOTENCY_PARAMETER, get_match_or_404


class MatchSettlementView(APIView):
    @extend_schema(responses=SettlementSerializer)
    def get(self, request, public_id: str):
        match = get_match_or_404(public_id)
        try:
            return Response(match_settlement(match))
        except RuleViolation as refused:
            # A match not played for money has no settlement (its links name none): a 404
            # saying why, not a 400 for a request that is of the right form.
            return Response(translated(refused.errors), status=status.HTTP_404_NOT_FOUND)


class EveningSettlementView(APIView):
    """Several matches of the same people settled together (an evening's play)."""

    @extend_schema(
        request=EveningSettlementRequestSerializer,
        responses=SettlementSerializer,
        parameters=[IDEMPOTENCY_PARAMETER],
    )
    @idempotent
    def post(self, request):
        serializer = EveningSettlementRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        ids = serializer.validated_data["matches"]
        errors = Errors()
        if len(set(ids)) != len(ids):
            errors.add("matches", "A match is listed twice.")
        found = {m.public_id: m for m in selectors.matches_by_ids(ids)}
        for index, public_id in enumerate(ids):
            if public_id not in found:
                errors.add(("matches", index), f"There is no match {public_id}.")
        errors.raise_if_any()
        return Response(evening_settlement([found[i] for i in ids]))
