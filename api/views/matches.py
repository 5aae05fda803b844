from django.http import Http404
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from api.explanations import EXPLAIN, explaining, with_explanations
from api.idempotency import DESCRIPTION, KEY_SCHEMA, idempotent
from api.pagination import Pages
from api.permissions import edit_key_of
from api.query import IdList
from api.serializers.exports import MatchExportSerializer
from api.serializers.matches import (
    MatchCreatedSerializer,
    MatchCreateSerializer,
    MatchSerializer,
    MatchSummarySerializer,
)
from api.versioning import with_etag
from games import selectors
from games.permissions import key_opens_match
from games.services import match_create
from games.services.deletions import match_delete
from games.services.exports import match_export

IDEMPOTENCY_PARAMETER = OpenApiParameter(
    "Idempotency-Key",
    KEY_SCHEMA,
    OpenApiParameter.HEADER,
    description=DESCRIPTION,
)


EDIT_KEY_PARAMETER = OpenApiParameter(
    "X-Edit-Key",
    str,
    OpenApiParameter.HEADER,
    description="The edit key (or sign in as the creator).",
)

HELD_MATCHES = IdList(
    "ids", "Comma-separated match ids the client holds (share links), listed beside your own."
)


def get_match_or_404(public_id: str):
    match = selectors.match_get(public_id)
    if match is None:
        raise Http404(_("No match with this id."))
    return match


class MatchListView(APIView):
    pagination_class = Pages  # so that the schema documents the page

    @extend_schema(
        parameters=[HELD_MATCHES.parameter()],
        responses=MatchSummarySerializer(many=True),
    )
    def get(self, request):
        ids = HELD_MATCHES.read(request)
        matches = selectors.matches_visible_to(request.user, ids)
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(matches, request, view=self)
        data = MatchSummarySerializer(page, many=True, context={"request": request}).data
        return paginator.get_paginated_response(data)

    @extend_schema(
        request=MatchCreateSerializer,
        responses={201: MatchCreatedSerializer},
        parameters=[IDEMPOTENCY_PARAMETER],
    )
    @idempotent
    def post(self, request):
        serializer = MatchCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        created = match_create(
            game=data["game"],
            players=data["players"],
            rules=data["rules"],
            stake=data.get("stake"),
            setup=data["setup"],
            owner=request.user,
            preset=data.get("preset"),
        )
        match = selectors.match_get(created.match.public_id)
        match.edit_key = created.edit_key
        body = MatchCreatedSerializer(match, context={"request": request}).data
        response = Response(
            body,
            status=status.HTTP_201_CREATED,
            headers={
                "Location": reverse("api:match-detail", args=[match.public_id]),
            },
        )
        return with_etag(response, match)


class MatchDetailView(APIView):
    # The rate limits and idempotency records take its edit key for a client (scorekeeper.callers).
    key_opens = staticmethod(key_opens_match)

    @extend_schema(responses=MatchSerializer, parameters=[EXPLAIN.parameter()])
    def get(self, request, public_id: str):
        explain = explaining(request)
        match = get_match_or_404(public_id)
        body = MatchSerializer(match, context={"request": request}).data
        if explain:
            body["deals"] = with_explanations(match, match.deals.all(), body["deals"])
        return with_etag(Response(body), match)

    @extend_schema(
        request=None,
        responses={204: None},
        parameters=[EDIT_KEY_PARAMETER],
        description="Deletes a friendly match and its deals (its edit key in `X-Edit-Key`, or "
        "its creator signed in). A tournament table's match, or a match of an evening, is a "
        "409: delete the tournament or the evening. The club ratings that counted it are "
        "recomputed.",
    )
    def delete(self, request, public_id: str):
        match_delete(
            match=get_match_or_404(public_id), edit_key=edit_key_of(request), user=request.user
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class MatchExportView(APIView):
    @extend_schema(
        responses=MatchExportSerializer,
        description="The match as a versioned JSON document (every deal as entered, the rules, "
        "the seats, the cached outcomes and state), which `manage.py import` rebuilds on any "
        "server. Anyone with the share id may read it, as they may read the match; it holds "
        "no key.",
    )
    def get(self, request, public_id: str):
        match = get_match_or_404(public_id)
        return with_etag(Response(match_export(match, now=timezone.now())), match)
