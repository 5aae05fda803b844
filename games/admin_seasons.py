"""The admin of club seasons: read a season, its events and its standing cache, and recompute
it by hand as the periodic sweep would. Seasons are written on the director's pages and the API
(through the services, which check who may)."""

from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.models import Season, SeasonEvent
from games.services.season_standing import season_recompute


class SeasonEventInline(admin.TabularInline):
    model = SeasonEvent
    fields = ["tournament", "session", "added_at"]
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "scheme", "starts_on", "ends_on", "public", "standing_dirty"]
    list_filter = ["scheme", "public", "standing_dirty"]
    search_fields = ["name", "public_id", "club__name"]
    readonly_fields = [
        "public_id",
        "club",
        "version",
        "standing",
        "chart",
        "standing_dirty",
        "standing_requested_at",
        "standing_computed_at",
        "created_by",
        "created_at",
    ]
    inlines = [SeasonEventInline]
    actions = ["recompute_standing"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        # Changes go through the services, which check the scheme and the rules.
        return False

    @admin.action(description=_("Recompute the season standing from its events"))
    def recompute_standing(self, request, queryset):
        for season in queryset:
            season_recompute(season_id=season.pk)
        count = queryset.count()
        said = ngettext(
            "Recomputed the standing of %(count)d season.",
            "Recomputed the standings of %(count)d seasons.",
            count,
        )
        self.message_user(request, said % {"count": count}, messages.SUCCESS)
