from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.models import (
    Club,
    Correction,
    Deal,
    Entrant,
    IdempotencyRecord,
    Match,
    Player,
    Round,
    RulePreset,
    Seat,
    Table,
    Tournament,
)
from games.services import match_recompute
from games.services.standings import standings_recompute


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "known", "user", "created_at"]
    list_filter = ["known"]
    search_fields = ["name", "user__username"]
    raw_id_fields = ["user"]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    raw_id_fields = ["player"]
    can_delete = False


class DealInline(admin.TabularInline):
    model = Deal
    extra = 0
    fields = ["number", "input", "outcome", "updated_at"]
    readonly_fields = fields
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["public_id", "game", "preset", "finished", "version", "owner", "updated_at"]
    list_filter = ["game", "finished"]
    search_fields = ["public_id", "seats__player__name"]
    readonly_fields = [
        "public_id",
        "game",
        "rules",
        "setup",
        "version",
        "state",
        "finished",
        "created_at",
        "updated_at",
    ]
    raw_id_fields = ["owner"]
    inlines = [SeatInline, DealInline]
    actions = ["recompute"]

    @admin.action(description=_("Recompute the state from the deals"))
    def recompute(self, request, queryset):
        for match in queryset:
            match_recompute(match_id=match.pk)
        count = queryset.count()
        recomputed = ngettext("Recomputed %(count)d match.", "Recomputed %(count)d matches.", count)
        self.message_user(request, recomputed % {"count": count}, messages.SUCCESS)


@admin.register(Deal)
class DealAdmin(admin.ModelAdmin):
    """Read-only: a correction goes through the service so that everything after it follows."""

    list_display = ["match", "number", "updated_at"]
    search_fields = ["match__public_id"]
    readonly_fields = ["match", "number", "input", "outcome", "created_at", "updated_at"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(IdempotencyRecord)
class IdempotencyRecordAdmin(admin.ModelAdmin):
    # The answer itself is sealed for its caller: the admin shows that there was one, not it.
    list_display = ["scope", "status", "created_at"]
    readonly_fields = ["scope", "key_digest", "fingerprint", "status", "headers", "created_at"]
    exclude = ["sealed_body"]


@admin.register(RulePreset)
class RulePresetAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "owner", "updated_at"]
    list_filter = ["game"]
    search_fields = ["name", "owner__username"]
    raw_id_fields = ["owner"]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "created_at"]
    search_fields = ["name", "slug"]
    filter_horizontal = ["directors"]
    raw_id_fields = ["members"]


class EntrantInline(admin.TabularInline):
    """Registration goes through the pages or the API (late arrivals, seeds); here it is read."""

    model = Entrant
    extra = 0
    fields = ["seed", "player", "partner", "status", "joined_round"]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    fields = ["number", "status", "requested_at", "drawn_at"]
    readonly_fields = fields
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    """Read-mostly: draws, results and standings change through the services. The action
    recomputes standings by hand, as the periodic sweep would."""

    list_display = ["name", "club", "game", "format", "status", "standings_dirty", "created_at"]
    list_filter = ["game", "format", "status", "standings_dirty"]
    search_fields = ["name", "public_id", "club__name"]
    readonly_fields = [
        "public_id",
        "club",
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
        "standings",
        "standings_dirty",
        "standings_requested_at",
        "standings_computed_at",
        "created_by",
        "created_at",
    ]
    inlines = [EntrantInline, RoundInline]
    actions = ["recompute_standings"]

    @admin.action(description=_("Recompute the standings from the confirmed tables"))
    def recompute_standings(self, request, queryset):
        for tournament in queryset:
            standings_recompute(tournament_id=tournament.pk)
        count = queryset.count()
        recomputed = ngettext(
            "Recomputed the standings of %(count)d tournament.",
            "Recomputed the standings of %(count)d tournaments.",
            count,
        )
        self.message_user(request, recomputed % {"count": count}, messages.SUCCESS)


class TableInline(admin.TabularInline):
    model = Table
    extra = 0
    fields = ["number", "match", "seating", "confirmed_at", "confirmed_by"]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "status", "drawn_at"]
    list_filter = ["status"]
    search_fields = ["tournament__name", "tournament__public_id"]
    readonly_fields = ["tournament", "number", "status", "report", "requested_at", "drawn_at"]
    inlines = [TableInline]

    def has_add_permission(self, request):
        return False


@admin.register(Correction)
class CorrectionAdmin(admin.ModelAdmin):
    """The corrections log: written by the deal services, never edited."""

    list_display = ["table", "deal_number", "action", "by", "at"]
    list_filter = ["action"]
    search_fields = ["by", "table__round__tournament__name"]
    readonly_fields = ["table", "deal_number", "action", "by", "user", "at", "before", "after"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


# Evenings and club ratings, and club seasons (their own modules, like their models).
from games import admin_evenings, admin_seasons  # noqa: E402, F401
