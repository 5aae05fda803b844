"""The lists' pages: ``limit`` and ``offset``, whole numbers, refused with a 400 naming them when
they are not (DRF would quietly read ``offset=null`` as 0), and kept within what the database
can count (an offset past 2**63 is an error in PostgreSQL, not an empty page)."""

from rest_framework.pagination import LimitOffsetPagination

from api.query import WholeNumber

MAX_OFFSET = 2**31
MAX_LIMIT = 200
DEFAULT_LIMIT = 50

LIMIT = WholeNumber(
    "limit",
    f"How many to list: {DEFAULT_LIMIT} by default; more than {MAX_LIMIT} lists {MAX_LIMIT}.",
    default=DEFAULT_LIMIT,
    minimum=1,
    cap=MAX_LIMIT,
)
OFFSET = WholeNumber("offset", "How many to skip first.", default=0, cap=MAX_OFFSET)


class Pages(LimitOffsetPagination):
    default_limit = DEFAULT_LIMIT
    max_limit = MAX_LIMIT

    def get_limit(self, request) -> int:
        return LIMIT.read(request)

    def get_offset(self, request) -> int:
        return OFFSET.read(request)

    def get_schema_operation_parameters(self, view):
        # drf-spectacular reads the pagination parameters from here.
        return [_as_dict(LIMIT), _as_dict(OFFSET)]


def _as_dict(number: WholeNumber) -> dict:
    return {
        "name": number.name,
        "required": False,
        "in": "query",
        "description": number.description,
        "schema": {"type": "integer", "minimum": number.minimum},
    }
