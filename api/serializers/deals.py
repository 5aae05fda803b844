from rest_framework import serializers

from .game_data import DealInputField, DealOutcomeField, MatchStateField


class DealSerializer(serializers.Serializer):
    """A deal as entered, its outcome, and the match state after it."""

    # The schema of games.answers.deal_body, which builds the answer.

    number = serializers.IntegerField()
    input = DealInputField()
    outcome = DealOutcomeField()
    state = MatchStateField()
    version = serializers.IntegerField()
    explain = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="With `?explain=1` only: how the deal was scored, line by line.",
    )
