"""Club seasons: the seasons, their events, their standing (JSON or CSV, with explanations on
request) and their scheme. The conventions of the rest of the API: an ETag of the season's
version and If-Match on writes (412 when stale), Idempotency-Key on every POST, a 400 at the
field, and directors write with their account (a session or a token)."""

from __future__ import annotations

from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from api.idempotency import idempotent
from api.query import Choice, slug
from api.serializers.seasons import (
    SeasonEventAddSerializer,
    SeasonSerializer,
    SeasonStandingSerializer,
    SeasonUpdateSerializer,
    SeasonWriteSerializer,
    season_data,
)
from api.spreadsheets import SafeWriter
from api.versioning import IF_MATCH_SCHEMA, expected_version
from games import selectors
from games.answers import version_tag
from games.audit import refused
from games.models import Season
from games.rules import RuleViolation
from games.rules.messages import Message
from games.selectors import seasons as reads
from games.services.seasons import (
    season_create,
    season_event_add,
    season_event_remove,
    season_update,
)
from games.translation import translated
from scorekeeper.shortcuts import found_or_404

from .matches import IDEMPOTENCY_PARAMETER

WRITE_PARAMETERS = [
    OpenApiParameter(
        "If-Match",
        IF_MATCH_SCHEMA,
        OpenApiParameter.HEADER,
        description="The season's ETag you read; a stale one gets 412.",
    ),
]

CLUB = slug("club", "A club's slug: its seasons only.")
DOWNLOAD = Choice("download", "csv: a CSV file.", ("csv",))
EXPLAIN = Choice(
    "explain",
    "1: each line's explanation in plain words, in the request's language.",
    ("1", "0", "true", "false"),
)


def get_season(request, public_id: str) -> Season:
    season = found_or_404(reads.season_find(public_id), Season)
    if not reads.may_read_season(season, request.user):
        # A club's own season is not shown to strangers: as if it were not there.
        found_or_404(None, Season)
    return season


def _with_etag(response: Response, season: Season) -> Response:
    response["ETag"] = version_tag(season.version)
    return response


def _require_director(request, season: Season) -> None:
    if not reads.may_direct_season(season, request.user):
        refused(request.user, f"{request.method} {request.path}", season)
        raise PermissionDenied(_("Only the club's directors run its seasons."))


class SeasonListView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses=SeasonSerializer(many=True), parameters=[CLUB.parameter()])
    def get(self, request):
        """The seasons the reader may see (public ones, and their own clubs'), newest first."""
        club_slug = CLUB.read(request)
        club = selectors.club_find(club_slug) if club_slug else None
        if club_slug and club is None:
            return Response([])
        seasons = reads.seasons_listed(club=club, user=request.user)[:200]
        return Response([season_data(request, s) for s in seasons])

    @extend_schema(
        request=SeasonWriteSerializer,
        responses={201: SeasonSerializer},
        parameters=[IDEMPOTENCY_PARAMETER],
    )
    @idempotent
    def post(self, request):
        serializer = SeasonWriteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        club = selectors.club_find(data.pop("club"))
        if club is None:
            raise RuleViolation.at("club", _("There is no such club."))
        season = season_create(club=club, user=request.user, **data)
        return _with_etag(
            Response(season_data(request, season), status=status.HTTP_201_CREATED), season
        )


class SeasonDetailView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses=SeasonSerializer)
    def get(self, request, public_id: str):
        season = get_season(request, public_id)
        return _with_etag(Response(season_data(request, season)), season)

    @extend_schema(
        request=SeasonUpdateSerializer, responses=SeasonSerializer, parameters=WRITE_PARAMETERS
    )
    def patch(self, request, public_id: str):
        """A director changes the season, its scheme or its rules; the standing is worked out
        again. Send the ETag you read as If-Match: a stale one gets 412."""
        season = get_season(request, public_id)
        _require_director(request, season)
        version = expected_version(request)
        serializer = SeasonUpdateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        season = season_update(
            season=season,
            user=request.user,
            expected_version=version,
            **serializer.validated_data,
        )
        return _with_etag(Response(season_data(request, season)), season)


class SeasonEventListView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request, public_id: str):
        """The season's events in the order held: ``attached`` is the id to detach one by
        (``null``: an evening counted because the season takes every evening of its game)."""
        season = get_season(request, public_id)
        events = [_event_data(row) for row in reads.season_events(season)]
        return _with_etag(Response({"season": season.public_id, "events": events}), season)

    @extend_schema(
        request=SeasonEventAddSerializer,
        responses={201: OpenApiTypes.OBJECT},
        parameters=[IDEMPOTENCY_PARAMETER, *WRITE_PARAMETERS],
    )
    @idempotent
    def post(self, request, public_id: str):
        season = get_season(request, public_id)
        _require_director(request, season)
        version = expected_version(request)
        serializer = SeasonEventAddSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        attached = season_event_add(
            season=season, user=request.user, expected_version=version, **serializer.validated_data
        )
        season.refresh_from_db()
        body = {"id": attached.pk, "season": season.public_id, "version": season.version}
        return _with_etag(Response(body, status=status.HTTP_201_CREATED), season)


class SeasonEventDetailView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses={204: None}, parameters=WRITE_PARAMETERS)
    def delete(self, request, public_id: str, event_id: int):
        season = get_season(request, public_id)
        _require_director(request, season)
        season_event_remove(
            season=season,
            user=request.user,
            event_id=event_id,
            expected_version=expected_version(request),
        )
        season.refresh_from_db()
        return _with_etag(Response(status=status.HTTP_204_NO_CONTENT), season)


def _event_data(row) -> dict:
    return {
        "key": row.key,
        "kind": row.kind,
        "id": row.public_id,
        "name": translated(row.name),
        "day": row.day,
        "attached": row.attached,
    }


def _said(data) -> str:
    return translated(Message.from_data(data)) if isinstance(data, dict) else str(data)


class SeasonStandingView(APIView):
    """The standing cache: recomputed by a Celery job after every change to a counted result,
    so reading it costs one row. ``dirty`` says a recompute is pending."""

    @extend_schema(
        responses={
            (200, "application/json"): SeasonStandingSerializer,
            (200, "text/csv"): OpenApiResponse(
                OpenApiTypes.STR, description="With ?download=csv: the same, as a CSV file."
            ),
        },
        parameters=[DOWNLOAD.parameter(), EXPLAIN.parameter()],
    )
    def get(self, request, public_id: str):
        download = DOWNLOAD.read(request)
        explain = EXPLAIN.read(request) in ("1", "true")
        season = get_season(request, public_id)
        if download == "csv":
            return standing_csv(season)
        events = season.chart.get("events", [])
        details = reads.season_lines(season)
        lines = []
        for line in season.standing:
            found = details.get(line["member"])
            line = {**line, "results": found.results if found else []}
            if explain:
                said = reads.line_explanation(season, line, found) if found else []
                line["explain"] = translated(said)
            lines.append(line)
        body = {
            "season": season.public_id,
            "dirty": season.standing_dirty,
            "computed_at": season.standing_computed_at,
            "events": [{**event, "name": _said(event["name"])} for event in events],
            "standing": lines,
        }
        return _with_etag(Response(body), season)


def standing_csv(season: Season) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{season.public_id}-standing.csv"'
    writer = SafeWriter(response)
    events = season.chart.get("events", [])
    details = reads.season_lines(season)
    writer.writerow(
        ["rank", "name", "total", "played", "prize", "needs"]
        + [_said(event["name"]) for event in events]
    )
    for line in season.standing:
        found = details.get(line["member"])
        by_event = {r["event"]: r for r in (found.results if found else [])}
        cells = []
        for event in events:
            result = by_event.get(event["key"])
            if result is None:
                cells.append("")
            else:
                cells.append(f"{result['points']}" + ("" if result["counted"] else " (dropped)"))
        writer.writerow(
            [
                "" if line["rank"] is None else line["rank"],
                line["name"],
                line["total"],
                line["played"],
                "booby" if line["booby"] else (line["prize"] or ""),
                line["needs"] or "",
                *cells,
            ]
        )
    return response
