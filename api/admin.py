from django.contrib import admin

from .models import ApiToken


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """Tokens can be seen and revoked here; their keys were shown once and are not kept."""

    list_display = ["user", "created_at", "last_used_at"]
    readonly_fields = ["user", "digest", "created_at", "last_used_at"]

    def has_add_permission(self, request) -> bool:
        return False
