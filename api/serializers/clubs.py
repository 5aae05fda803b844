from django.utils.translation import gettext as _
from rest_framework import serializers

from .fields import StrictSerializer


class MemberSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class ClubSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    directors = serializers.ListField(child=serializers.CharField())
    members = MemberSerializer(many=True)


class ClubCreateSerializer(StrictSerializer):
    name = serializers.CharField(max_length=100)
    slug = serializers.CharField(max_length=60, required=False, default="")


class MemberAddSerializer(StrictSerializer):
    name = serializers.CharField(max_length=60, required=False)
    id = serializers.IntegerField(required=False, min_value=1, max_value=2**63 - 1)

    def validate(self, attrs):
        if ("name" in attrs) == ("id" in attrs):
            raise serializers.ValidationError(
                _("Give either a new member's name or a player's id.")
            )
        return attrs


class MergeSerializer(StrictSerializer):
    keep = serializers.IntegerField(min_value=1, max_value=2**63 - 1)
    duplicate = serializers.IntegerField(min_value=1, max_value=2**63 - 1)


class DirectorAddSerializer(StrictSerializer):
    username = serializers.CharField(max_length=150)


def club_data(club) -> dict:
    return {
        "slug": club.slug,
        "name": club.name,
        "directors": sorted(u.get_username() for u in club.directors.all()),
        "members": [{"id": p.pk, "name": p.name} for p in club.members.order_by("name", "id")],
    }
