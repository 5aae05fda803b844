from rest_framework import serializers


class DealSerializer(serializers.Serializer):
    """A deal as entered, its outcome, and the match state after it."""

    number = serializers.IntegerField()
    input = serializers.JSONField()
    outcome = serializers.JSONField()
    state = serializers.JSONField()
    version = serializers.IntegerField()


def deal_data(match, deal) -> dict:
    return {
        "number": deal.number,
        "input": deal.input,
        "outcome": deal.outcome,
        "state": match.state,
        "version": match.version,
    }
