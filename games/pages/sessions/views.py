"""The evening's pages: start a session, its page (running totals, results, the balances
chart, the settle-up with paid marks), the next match in one tap, settling and closing.

Who may change a session: a browser holding its edit key (opened with its edit link, kept in
the browser's session like a match's, and remembered for every match of it), or its creator
signed in. Anyone with the share link reads it."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponseForbidden
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from games import selectors
from games.charts import Series, legend, line_chart
from games.pages.access import carries_keys, private, remember_edit_key, wrong_link
from games.pages.asking import ask, confirmed
from games.pages.errors import rule_messages as _messages
from games.pages.matches.scoreboard import lowest_first
from games.pages.matches.views import known_players
from games.pages.qr import qr_svg
from games.pages.sessions.forms import NextMatchForm, SessionNewForm
from games.permissions import edit_key_matches_session
from games.rules import RuleViolation
from games.selectors import sessions as reads
from games.services import Conflict, NotFound, Refused, StaleVersion
from games.services.sessions import (
    session_create,
    session_match_add,
    session_settle,
    session_transfer_paid,
)
from games.settlements import _stake_text

SESSION_KEYS = "session_keys"


def remember_session_key(request, session, key: str | None) -> bool:
    """Keeps the evening's key when it opens it (True); any other key is not kept."""
    if not edit_key_matches_session(session, key):
        return False
    keys = dict(request.session.get(SESSION_KEYS, {}))
    keys[session.public_id] = key
    request.session[SESSION_KEYS] = keys
    return True


def held_session_key(request, session) -> str | None:
    return request.session.get(SESSION_KEYS, {}).get(session.public_id)


def held_session_ids(request) -> list[str]:
    return list(request.session.get(SESSION_KEYS, {}))


def can_edit(request, session) -> bool:
    if edit_key_matches_session(session, held_session_key(request, session)):
        return True
    user = request.user
    return user.is_authenticated and session.owner_id == user.pk


def _remember_for_matches(request, session, key: str) -> None:
    """The session's key scores each of its matches: this phone scores them all."""
    for entry in session.entries.all():
        remember_edit_key(request, entry.match, key)


def _clubs_for(user) -> list[tuple[str, str]]:
    return [(c.slug, c.name) for c in selectors.clubs_of(user)]


@require_http_methods(["GET", "HEAD", "POST"])
def session_new(request):
    form = SessionNewForm(request.POST or None, clubs=_clubs_for(request.user), user=request.user)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        known = known_players(request.user)
        try:
            created = session_create(
                players=[known.get(name.casefold(), name) for name in data["players"]],
                stake=data.get("stake"),
                club=data.get("club") or None,
                owner=request.user,
                game=data["game"],
                preset=form.preset(),
            )
        except RuleViolation as exc:
            for key, value in exc.errors.items():
                if key == "preset":  # the game's row of house rules says it
                    key = f"rules_{data['game']}"
                target = key if key in form.fields else None
                for message in _messages(value):
                    form.add_error(target, message)
        else:
            session = created.session
            remember_session_key(request, session, created.edit_key)
            remember_edit_key(request, created.match, created.edit_key)
            return redirect(reverse("pages:match", args=[created.match.public_id]) + "#board")
    return render(request, "sessions/new.html", {"form": form}, status=400 if form.errors else 200)


def _get(public_id: str):
    session = reads.session_get(public_id)
    if session is None:
        raise Http404(_("No session with this id."))
    return session


def _chart(players, steps, key: str, title: str) -> tuple[str, list]:
    """A line a player over the evening's matches of one kind (``steps``: the totals after each),
    with its legend; nothing when there is none."""
    series = [Series(p["name"], [step[key][p["number"]] for step in steps]) for p in players]
    if not steps:
        return "", []
    return line_chart(series, title=title, x_label=_("match")), legend(series)


def _penalty_points(summary) -> dict:
    """An evening kept in penalty points (in part or whole): each player's points, lowest first
    when nothing is played for money, the chart, and the ranking of those who played."""
    players = summary["players"]
    matches = summary["matches"]
    money = any(m["money"] for m in matches)
    if not any(m["penalty"] for m in matches):
        return {"money": True}
    played = [p for p in players if p["points"] is not None]
    chart, key = _chart(
        played, summary["points_after"], "points", _("Penalty points after each match")
    )
    ranking = lowest_first([p["name"] for p in played], [p["points"] for p in played])
    shown = {
        "money": money,
        "penalty": True,
        "points_chart": chart,
        "points_legend": key,
        "ranking": ranking,
        "podium": [row for row in ranking if row["place"] <= 3],
    }
    if not money:
        unplayed = float("inf")
        shown["players"] = sorted(
            players, key=lambda p: unplayed if p["points"] is None else p["points"]
        )
    return shown


def _context(request, session, next_form=None) -> dict:
    summary = reads.session_summary(session)
    editable = can_edit(request, session)
    players = summary["players"]
    chart, key = _chart(
        players, summary["balances_after"], "units", _("Balances after each money match")
    )
    share_url = request.build_absolute_uri(reverse("pages:session", args=[session.public_id]))
    context = {
        "session": session,
        "summary": summary,
        "players": players,
        "can_edit": editable,
        "chart": chart,
        "legend": key,
        "share_url": share_url,
        "share_qr": qr_svg(share_url),
        "stake_text": None if session.stake is None else _stake_text(session.stake),
        **_penalty_points(summary),
    }
    if editable:
        key = held_session_key(request, session)
        if key:
            edit_url = request.build_absolute_uri(
                reverse("pages:session-edit-link", args=[session.public_id, key])
            )
            context.update(edit_url=edit_url, edit_qr=qr_svg(edit_url))
        if session.closed_at is None:
            entries = list(session.entries.all())
            last = entries[-1].match if entries else None
            context["next_form"] = next_form or NextMatchForm(
                user=request.user,
                last=last,
                players=[(p["number"], p["name"]) for p in players],
            )
    return context


def session_response(request, session, next_form=None, status: int = 200):
    """The evening's page; the one its editing phone sees (the edit link, the next match's
    form) is private."""
    context = _context(request, session, next_form)
    response = render(request, "sessions/session.html", context, status=status)
    return private(response) if context["can_edit"] else response


@require_safe
def session_page(request, public_id: str):
    return session_response(request, _get(public_id))


@carries_keys
@require_safe
def session_edit_link(request, public_id: str, edit_key: str):
    """The evening's edit link: this phone edits the evening and scores its matches. A key
    that does not open the evening is not kept: the phone keeps the keys it held."""
    session = _get(public_id)
    if not remember_session_key(request, session, edit_key):
        return wrong_link(
            request,
            _("This edit link is not valid for this session."),
            back=reverse("pages:session", args=[public_id]),
            back_label=_("The evening"),
        )
    _remember_for_matches(request, session, edit_key)
    return redirect("pages:session", public_id=public_id)


def _refuse(request, session):
    if not can_edit(request, session):
        return HttpResponseForbidden(_("Only a phone with the session's edit link can do this."))
    return None


@require_POST
def session_next(request, public_id: str):
    session = _get(public_id)
    refused = _refuse(request, session)
    if refused:
        return refused
    entries = list(session.entries.all())
    form = NextMatchForm(
        request.POST,
        user=request.user,
        last=entries[-1].match if entries else None,
        players=[(row.number, row.player.name) for row in session.players.all()],
    )
    if form.is_valid():
        try:
            _session, match = session_match_add(
                session=session,
                expected_version=_int(request.POST.get("version")),
                edit_key=held_session_key(request, session),
                user=request.user,
                **form.request(),
            )
        except RuleViolation as exc:
            for key, value in exc.errors.items():
                for message in _messages(value):
                    form.add_error("plays" if key == "seats" else None, message)
        except StaleVersion:
            messages.warning(request, _("Another phone changed the session meanwhile: look again."))
            return redirect("pages:session", public_id=public_id)
        except (Conflict, Refused) as exc:
            messages.error(request, str(exc))
            return redirect("pages:session", public_id=public_id)
        else:
            key = held_session_key(request, session)
            if key:
                remember_edit_key(request, match, key)
            return redirect(reverse("pages:match", args=[match.public_id]) + "#board")
    return session_response(request, _get(public_id), next_form=form, status=400)


@require_POST
def session_settle_page(request, public_id: str):
    """Settling closes the evening for good: asked first, with the transfers it fixes (or, in
    penalty points only, the ranking it fixes)."""
    session = _get(public_id)
    refused = _refuse(request, session)
    if refused:
        return refused
    if not confirmed(request) and session.closed_at is None:
        return _ask_settle(request, session)
    try:
        session_settle(
            session=session,
            expected_version=_int(request.POST.get("version")),
            edit_key=held_session_key(request, session),
            user=request.user,
        )
    except StaleVersion:
        messages.warning(request, _("Another phone changed the session meanwhile: look again."))
    except (Conflict, Refused) as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("The session is settled and closed."))
    return redirect(reverse("pages:session", args=[public_id]) + "#settle")


def _ask_settle(request, session):
    summary = reads.session_summary(session)
    shown = _penalty_points(summary)
    money = shown["money"]
    return ask(
        request,
        question=_("Settle and close the evening?") if money else _("Close the evening?"),
        lines=[
            _(
                "Settling closes the evening: the transfers are fixed and no match or deal of "
                "it changes afterwards."
            )
            if money
            else _(
                "Closing the evening fixes its ranking: no match or deal of it changes afterwards."
            )
        ],
        yes=_("Yes, settle and close") if money else _("Yes, close it"),
        no=_("No, keep playing"),
        back=reverse("pages:session", args=[session.public_id]) + "#settle",
        template="sessions/settle.html",
        extra={"summary": summary, **shown},
        seen={"version": session.version},
    )


@require_POST
def session_paid_page(request, public_id: str, number: int):
    session = _get(public_id)
    refused = _refuse(request, session)
    if refused:
        return refused
    paid = request.POST.get("paid", "1") != "0"
    try:
        session_transfer_paid(
            session=session,
            number=number,
            paid=paid,
            edit_key=held_session_key(request, session),
            user=request.user,
        )
    except (Conflict, NotFound, Refused) as exc:
        messages.error(request, str(exc))
    return redirect(reverse("pages:session", args=[public_id]) + "#settle")


def _int(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None
