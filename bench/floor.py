"""The floor a deal is measured against: a bare DRF view, with the app's default
authentication, parsing and throttling, that inserts one row in a transaction and answers a
small JSON body. Nothing a request can cost less than, on the same settings."""

from django.db import transaction
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from games.models import Player


class FloorView(APIView):
    def post(self, request):
        with transaction.atomic():
            player = Player.objects.create(name="bench floor")
        return Response({"id": player.pk}, status=status.HTTP_201_CREATED)
