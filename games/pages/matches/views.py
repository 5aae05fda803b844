"""The pages: start a match, the scoreboard with deal entry, corrections, settle-up."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpResponseForbidden
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from games import selectors
from games.pages import resend
from games.pages.access import (
    can_score,
    carries_keys,
    held_edit_key,
    held_match_ids,
    private,
    remember_edit_key,
    wrong_link,
)
from games.pages.games import deal_form_for, initial
from games.pages.matches.board import board, score_line, team_labels
from games.pages.matches.corrections import as_it_stands, correction_answer
from games.pages.matches.forms import MatchSetupForm, presets_for
from games.pages.matches.history import deal_link_base, history
from games.pages.matches.house_rules import house_rule_lines
from games.pages.qr import qr_svg
from games.pages.tournaments.display import is_pairs, match_table
from games.permissions import is_director
from games.rules import GAMES, MatchOver, RuleViolation, fold, get_game
from games.selectors.explanations import explains
from games.selectors.sessions import session_entry_of
from games.services import (
    Conflict,
    KeyTaken,
    NotFound,
    Refused,
    StaleVersion,
    deal_record,
    deal_undo,
    match_create,
    preset_find,
)
from games.services.deletions import may_delete_match
from games.services.table_keys import scoring_key_matches


def get_match(public_id: str):
    """The match with its seats and every deal."""
    match = selectors.match_get(public_id)
    if match is None:
        raise Http404(_("No match with this id."))
    return match


def get_match_head(public_id: str):
    """The match with its seats, no deal: the pages read the deals they show, no more."""
    match = selectors.match_head(public_id, seats=True)
    if match is None:
        raise Http404(_("No match with this id."))
    return match


@require_safe
def home(request):
    held = selectors.matches_visible_to(request.user, held_match_ids(request))[:20]
    rows = [{"match": m, "score": score_line(m)} for m in held]
    return render(request, "home.html", {"games": GAMES.values(), "matches": rows})


@require_http_methods(["GET", "HEAD", "POST"])
def match_new(request, game: str):
    engine = GAMES.get(game)
    if engine is None:
        raise Http404(_("Unknown game."))
    preset_key = request.POST.get("preset") or request.GET.get("preset") or ""
    preset = preset_find(preset_key) if preset_key else None
    if preset is not None and preset.game != game:
        preset = None
    base_rules = dict(preset.rules) if preset else {}
    start: dict[str, Any] = {"preset": preset.key if preset else ""}
    again = _played_before(request, game)
    if again is not None:
        # "Play again": the finished match's players, rules and stake, ready to start.
        base_rules = {**again.rules, "players": len(again.seats.all())}
        for seat, one in enumerate(again.seats.all()):
            start[f"player_{seat}"] = one.player.name
        if again.stake is not None:
            start["stake"] = again.stake
    players = base_rules.get("players", engine.Options().players)
    try:
        resolved = engine.options_to_data(engine.resolve_options(base_rules, players=players))
    except RuleViolation:
        resolved = engine.options_to_data(engine.resolve_options({}, players=players))
    form = MatchSetupForm(engine, request.POST or None, resolved=resolved, initial=start)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        known = known_players(request.user)
        try:
            created = match_create(
                game=game,
                players=[known.get(name.casefold(), name) for name in data["players"]],
                rules=form.rules(),
                stake=data.get("stake"),
                setup=form.setup(),
                owner=request.user,
                preset=preset.key if preset else None,
            )
        except RuleViolation as exc:
            form.add_rule_errors(exc)
        else:
            remember_edit_key(request, created.match, created.edit_key)
            url = reverse("pages:match", args=[created.match.public_id])
            return redirect(f"{url}#board")
    return render(
        request,
        "games/new.html",
        {
            "game": engine,
            "form": form,
            "presets": presets_for(engine, request.user),
            "preset": preset,
            "preset_lines": house_rule_lines(game, dict(preset.rules)) if preset else [],
            "known_names": sorted({p.name for p in selectors.players_known(request.user)}),
        },
        # A refused set-up is bad input, answered as such (the form at its fields).
        status=400 if form.errors else 200,
    )


def _played_before(request, game: str):
    """The match named by ``?again=``, when it is of this game (else nothing is filled in)."""
    public_id = request.GET.get("again", "") if request.method != "POST" else ""
    if not public_id or len(public_id) > 64:
        return None
    try:
        match = get_match_head(public_id)
    except Http404:
        return None
    return match if match.game == game else None


def known_players(user) -> dict[str, int]:
    """The known players ``user`` may seat, by name, for the names typed at the table; a name
    two of them share stays a guest's name, since it cannot tell them apart."""
    return selectors.players_by_unique_name((p.pk, p.name) for p in selectors.players_known(user))


@carries_keys
@require_safe
def match_edit_link(request, public_id: str, edit_key: str):
    """The edit link: opening it on a phone lets that phone score the match. A key that does
    not open the match is not kept: the phone keeps the key it held."""
    match = get_match_head(public_id)
    if not remember_edit_key(request, match, edit_key):
        return wrong_link(
            request,
            _("This edit link is not valid for this match."),
            back=reverse("pages:match", args=[public_id]),
            back_label=_("Back to the match"),
        )
    return redirect("pages:match", public_id=public_id)


def match_response(request, match, form=None, status: int = 200, poll_token: str | None = None):
    """The match page; the scorer's (its deal form, its edit link) is private. ``poll_token``:
    the live poll's token, read before the match (games.polls); read now if not given."""
    context = _match_context(request, match, form)
    context["poll_token"] = poll_token or selectors.match_poll_token(match.public_id) or ""
    response = render(request, "games/match.html", context, status=status)
    return private(response) if context["can_score"] or "edit_url" in context else response


def _match_context(request, match, form=None) -> dict[str, Any]:
    engine = get_game(match.game)
    # The latest deals with the totals after each, as stored; the earlier ones are a tap away.
    rows = history(match, selectors.deals_with_totals(match))
    played = rows[-1]["number"] if rows else 0
    scorer = can_score(request, match)
    seats = list(match.seats.all())
    names = [seat.player.name for seat in seats]
    options = engine.options_from_data(match.rules)
    share_url = request.build_absolute_uri(reverse("pages:match", args=[match.public_id]))
    teams = engine.teams(options)
    context = {
        "match": match,
        "game": engine,
        "names": names,
        "state": match.state,
        "rules": match.rules,
        "options": options,
        "history": rows,
        "earlier": rows[0]["number"] - 1 if rows else 0,
        "next_number": played + 1,
        "last_deal": rows[-1] if rows else None,
        "fresh": request.GET.get("entered") == "1",
        "form_key": resend.new_form_key(),
        "can_score": scorer,
        "share_url": share_url,
        "share_qr": qr_svg(share_url),
        "team_labels": team_labels(teams, names),
        "deal_base": deal_link_base(request, match),
        # Each deal's line links its explanation (games/pages/matches/deal_page.py).
        "explained": explains(match),
        "board": board(match.game, match.state, names, teams, match.stake, match.rules),
        # The money games' settle-up; the final ranking where the lowest total wins.
        "settle_up": engine.money and engine.plays_for_money(options),
        "ranking": engine.lowest_wins(options),
    }
    if scorer:
        key = held_edit_key(request, match)
        if key:
            edit_url = request.build_absolute_uri(
                reverse("pages:edit-link", args=[match.public_id, key])
            )
            context.update(edit_url=edit_url, edit_qr=qr_svg(edit_url))
        if not match.finished:
            context["form"] = form or deal_form_for(match, match.state)
    context["in_session"] = session_entry_of(match)
    # Issue 31: the guests' names of a friendly match left untouched went after the retention
    # time; the page says so. Deleting is offered where the service would allow it.
    context["names_forgotten"] = any(s.player.erased_at and not s.player.known for s in seats)
    context["guest_days"] = settings.GUEST_NAME_RETENTION_DAYS
    context["can_delete"] = may_delete_match(
        match, edit_key=held_edit_key(request, match), user=request.user
    )
    if context["in_session"] is not None and context["in_session"].session.closed_at is not None:
        # A settled evening is final: its matches take no deal, correction or undo.
        context.pop("form", None)
        context["can_score"] = False
        context["evening_closed"] = True
    table = match_table(match)
    if table is not None or context["in_session"] is not None:
        context["can_delete"] = False
    if table is not None:
        context["table"] = table
        tournament = table.round.tournament
        if tournament.round_kind == "deals" and played >= (
            tournament.deals_per_round or played + 1
        ):
            # The round is over: the table would only be refused another deal.
            context.pop("form", None)
            context["round_over"] = tournament.deals_per_round
        # The other side confirms on its own phone (the confirmation key), never this one.
        context["awaiting_confirmation"] = bool(played) and table.confirmed_at is None
        # A table without sides: another player confirms, so the scoring phone (the one that
        # holds the table's scoring link, not a director's) says once who scores on it; a
        # wrong name is changed (folded away) until the result is confirmed.
        context["individual_table"] = not is_pairs(tournament)
        if (
            context["individual_table"]
            and scoring_key_matches(table, held_edit_key(request, match))
            and table.confirmed_at is None
        ):
            context["ask_scorer"] = list(enumerate(names))
        if (
            scorer
            and table.confirmed_at is not None
            and not is_director(tournament.club, request.user)
        ):
            # A confirmed result is locked for the table's phone: it may only ask to reopen.
            context.pop("form", None)
            context["can_score"] = False
            context["can_reopen"] = True
    return context


@require_safe
def match_page(request, public_id: str):
    poll_token = selectors.match_poll_token(public_id)  # before the match: games.polls
    return match_response(request, get_match_head(public_id), poll_token=poll_token)


@require_safe
def match_history(request, public_id: str):
    """Earlier deals, a page of them at a time (``?upto=N``: the page that ends at deal N),
    newest first like the match page, with links to the pages before and after."""
    match = get_match_head(public_id)
    upto = _int(request.GET.get("upto"))
    rows = history(match, selectors.deals_with_totals(match, upto=upto, count=HISTORY_PAGE))
    if not rows:
        raise Http404(_("No deals there."))
    last = selectors.last_deal_number(match)
    first = rows[0]["number"]
    engine = get_game(match.game)
    names = [seat.player.name for seat in match.seats.all()]
    return render(
        request,
        "games/history.html",
        {
            "match": match,
            "game": engine,
            "names": names,
            "history": rows,
            "team_labels": team_labels(engine.teams(engine.options_from_data(match.rules)), names),
            "can_score": can_score(request, match),
            "deal_base": deal_link_base(request, match),
            "explained": explains(match),
            "first": first,
            "last": rows[-1]["number"],
            "earlier": first - 1,
            "later": min(rows[-1]["number"] + HISTORY_PAGE, last)
            if rows[-1]["number"] < last
            else None,
        },
    )


HISTORY_PAGE = 50


@require_POST
def deal_new(request, public_id: str):
    match = get_match_head(public_id)
    if not can_score(request, match):
        return HttpResponseForbidden(_("Only a phone with the edit link can score this match."))
    # The new totals and the next deal's entry, on the screen at once; the deal just entered is
    # the line between them, highlighted for a moment.
    entered = reverse("pages:match", args=[public_id]) + "?entered=1#board"
    form = deal_form_for(match, match.state, data=request.POST)
    refusal = None
    if form.is_valid():
        try:
            deal_record(
                match=match,
                raw=form.to_input(),
                expected_version=_int(request.POST.get("version")),
                edit_key=held_edit_key(request, match),
                user=request.user,
                idempotency=resend.form_idempotency(request),
            )
        except RuleViolation as exc:
            form.add_rule_errors(exc.errors)
        except (KeyTaken, StaleVersion, Conflict, MatchOver, Refused) as exc:
            refusal = exc
        else:
            return redirect(entered)
    # Refused, or its key taken: a form sent before, which recorded its deal, says so.
    done = resend.recorded_deal(request, match, taken=isinstance(refusal, KeyTaken))
    if done is not None:
        messages.info(request, _("Deal %(n)d was recorded.") % {"n": done})
        return redirect(entered)
    if isinstance(refusal, StaleVersion):
        return _another_phone_scored(request, public_id, form)
    if refusal is not None:
        messages.error(request, str(refusal))
        return redirect("pages:match", public_id=public_id)
    return match_response(request, match, form, status=400)


def _another_phone_scored(request, public_id: str, form):
    """Another phone entered a deal since this one drew its page: the page shows that deal
    and the refused entry, filled in again, to be entered with one tap if it still holds."""
    match = get_match_head(public_id)
    latest = selectors.last_deal_number(match)
    messages.warning(
        request,
        _(
            "Another phone entered deal %(n)d meanwhile (just above). Yours was not entered: "
            "it is filled in below. Enter it if it is another deal."
        )
        % {"n": latest or 0},
    )
    fresh = deal_form_for(match, match.state, data=request.POST)
    fresh.is_valid()  # shows the entry as it was chosen
    return match_response(request, match, fresh, status=409)


def _int(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


@carries_keys
@require_http_methods(["GET", "HEAD", "POST"])
def deal_edit(request, public_id: str, number: int):
    """A correction: the deal's form, started from the deal as it stands. What the players tap
    is asked back with its before and after (as an undo is); only the confirmation writes."""
    match = get_match_head(public_id)
    if not can_score(request, match):
        return HttpResponseForbidden(_("Only a phone with the edit link can correct deals."))
    # The deal and the one before it, whose stored state is the state this deal was entered in.
    pair = selectors.deals_with_totals(match, upto=number, count=2) if number >= 1 else []
    if not pair or pair[-1].number != number:
        raise Http404
    engine = get_game(match.game)
    options = engine.options_from_data(match.rules)
    if len(pair) == 2 and pair[0].state:
        state_before = pair[0].state
    else:  # the first deal (or one stored before states were kept): replay what comes before
        inputs = selectors.deal_inputs_before(match, number)
        before, _steps = fold(engine, options, match.setup, inputs)
        state_before = engine.state_to_data(before)
    form = deal_form_for(
        match,
        state_before,
        data=request.POST or None,
        initial=initial(match.game, pair[-1].input),
    )
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                return correction_answer(request, match, number, form.to_input())
            except RuleViolation as exc:
                form.add_rule_errors(exc.errors)
            except (Conflict, NotFound, Refused) as exc:
                form.add_error(None, str(exc))
        status = 400
    names = [s.player.name for s in match.seats.all()]
    return render(
        request,
        "games/deal_edit.html",
        {
            "match": match,
            "game": engine,
            "number": number,
            "form": form,
            "state": state_before,
            "names": names,
            "options": options,
            "rules": match.rules,
            "team_labels": team_labels(engine.teams(options), names),
            "form_action": reverse("pages:deal-edit", args=[public_id, number]),
            "as_it_stands": as_it_stands(match, pair[-1]),
        },
        status=status,
    )


@carries_keys
@require_http_methods(["GET", "HEAD", "POST"])
def deal_undo_page(request, public_id: str, number: int):
    match = get_match_head(public_id)
    if not can_score(request, match):
        return HttpResponseForbidden(_("Only a phone with the edit link can undo deals."))
    if request.method == "POST":
        key = held_edit_key(request, match)
        try:
            deal_undo(match=match, number=number, edit_key=key, user=request.user)
        except (Conflict, NotFound, Refused) as exc:
            messages.error(request, str(exc))
        else:
            messages.success(request, _("Deal %(n)d undone.") % {"n": number})
        return redirect("pages:match", public_id=public_id)
    deal = selectors.match_deal(match, number)
    if deal is None:
        raise Http404
    return render(
        request,
        "games/confirm.html",
        {
            "match": match,
            "question": _("Undo deal %(number)s?") % {"number": number},
            "lines": [as_it_stands(match, deal)],
            "yes": _("Yes, undo it"),
        },
    )
