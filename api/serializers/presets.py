from rest_framework import serializers

from games.translation import translated

from .fields import GameField, StrictSerializer


class PresetSerializer(serializers.Serializer):
    key = serializers.CharField(help_text="Name it as `preset` when creating a match.")
    game = serializers.CharField()
    name = serializers.CharField()
    description = serializers.CharField()
    rules = serializers.DictField(help_text="The options that differ from the defaults.")
    builtin = serializers.BooleanField()
    owner = serializers.CharField(allow_null=True)


class PresetCreateSerializer(StrictSerializer):
    game = GameField()
    name = serializers.CharField(max_length=80)
    description = serializers.CharField(
        max_length=300, required=False, default="", allow_blank=True
    )
    rules = serializers.DictField(default=dict)
    club = serializers.SlugField(required=False, help_text="Save as this club's house rules.")


def preset_data(preset) -> dict:
    """A built-in ``Preset`` or a saved ``RulePreset`` in one shape."""
    saved = hasattr(preset, "owner_id")
    return {
        "key": preset.key,
        "game": preset.game,
        "name": translated(preset.name),
        "description": translated(preset.description),
        "rules": preset.rules,
        "builtin": not saved,
        "owner": preset.owner.get_username() if saved else None,
        "club": preset.club.slug if saved and preset.club_id else None,
    }
