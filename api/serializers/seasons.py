"""Club seasons: what a director writes (the season, its scheme and rules, its events) and what
the API answers (the season, its events, its standing; explanations on request)."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _
from rest_framework import serializers

from games.tournaments.seasons import get_scheme
from games.translation import translated

from .fields import StrictSerializer


class SeasonWriteSerializer(StrictSerializer):
    """The fields of a new season; all optional in a change (PATCH)."""

    club = serializers.SlugField()
    name = serializers.CharField(max_length=120)
    starts_on = serializers.DateField()
    ends_on = serializers.DateField()
    public = serializers.BooleanField(required=False)
    scheme = serializers.CharField(max_length=30, required=False)
    scheme_options = serializers.DictField(required=False)
    best = serializers.IntegerField(min_value=1, max_value=1000, required=False, allow_null=True)
    drop = serializers.IntegerField(min_value=0, max_value=1000, required=False)
    min_events = serializers.IntegerField(min_value=0, max_value=1000, required=False)
    min_prize_events = serializers.IntegerField(min_value=0, max_value=1000, required=False)
    prizes = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=10_000),
        required=False,
        max_length=100,
    )
    booby = serializers.BooleanField(required=False)
    ladder = serializers.BooleanField(required=False)
    evenings_of = serializers.CharField(max_length=20, required=False, allow_blank=True)


class SeasonUpdateSerializer(SeasonWriteSerializer):
    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.fields.pop("club")
        for field in self.fields.values():
            field.required = False


class SeasonEventAddSerializer(StrictSerializer):
    tournament = serializers.CharField(max_length=32, required=False)
    session = serializers.CharField(max_length=32, required=False)

    def validate(self, attrs):
        if ("tournament" in attrs) == ("session" in attrs):
            raise serializers.ValidationError(
                {"tournament": [_name_one()]},
            )
        return attrs


def _name_one() -> str:
    return _("Name one tournament or one evening.")


class SeasonSerializer(serializers.Serializer):
    """For the schema: a season as answered."""

    id = serializers.CharField()
    club = serializers.CharField()
    name = serializers.CharField()
    starts_on = serializers.DateField()
    ends_on = serializers.DateField()
    public = serializers.BooleanField()
    scheme = serializers.CharField()
    scheme_label = serializers.CharField()
    scheme_options = serializers.DictField()
    rules = serializers.DictField()
    evenings_of = serializers.CharField()
    version = serializers.IntegerField()
    links = serializers.DictField()


class SeasonStandingSerializer(serializers.Serializer):
    season = serializers.CharField()
    dirty = serializers.BooleanField()
    computed_at = serializers.DateTimeField(allow_null=True)
    events = serializers.ListField(child=serializers.DictField())
    standing = serializers.ListField(child=serializers.DictField())


def season_data(request, season) -> dict[str, Any]:
    def absolute(path: str) -> str:
        return request.build_absolute_uri(path)

    return {
        "id": season.public_id,
        "club": season.club.slug,
        "name": season.name,
        "starts_on": season.starts_on,
        "ends_on": season.ends_on,
        "public": season.public,
        "scheme": season.scheme,
        "scheme_label": translated(get_scheme(season.scheme).label),
        "scheme_options": season.scheme_options,
        "rules": {
            "best": season.best,
            "drop": season.drop,
            "min_events": season.min_events,
            "min_prize_events": season.min_prize_events,
            "prizes": season.prizes,
            "booby": season.booby,
            "ladder": season.ladder,
        },
        "evenings_of": season.evenings_of,
        "version": season.version,
        "links": {
            "self": absolute(reverse("api:season-detail", args=[season.public_id])),
            "events": absolute(reverse("api:season-events", args=[season.public_id])),
            "standing": absolute(reverse("api:season-standing", args=[season.public_id])),
            "page": absolute(reverse("pages:season", args=[season.public_id])),
        },
    }
