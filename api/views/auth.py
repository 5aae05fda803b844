"""``POST /api/v1/auth/token/``: a username and password in, a token out, for
``Authorization: Token <key>``; throttled like every sign-in (failures per account and address,
per address, and a ceiling per account: ``scorekeeper.throttling``). A username and password
that match no account are a 401, as any credentials refused are: the request itself was well
formed (a 400 would tell a client to change its shape). ``DELETE`` with the token revokes it."""

from django.contrib.auth import authenticate
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from api.schema import ErrorSerializer
from api.tokens import HashedTokenAuthentication, token_issue
from scorekeeper.throttling import SIGN_IN, sign_in_failed, sign_in_succeeded


class SignInSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=4096, style={"input_type": "password"})


TokenSerializer = inline_serializer("Token", {"token": serializers.CharField()})


class TokenView(APIView):
    throttle_classes = SIGN_IN
    authentication_classes = [HashedTokenAuthentication]

    def get_permissions(self):
        return [IsAuthenticated()] if self.request.method == "DELETE" else []

    @extend_schema(
        request=SignInSerializer,
        responses={
            200: TokenSerializer,
            401: OpenApiResponse(
                ErrorSerializer,
                description="The username and password do not match an active account.",
            ),
        },
        auth=[],
    )
    def post(self, request):
        serializer = SignInSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = authenticate(request._request, **serializer.validated_data)
        if user is None or not user.is_active:
            sign_in_failed(request)
            return Response(
                {"non_field_errors": ["That username and password do not match an account."]},
                status=status.HTTP_401_UNAUTHORIZED,
                headers={
                    "WWW-Authenticate": HashedTokenAuthentication().authenticate_header(request)
                },
            )
        sign_in_succeeded(request)
        return Response({"token": token_issue(user=user)})

    @extend_schema(request=None, responses={204: None})
    def delete(self, request):
        request.auth.delete()  # the ApiToken this request signed in with
        return Response(status=status.HTTP_204_NO_CONTENT)
