from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _

from games.models import Deal, IdempotencyRecord, Match, Player, RulePreset, Seat
from games.services import match_recompute


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
        self.message_user(request, _("Recomputed %d matches.") % queryset.count(), messages.SUCCESS)


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
    list_display = ["scope", "key", "status", "created_at"]
    readonly_fields = ["scope", "key", "fingerprint", "status", "body", "headers", "created_at"]


@admin.register(RulePreset)
class RulePresetAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "owner", "updated_at"]
    list_filter = ["game"]
    search_fields = ["name", "owner__username"]
    raw_id_fields = ["owner"]
