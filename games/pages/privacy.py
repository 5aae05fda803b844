"""The privacy page (issue 31): what the service keeps, who sees it and for how long, how to
take or erase it, and that the operator's logs hold no names or keys. Linked from every page's
foot; its words are in every language's catalogue."""

from __future__ import annotations

from django.conf import settings
from django.shortcuts import render
from django.views.decorators.http import require_safe


@require_safe
def privacy_page(request):
    return render(request, "privacy.html", {"guest_days": settings.GUEST_NAME_RETENTION_DAYS})
