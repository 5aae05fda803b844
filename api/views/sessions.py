"""Sessions: an evening at one table, its next match, its settle-up and paid transfers. The
same conventions as matches: the edit key in X-Edit-Key (or the creator signed in), an ETag
of the session's version and If-Match on writes, Idempotency-Key on every POST."""

from django.http import Http404
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from api.idempotency import idempotent
from api.pagination import Pages
from api.permissions import edit_key_of
from api.query import IdList
from api.serializers.sessions import (
    SessionCreatedSerializer,
    SessionCreateSerializer,
    SessionMatchCreateSerializer,
    SessionSerializer,
    SessionSummarySerializer,
    TransferPaidSerializer,
)
from api.versioning import expected_version
from games.answers import version_tag
from games.permissions import key_opens_session
from games.selectors import sessions as reads
from games.services.deletions import session_delete
from games.services.sessions import (
    session_create,
    session_match_add,
    session_settle,
    session_transfer_paid,
)

from .deals import WRITE_PARAMETERS
from .matches import IDEMPOTENCY_PARAMETER

HELD_SESSIONS = IdList("ids", "Comma-separated session ids the client holds.")


def session_body(request, session, **extra) -> dict:
    def absolute(path: str) -> str:
        return request.build_absolute_uri(path)

    links = {
        "self": absolute(reverse("api:session-detail", args=[session.public_id])),
        "page": absolute(reverse("pages:session", args=[session.public_id])),
    }
    if extra.get("edit_key"):
        links["edit_page"] = absolute(
            reverse("pages:session-edit-link", args=[session.public_id, extra["edit_key"]])
        )
    return {
        "id": session.public_id,
        "version": session.version,
        "stake": session.stake,
        "club": session.club.slug if session.club_id else None,
        "closed_at": session.closed_at,
        "created_at": session.created_at,
        "links": links,
        **reads.session_summary(session),
        **extra,
    }


def _answer(request, public_id: str, *, status_code=200, headers=None, **extra) -> Response:
    session = reads.session_get(public_id)
    serializer = SessionCreatedSerializer if "edit_key" in extra else SessionSerializer
    body = serializer(session_body(request, session, **extra)).data
    response = Response(body, status=status_code, headers=headers)
    response["ETag"] = version_tag(session.version)
    return response


class SessionListView(APIView):
    pagination_class = Pages

    @extend_schema(
        parameters=[HELD_SESSIONS.parameter()],
        responses=SessionSummarySerializer(many=True),
        description="The signed-in user's sessions (and those whose ids are given), newest first.",
    )
    def get(self, request):
        ids = HELD_SESSIONS.read(request)
        sessions = reads.sessions_visible_to(request.user, ids)
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(sessions, request, view=self)
        return paginator.get_paginated_response(SessionSummarySerializer(page, many=True).data)

    @extend_schema(
        request=SessionCreateSerializer,
        responses={201: SessionCreatedSerializer},
        parameters=[IDEMPOTENCY_PARAMETER],
        description="Starts an evening at one table (no account needed), with its first match "
        "if `game` is given. The answer holds the edit key, once.",
    )
    @idempotent
    def post(self, request):
        serializer = SessionCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        created = session_create(
            players=data["players"],
            stake=data.get("stake"),
            club=data.get("club"),
            owner=request.user,
            game=data.get("game"),
            rules=data["rules"],
            preset=data.get("preset"),
            setup=data["setup"],
        )
        public_id = created.session.public_id
        return _answer(
            request,
            public_id,
            status_code=status.HTTP_201_CREATED,
            headers={"Location": reverse("api:session-detail", args=[public_id])},
            edit_key=created.edit_key,
        )


class SessionDetailView(APIView):
    key_opens = staticmethod(key_opens_session)

    @extend_schema(responses=SessionSerializer)
    def get(self, request, public_id: str):
        if reads.session_head(public_id) is None:
            raise Http404(_("No session with this id."))
        return _answer(request, public_id)

    @extend_schema(
        request=None,
        responses={204: None},
        parameters=[WRITE_PARAMETERS[0]],
        description="Deletes the evening (open or closed), its matches and their deals, its "
        "transfers (its edit key in `X-Edit-Key`, or its creator signed in). The club ratings "
        "that counted its matches are recomputed.",
    )
    def delete(self, request, public_id: str):
        session = reads.session_head(public_id)
        if session is None:
            raise Http404(_("No session with this id."))
        session_delete(session=session, edit_key=edit_key_of(request), user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class SessionMatchListView(APIView):
    # The rate limits and idempotency records take its edit key for a client (scorekeeper.callers).
    key_opens = staticmethod(key_opens_session)

    @extend_schema(
        request=SessionMatchCreateSerializer,
        responses={201: SessionSerializer},
        parameters=[*WRITE_PARAMETERS, IDEMPOTENCY_PARAMETER],
        description="Starts the next match of the evening: by default the same game, house "
        "rules and seating as the last one. Location names the new match; the match takes "
        "the session's edit key.",
    )
    @idempotent
    def post(self, request, public_id: str):
        serializer = SessionMatchCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        _session, match = session_match_add(
            session=public_id,
            game=data.get("game"),
            rules=data.get("rules"),
            preset=data.get("preset"),
            setup=data["setup"] or None,
            seats=data.get("seats"),
            expected_version=expected_version(request),
            edit_key=edit_key_of(request),
            user=request.user,
        )
        location = reverse("api:match-detail", args=[match.public_id])
        return _answer(
            request, public_id, status_code=status.HTTP_201_CREATED, headers={"Location": location}
        )


class SessionSettleView(APIView):
    key_opens = staticmethod(key_opens_session)

    @extend_schema(
        request=None,
        responses=SessionSerializer,
        parameters=[*WRITE_PARAMETERS, IDEMPOTENCY_PARAMETER],
        description="Settles and closes the session: the transfers are fixed, and no match "
        "or deal of it changes afterwards. A closed session is a 409.",
    )
    @idempotent
    def post(self, request, public_id: str):
        session_settle(
            session=public_id,
            expected_version=expected_version(request),
            edit_key=edit_key_of(request),
            user=request.user,
        )
        return _answer(request, public_id)


class SessionTransferPaidView(APIView):
    key_opens = staticmethod(key_opens_session)

    @extend_schema(
        request=TransferPaidSerializer,
        responses=SessionSerializer,
        parameters=[*WRITE_PARAMETERS, IDEMPOTENCY_PARAMETER],
        description='Marks a transfer of a settled session paid (`{"paid": false}`: not '
        "paid after all).",
    )
    @idempotent
    def post(self, request, public_id: str, number: int):
        serializer = TransferPaidSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        session_transfer_paid(
            session=public_id,
            number=number,
            paid=serializer.validated_data["paid"],
            expected_version=expected_version(request),
            edit_key=edit_key_of(request),
            user=request.user,
        )
        return _answer(request, public_id)
