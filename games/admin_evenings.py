"""The admin of evenings and ratings: read what players and clubs have, and rebuild a club's
ratings from scratch. Nothing here writes around the services: an evening's matches are
scored on its pages, its settle-up is fixed by the players."""

from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _

from games.models import RatingList, Session, SessionMatch, SessionPlayer, SessionTransfer
from games.services.ratings import ratings_recompute


class _ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class SessionPlayerInline(_ReadOnlyInline):
    model = SessionPlayer
    fields = ["number", "player"]


class SessionMatchInline(_ReadOnlyInline):
    model = SessionMatch
    fields = ["number", "match", "over"]


class SessionTransferInline(_ReadOnlyInline):
    model = SessionTransfer
    fields = ["number", "payer", "payee", "units", "amount", "paid_at"]


@admin.register(Session)
class SessionAdmin(admin.ModelAdmin):
    list_display = ["public_id", "club", "stake", "closed_at", "created_at"]
    list_filter = ["closed_at"]
    search_fields = ["public_id", "players__player__name"]
    readonly_fields = ["public_id", "owner", "club", "stake", "version", "closed_at"]
    fields = readonly_fields
    inlines = [SessionPlayerInline, SessionMatchInline, SessionTransferInline]

    def has_add_permission(self, request):
        return False  # an evening starts at the table (its edit key is shown once, there)


@admin.register(RatingList)
class RatingListAdmin(admin.ModelAdmin):
    list_display = ["club", "game", "dirty", "computed_at", "applied_count"]
    list_filter = ["game", "dirty"]
    readonly_fields = ["club", "game", "dirty", "requested_at", "computed_at", "applied_count"]
    fields = readonly_fields
    actions = ["recompute_from_scratch"]

    def has_add_permission(self, request):
        return False

    @admin.action(description=_("Recompute from scratch"))
    def recompute_from_scratch(self, request, queryset):
        for rating_list in queryset:
            ratings_recompute(list_id=rating_list.pk, from_scratch=True)
        self.message_user(
            request, _("%(n)d rating lists recomputed.") % {"n": queryset.count()}, messages.SUCCESS
        )
