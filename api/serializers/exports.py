"""The shape of a match's export document, for the OpenAPI schema (games.services.exports
builds the document itself)."""

from rest_framework import serializers


class ExportedPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="The player's id on the exporting server.")
    name = serializers.CharField()
    known = serializers.BooleanField()
    created_at = serializers.DateTimeField()


class ExportedDealSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    input = serializers.JSONField(help_text="The deal exactly as it was entered.")
    outcome = serializers.JSONField(help_text="What it did, as the rules engine folds it.")
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()


class ExportedMatchSerializer(serializers.Serializer):
    id = serializers.CharField(help_text="The share (public) id.")
    game = serializers.CharField()
    rules = serializers.JSONField()
    setup = serializers.JSONField()
    preset = serializers.CharField(allow_blank=True)
    stake = serializers.CharField(allow_null=True, help_text="Money per unit, a decimal string.")
    version = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    seats = serializers.ListField(
        child=serializers.IntegerField(), help_text="Player ids (see `players`) in seat order."
    )
    deals = ExportedDealSerializer(many=True)
    state = serializers.JSONField(help_text="The state after the last deal, for checking.")
    finished = serializers.BooleanField()


class MatchExportSerializer(serializers.Serializer):
    format = serializers.ChoiceField(choices=["scorekeeper-export"])
    version = serializers.IntegerField(help_text="Of the format: 1.")
    kind = serializers.ChoiceField(choices=["match"])
    exported_at = serializers.DateTimeField()
    players = ExportedPlayerSerializer(many=True)
    match = ExportedMatchSerializer()
