from decimal import Decimal

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import serializers

from games.digits import western_digits
from games.models.matches import GAME_CHOICES
from games.models.tournaments import FORMAT_CHOICES
from games.rules import GAMES
from games.tournaments.formats import FORMATS


class StrictSerializer(serializers.Serializer):
    """Refuses fields it does not know, so a typo is an error and not a silent default (the
    schema says so: ``additionalProperties: false``, api.schema), and reads a boolean, a string
    and an integer only as JSON has them (DRF would also take 0 for false, 7 for "7" and "7"
    for 7), as the schema's types say."""

    extra_fields: tuple[str, ...] = ()

    def to_internal_value(self, data):
        if isinstance(data, dict):
            unknown = set(data) - set(self.fields) - set(self.extra_fields)
            if unknown:
                raise serializers.ValidationError({key: [_("Unknown field.")] for key in unknown})
            wrong_type = {
                name: [field.error_messages["invalid"]]
                for name, field in self.fields.items()
                if name in data
                and not (data[name] is None and field.allow_null)
                and not _of_json_type(field, data[name])
            }
            if wrong_type:
                raise serializers.ValidationError(wrong_type)
        return super().to_internal_value(data)


def _of_json_type(field, value) -> bool:
    if isinstance(field, serializers.BooleanField):
        return isinstance(value, bool)
    if isinstance(field, serializers.CharField):
        return isinstance(value, str)
    if isinstance(field, serializers.IntegerField):
        return isinstance(value, int) and not isinstance(value, bool)
    return True


class MoneyField(serializers.DecimalField):
    """Money as a decimal string with at least two decimals: "0.10", "0.125"."""

    def __init__(self, **kwargs):
        kwargs.setdefault("max_digits", 12)
        kwargs.setdefault("decimal_places", 4)
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        # "۰٫۱۰" is "0.10": a string in Persian or Arabic-Indic digits reads as the Western one.
        return super().to_internal_value(western_digits(data) if isinstance(data, str) else data)

    def to_representation(self, value):
        if value is None:
            return None
        value = Decimal(value).normalize()
        if value.as_tuple().exponent > -2:
            value = value.quantize(Decimal("0.01"))
        return format(value, "f")


# DRF fills in {input} when it says it; lazy, so that it is said in the request's language.
UNKNOWN_GAME = gettext_lazy("Unknown game {input!r}.")


class GameField(serializers.ChoiceField):
    """A game's slug, checked against the rules registry when the request is read: a game
    registered after start-up is known too (the schema lists the games of the release)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("error_messages", {"invalid_choice": UNKNOWN_GAME})
        super().__init__(choices=GAME_CHOICES, **kwargs)

    def to_internal_value(self, data):
        if isinstance(data, str) and data in GAMES:
            return data
        self.fail("invalid_choice", input=data)


class FormatField(serializers.ChoiceField):
    """A tournament format's slug, checked against the formats' registry when the request is
    read: a format registered after start-up is known too (the schema lists the formats of the
    release)."""

    def __init__(self, **kwargs):
        super().__init__(choices=FORMAT_CHOICES, **kwargs)

    def to_internal_value(self, data):
        if isinstance(data, str) and data in FORMATS:
            return data
        self.fail("invalid_choice", input=data)
