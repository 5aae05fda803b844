from rest_framework import serializers

from .fields import StrictSerializer

# "from" is a Python keyword, so this serializer is built from a dict of its fields.
TransferSerializer = type(
    "TransferSerializer",
    (serializers.Serializer,),
    {
        "from": serializers.IntegerField(
            help_text="The paying seat (a match) or index into balances (an evening)."
        ),
        "to": serializers.IntegerField(help_text="The receiving seat or index."),
        "units": serializers.IntegerField(allow_null=True),
        "amount": serializers.CharField(allow_null=True, help_text="Money, when staked."),
    },
)


class BalanceSerializer(serializers.Serializer):
    seat = serializers.IntegerField(required=False)
    name = serializers.CharField()
    player = serializers.IntegerField(required=False, allow_null=True)
    units = serializers.IntegerField()
    amount = serializers.CharField(allow_null=True)


class SettlementSerializer(serializers.Serializer):
    balances = BalanceSerializer(many=True)
    transfers = TransferSerializer(many=True)
    rounding_difference = serializers.CharField(allow_null=True)


class EveningSettlementRequestSerializer(StrictSerializer):
    matches = serializers.ListField(
        child=serializers.CharField(max_length=32), allow_empty=False, min_length=1, max_length=50
    )
