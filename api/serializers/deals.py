from rest_framework import serializers

from .game_data import DealInputField, DealOutcomeField, MatchStateField


class DealSerializer(serializers.Serializer):
    """A deal as entered, its outcome, and the match state after it."""

    number = serializers.IntegerField()
    input = DealInputField()
    outcome = DealOutcomeField()
    state = MatchStateField()
    version = serializers.IntegerField()


def deal_data(match, deal) -> dict:
    return {
        "number": deal.number,
        "input": deal.input,
        "outcome": deal.outcome,
        "state": match.state,
        "version": match.version,
    }
