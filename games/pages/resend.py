"""A page form sent twice records once, as the API's Idempotency-Key does, and in the same way
(``games.services.idempotency``): each deal form carries a key made when the page was drawn, and
the deal's service keeps its answer under that key, in the deal's own statement. When the answer
to a deal is lost (the phone says "No internet") and the player reloads, or a thumb taps twice,
the form comes again with the same key: refused (the match moved on) or finding its key taken,
it finds the deal it already recorded and says so, instead of recording it again or asking to
enter it again."""

from __future__ import annotations

import secrets

from games import selectors
from games.services import Idempotency, IdempotencyKey, idempotency_kept

FIELD = "form_key"
MIN_LENGTH = 22


def new_form_key() -> str:
    return secrets.token_urlsafe(16)  # 128 bits: only the phone that drew the page has it


def form_idempotency(request) -> Idempotency | None:
    """The form's key as the deal's service takes it (None: a form without one)."""
    raw = request.POST.get(FIELD, "")
    if not MIN_LENGTH <= len(raw) <= 64:
        return None
    return Idempotency(
        scope=f"PAGE {request.path}", key=IdempotencyKey(raw=raw, caller="page"), fingerprint=""
    )


def recorded_deal(request, match, *, taken: bool = False) -> int | None:
    """The number of the deal this very form recorded, if it was sent before. ``taken``: its
    key was found taken (the same form, sent again while the first was at work), so a deal was
    recorded, whatever its answer says."""
    idempotency = form_idempotency(request)
    kept = None if idempotency is None else idempotency_kept(idempotency)
    if kept is None or kept.answer is None or not isinstance(kept.answer.body, dict):
        return selectors.deal_count(match) if taken else None
    body = kept.answer.body
    # A form sent before the pages kept the deal's whole answer kept {"deal": n} (24 hours).
    return body.get("number", body.get("deal"))
