from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.models import Correction, Entrant, Tournament
from games.services.table_keys import table_keys
from games.translation import note_text

from .fields import FormatField, GameField, StrictSerializer

# A bound on the list the service checks against the registry (each tie-break counts once).
TIE_BREAK_LIST = 20


class TournamentCreateSerializer(StrictSerializer):
    club = serializers.SlugField()
    name = serializers.CharField(max_length=120)
    game = GameField()
    format = FormatField()
    rounds = serializers.IntegerField(min_value=1, max_value=50)
    round_kind = serializers.ChoiceField(choices=Tournament.RoundKind.choices)
    deals_per_round = serializers.IntegerField(
        min_value=1, max_value=200, required=False, allow_null=True
    )
    table_size = serializers.IntegerField(min_value=3, max_value=6, required=False, allow_null=True)
    # Left out: a pairs event gets the usual tie-breaks (games.tournaments.standings); [] is
    # none at all.
    tie_breaks = serializers.ListField(
        child=serializers.CharField(max_length=30), required=False, max_length=TIE_BREAK_LIST
    )
    preset = serializers.CharField(max_length=80, required=False, allow_null=True)
    rules = serializers.DictField(required=False, default=dict)


class TournamentUpdateSerializer(StrictSerializer):
    name = serializers.CharField(max_length=120, required=False)
    rounds = serializers.IntegerField(min_value=1, max_value=50, required=False)
    tie_breaks = serializers.ListField(
        child=serializers.CharField(max_length=30), required=False, max_length=TIE_BREAK_LIST
    )


class EntrantCreateSerializer(StrictSerializer):
    player = serializers.IntegerField(min_value=1, max_value=2**63 - 1, required=False)
    name = serializers.CharField(max_length=60, required=False)
    partner = serializers.IntegerField(min_value=1, max_value=2**63 - 1, required=False)
    partner_name = serializers.CharField(max_length=60, required=False)

    def validate(self, attrs):
        if ("player" in attrs) == ("name" in attrs):
            raise serializers.ValidationError(
                {"player": [_("Give a known player's id or a new player's name.")]}
            )
        return attrs


class EntrantStatusSerializer(StrictSerializer):
    status = serializers.ChoiceField(choices=Entrant.Status.choices)


class ConfirmSerializer(StrictSerializer):
    by = serializers.CharField(
        max_length=150,
        required=False,
        help_text="The confirming player's name, one of the players seated at the table "
        "(a director may leave it out).",
    )


class DisputeSerializer(ConfirmSerializer):
    reason = serializers.CharField(max_length=500, help_text="What is wrong with the result.")


class EntrantSerializer(serializers.ModelSerializer):
    name = serializers.CharField(read_only=True)
    player = serializers.PrimaryKeyRelatedField(read_only=True)
    partner = serializers.PrimaryKeyRelatedField(read_only=True, allow_null=True)

    class Meta:
        model = Entrant
        fields = ["id", "name", "player", "partner", "status", "seed", "joined_round"]
        read_only_fields = fields


class TournamentSummarySerializer(serializers.ModelSerializer):
    """A tournament in the list: the view annotates ``entrants_count`` and ``rounds_drawn``."""

    id = serializers.CharField(source="public_id", read_only=True)
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    rules = serializers.JSONField(read_only=True, help_text="Every rule option, resolved.")
    tie_breaks = serializers.ListField(child=serializers.CharField(), read_only=True)
    entrants_count = serializers.IntegerField(read_only=True)
    rounds_drawn = serializers.IntegerField(read_only=True)

    class Meta:
        model = Tournament
        fields = [
            "id",
            "club",
            "name",
            "game",
            "rules",
            "preset",
            "format",
            "rounds",
            "round_kind",
            "deals_per_round",
            "table_size",
            "tie_breaks",
            "status",
            "entrants_count",
            "rounds_drawn",
        ]
        read_only_fields = fields


class TournamentSerializer(TournamentSummarySerializer):
    """A tournament with its entrants in seed order."""

    entrants = serializers.SerializerMethodField()
    rounds_drawn = serializers.SerializerMethodField()

    class Meta(TournamentSummarySerializer.Meta):
        fields = [f for f in TournamentSummarySerializer.Meta.fields if f != "entrants_count"] + [
            "entrants"
        ]
        read_only_fields = fields

    @extend_schema_field(EntrantSerializer(many=True))
    def get_entrants(self, tournament) -> list[dict]:
        entrants = tournament.entrants.select_related("player", "partner").order_by("seed", "id")
        return EntrantSerializer(entrants, many=True).data

    def get_rounds_drawn(self, tournament) -> int:
        return tournament.round_set.count()


class SeatedSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class AmendedSerializer(serializers.Serializer):
    by = serializers.CharField()
    at = serializers.DateTimeField()


class DisputeInfoSerializer(serializers.Serializer):
    by = serializers.CharField(source="disputed_by")
    reason = serializers.CharField(source="dispute_reason")
    at = serializers.DateTimeField(source="disputed_at")
    settled = serializers.SerializerMethodField(
        help_text="A director (or the other side) has confirmed the result since."
    )

    def get_settled(self, table) -> bool:
        return table.confirmed_at is not None


class TableSerializer(serializers.Serializer):
    """A table of a round. ``link`` (its private entry link) only for the club's directors;
    a bye has one entrant and no match. Context: ``names`` (entrant id → name),
    ``director`` and ``request``."""

    number = serializers.IntegerField()
    entrants = serializers.SerializerMethodField()
    match = serializers.SerializerMethodField()
    bye = serializers.SerializerMethodField()
    confirmed = serializers.SerializerMethodField()
    confirmed_by = serializers.SerializerMethodField()
    dispute = serializers.SerializerMethodField()
    amended = serializers.SerializerMethodField(
        help_text="The last change after the result was confirmed (a director's correction, "
        "or the table reopened and confirmed again with other deals): who and when; null if "
        "none."
    )
    link = serializers.SerializerMethodField(
        help_text="Directors only: the scoring link (enters the deals, cannot confirm)."
    )
    confirm_link = serializers.SerializerMethodField(
        help_text="Directors only: the confirmation link (confirms or disputes, cannot score)."
    )

    @extend_schema_field(SeatedSerializer(many=True))
    def get_entrants(self, table) -> list[dict]:
        names = self.context["names"]
        return [{"id": e, "name": names.get(e, "?")} for e in table.seating]

    def get_match(self, table) -> str | None:
        return table.match.public_id if table.match else None

    def get_bye(self, table) -> bool:
        return table.match is None

    def get_confirmed(self, table) -> bool:
        return table.confirmed_at is not None

    def get_confirmed_by(self, table) -> str | None:
        return table.confirmed_by or None

    @extend_schema_field(DisputeInfoSerializer(allow_null=True))
    def get_dispute(self, table) -> dict | None:
        if table.disputed_at is None:
            return None
        return DisputeInfoSerializer(table).data

    @extend_schema_field(AmendedSerializer(allow_null=True))
    def get_amended(self, table) -> dict | None:
        if table.amended_at is None:
            return None
        return {"by": table.amended_by, "at": table.amended_at}

    def _keys(self, table):
        return table_keys(table) if self.context["director"] else None

    def get_link(self, table) -> str | None:
        keys = self._keys(table)
        if keys is None:
            return None
        return self.context["request"].build_absolute_uri(
            reverse("pages:edit-link", args=[table.match.public_id, keys.scoring])
        )

    def get_confirm_link(self, table) -> str | None:
        keys = self._keys(table)
        if keys is None:
            return None
        return self.context["request"].build_absolute_uri(
            reverse("pages:confirm-link", args=[table.match.public_id, keys.confirmation])
        )

    def to_representation(self, table):
        data = super().to_representation(table)
        for private in ("link", "confirm_link"):
            if data[private] is None:
                del data[private]  # only directors see the private links
        return data


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.CharField(help_text="drawing, ready, failed or finished")
    report = serializers.JSONField(
        help_text="Why the draw came out as it did: `notes` (lines for the director), and "
        "`error` when the draw failed; individual draws add `repeats`, `repeated_pairs`, "
        "`seat_spread`; Swiss `rematches` and `bye`; knockouts their `bracket`."
    )
    tables = TableSerializer(many=True, source="tables.all")

    def to_representation(self, this_round):
        data = super().to_representation(this_round)
        report = data.get("report")
        if isinstance(report, dict):
            # Notes and the failure's reason are kept as messages: said in the request's language
            # (on a copy: the field gives the round's own report).
            report = data["report"] = dict(report)
            if isinstance(report.get("notes"), list):
                report["notes"] = [note_text(note) for note in report["notes"]]
            if report.get("error"):
                report["error"] = note_text(report["error"])
        return data


class StandingRowSerializer(serializers.Serializer):
    """One line of the standings (documentation of the cached rows)."""

    rank = serializers.IntegerField()
    entrant = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.CharField()
    points = serializers.IntegerField(
        help_text="Individual events: the total; pairs events: the difference."
    )
    played = serializers.IntegerField()
    shared = serializers.BooleanField(help_text="The rank is shared with others level on all.")
    rounds = serializers.ListField(
        child=serializers.IntegerField(allow_null=True),
        required=False,
        help_text="Individual events: each round's points (null: not played or not confirmed).",
    )
    match_points = serializers.FloatField(required=False, help_text="Pairs events.")
    byes = serializers.IntegerField(required=False, help_text="Pairs events.")
    tie_breaks = serializers.DictField(
        child=serializers.FloatField(allow_null=True),
        required=False,
        help_text="Pairs events: each tie-break's value, in the tournament's order.",
    )
    decided_by = serializers.CharField(
        allow_null=True,
        required=False,
        help_text="Pairs events: what separated the entrant from those level on match points.",
    )


class StandingsSerializer(serializers.Serializer):
    tournament = serializers.CharField()
    dirty = serializers.BooleanField(help_text="A recompute is pending.")
    computed_at = serializers.DateTimeField(allow_null=True)
    standings = StandingRowSerializer(many=True)


class ConfirmedSerializer(serializers.Serializer):
    confirmed = serializers.BooleanField()
    by = serializers.CharField()


class ReopenedSerializer(serializers.Serializer):
    reopened = serializers.BooleanField()
    by = serializers.CharField()


class SwappedSerializer(serializers.Serializer):
    scoring = serializers.ListField(child=serializers.CharField())
    confirming = serializers.ListField(child=serializers.CharField())


class DisputedSerializer(serializers.Serializer):
    disputed = serializers.BooleanField()
    by = serializers.CharField()
    reason = serializers.CharField()


class CorrectionSerializer(serializers.ModelSerializer):
    round = serializers.IntegerField(source="table.round.number", read_only=True)
    table = serializers.IntegerField(source="table.number", read_only=True)
    match = serializers.CharField(source="table.match.public_id", read_only=True, allow_null=True)
    deal = serializers.IntegerField(source="deal_number", read_only=True)
    before = serializers.JSONField(read_only=True, help_text="The deal as it was (null: added).")
    after = serializers.JSONField(read_only=True, help_text="The deal as it is (null: undone).")

    class Meta:
        model = Correction
        fields = ["round", "table", "match", "deal", "action", "by", "at", "before", "after"]
        read_only_fields = fields


class ResultRowSerializer(serializers.Serializer):
    """One table's result (documentation of ``games.selectors.tournament_results``)."""

    round = serializers.IntegerField()
    table = serializers.IntegerField()
    entrants = SeatedSerializer(many=True)
    match = serializers.CharField(allow_null=True)
    bye = serializers.BooleanField()
    deals = serializers.IntegerField()
    counts = serializers.BooleanField(help_text="Confirmed: only these count in the standings.")
    confirmed_by = serializers.CharField(allow_null=True)
    amended_by = serializers.CharField(
        allow_null=True, help_text="Who changed the result after it was confirmed, if anyone."
    )
    confirmed_at = serializers.DateTimeField(allow_null=True)
    points = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="Pairs: each side's points; individual events: each seat's total.",
    )
    winner = serializers.IntegerField(
        allow_null=True, help_text="Pairs: the winning side (0 or 1), null for a draw."
    )


class ResultsSerializer(serializers.Serializer):
    tournament = serializers.CharField()
    results = ResultRowSerializer(many=True)
