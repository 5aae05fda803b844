"""The API's side of ``games.permissions``: who asks a write comes as plain facts, the edit key
in the X-Edit-Key header and the user signed in; the services check them on the row they lock,
and a refusal is a 403 (api.exceptions)."""

EDIT_KEY_HEADER = "X-Edit-Key"


def edit_key_of(request) -> str | None:
    """The edit key the request holds (None without the header)."""
    return request.headers.get(EDIT_KEY_HEADER)
