"""The lists' pages: ``limit`` and ``offset`` as DRF reads them, kept within what the database
can count (an offset past 2**63 is an error in PostgreSQL, not an empty page)."""

from rest_framework.pagination import LimitOffsetPagination

MAX_OFFSET = 2**31


class Pages(LimitOffsetPagination):
    max_limit = 200

    def get_offset(self, request) -> int:
        return min(super().get_offset(request), MAX_OFFSET)
