"""A tournament table at play: its printed card (a scoring half and a confirmation half), the
other side's confirmation or dispute from its own phone, and a director's confirmation."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponseForbidden
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from games import selectors
from games.models import Round, Table
from games.pages.access import (
    carries_keys,
    directed_tournament,
    held_confirm_key,
    held_edit_key,
    remember_confirm_key,
    wrong_link,
)
from games.pages.asking import ask, confirmed, sent_by_script
from games.pages.errors import first_message
from games.pages.matches.views import get_match
from games.pages.qr import qr_svg
from games.pages.tournaments.display import (
    director_url,
    is_pairs,
    match_table,
    said_by,
    table_links,
    table_row,
    table_scores,
)
from games.pages.tournaments.forms import ConfirmForm, DisputeForm
from games.pages.words import isolated
from games.rules import GAMES, RuleViolation
from games.services import Conflict, Refused
from games.services.tables import (
    Confirmer,
    check_confirmer,
    check_reopener,
    check_swap_sides,
    check_swapper,
    confirming_names,
    scoring_names,
    table_confirm,
    table_dispute,
    table_reopen,
    table_scorer_set,
    table_swap_sides,
)
from scorekeeper.shortcuts import found_or_404


@carries_keys
@login_required
@require_safe
def table_cards(request, public_id: str, number: int):
    """A card for every table of a round, to print and cut in two: the scoring half (its
    players in seat order and the link that enters the deals) for one side, the confirmation
    half (the link that confirms or disputes the result) for the other."""
    tournament = directed_tournament(request, public_id)
    this_round = found_or_404(selectors.round_find(tournament, number), Round)
    names = selectors.entrant_names(tournament)
    cards, byes = [], []
    for table in selectors.tournament_tables(tournament, [this_round], seats=True):
        links = table_links(request, table)
        row = table_row(tournament, table, names, links=links)
        if links:
            row["qr"] = qr_svg(links["scoring"])
            row["confirm_qr"] = qr_svg(links["confirmation"])
            # A table of partnerships: the card says which side scores and which confirms.
            row["scoring_names"] = scoring_names(table)
            row["confirming_names"] = confirming_names(table) if row["scoring_names"] else []
            cards.append(row)
        else:
            byes.append(row)
    return render(
        request,
        "tournaments/cards.html",
        {
            "tournament": tournament,
            "pairs": is_pairs(tournament),
            "game": GAMES.get(tournament.game),
            "round": this_round,
            "cards": cards,
            "byes": byes,
        },
    )


@login_required
@require_POST
def director_confirm(request, public_id: str, number: int, table: int):
    """A director confirms a table's result, which also settles a dispute."""
    tournament = directed_tournament(request, public_id)
    found = found_or_404(selectors.table_at(tournament, number, table), Table)
    try:
        user = request.user
        by = user.get_full_name() or user.get_username()
        table_confirm(table=found, by=by, confirmer=Confirmer(director=user))
    except Conflict as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request,
            _("Round %(round)d, table %(table)d confirmed.") % {"round": number, "table": table},
        )
    return redirect(director_url(tournament, f"round-{number}"))


# --- the other side's phone --------------------------------------------------------------------


def _table_of(match) -> Table:
    table = match_table(match)
    if table is None:
        raise Http404(_("This match is not played at a tournament table."))
    return table


@carries_keys
@require_safe
def confirm_link(request, public_id: str, confirm_key: str):
    """The confirmation half's link: this phone may now confirm or dispute the result. The
    key, once checked, goes into the session, and the page it leads to carries no key in its
    address; a key that is not the table's is not kept."""
    table = _table_of(get_match(public_id))
    if not remember_confirm_key(request, table, confirm_key):
        return wrong_link(
            request,
            _("This confirmation link is not valid for this table."),
            back=reverse("pages:match", args=[public_id]),
            back_label=_("Back to the match"),
        )
    return redirect("pages:table-confirm", public_id=public_id)


NOT_THE_OTHER_SIDE = _lazy(
    "Only the other side's phone, opened with the table's confirmation link, confirms or "
    "disputes this result."
)
# A table without sides (an individual event): anyone at the table but the one who scored.
NOT_ANOTHER_PLAYER = _lazy(
    "Only another player's phone, opened with the table's confirmation link, confirms or "
    "disputes this result."
)


def _not_allowed(table: Table) -> HttpResponseForbidden:
    pairs = is_pairs(table.round.tournament)
    return HttpResponseForbidden(NOT_THE_OTHER_SIDE if pairs else NOT_ANOTHER_PLAYER)


def _side_of(request, public_id: str):
    """The match, its table, and who speaks for the result from this phone (None: nobody)."""
    match = get_match(public_id)
    table = _table_of(match)
    try:
        key = held_confirm_key(request, table.match)
        return match, table, check_confirmer(table=table, key=key, user=request.user)
    except Refused:
        return match, table, None


def _confirm_context(request, match, table, confirm_form=None, dispute_form=None):
    names = confirming_names(table)
    tournament = table.round.tournament
    return {
        "match": match,
        "table": table,
        "scoring_names": scoring_names(table),
        "confirming_names": names,
        "tournament": tournament,
        "game": GAMES.get(match.game),
        "scores": table_scores(tournament, table),
        "deals": len(match.deals.all()),
        "confirm_form": confirm_form or ConfirmForm(names=names),
        "dispute_form": dispute_form or DisputeForm(names=names),
    }


@carries_keys
@require_http_methods(["GET", "HEAD", "POST"])
def confirm_page(request, public_id: str):
    """What the other side confirms (each player's or side's result and the number of deals),
    then one tap on their own name; or a dispute with its reason."""
    match, table, confirmer = _side_of(request, public_id)
    if confirmer is None:
        return _not_allowed(table)
    names = confirming_names(table)
    if request.method != "POST":
        return render(request, "tournaments/confirm.html", _confirm_context(request, match, table))
    form = ConfirmForm(request.POST, names=names)
    if form.is_valid():
        try:
            table_confirm(table=table, by=form.cleaned_data["by"], confirmer=confirmer)
        except Conflict as exc:
            messages.error(request, str(exc))
        except RuleViolation as exc:
            form.add_error("by", first_message(exc))
        else:
            messages.success(request, _("Confirmed by %(by)s.") % {"by": form.cleaned_data["by"]})
            return redirect("pages:table-confirm", public_id=public_id)
    context = _confirm_context(request, match, table, confirm_form=form)
    return render(request, "tournaments/confirm.html", context, status=400)


@carries_keys
@require_POST
def dispute_page(request, public_id: str):
    match, table, confirmer = _side_of(request, public_id)
    if confirmer is None:
        return _not_allowed(table)
    names = confirming_names(table)
    form = DisputeForm(request.POST, names=names)
    if form.is_valid():
        data = form.cleaned_data
        try:
            table_dispute(table=table, by=data["by"], reason=data["reason"], confirmer=confirmer)
        except Conflict as exc:
            messages.error(request, str(exc))
        except RuleViolation as exc:
            form.add_error(None, first_message(exc))
        else:
            messages.warning(
                request, _("Disputed: the directors have been told and will settle it.")
            )
            return redirect("pages:table-confirm", public_id=public_id)
    context = _confirm_context(request, match, table, dispute_form=form)
    return render(request, "tournaments/confirm.html", context, status=400)


@require_POST
def reopen_page(request, public_id: str):
    """The scoring phone reopens its confirmed result to correct a deal; the other side then
    confirms again. Asked first: the result stops counting at once."""
    match = get_match(public_id)
    table = _table_of(match)
    try:
        reopener = check_reopener(table=table, key=held_edit_key(request, match), user=request.user)
        if not confirmed(request) and table.confirmed_at is not None:
            if sent_by_script(request):
                # Kept without signal before it was asked, and sent by the phone's script.
                raise Conflict(_("This reopening was not confirmed: tap Reopen to correct again."))
            return _ask_reopen(request, match, table)
        table_reopen(table=table, by="", confirmer=reopener)
    except Refused as exc:
        return HttpResponseForbidden(str(exc))
    except Conflict as exc:
        messages.error(request, str(exc))
    else:
        messages.warning(
            request,
            _("Reopened: correct the deals, then the other side confirms the result again.")
            if is_pairs(table.round.tournament)
            else _(
                "Reopened: correct the deals, then another player at the table confirms the "
                "result again."
            ),
        )
    return redirect("pages:match", public_id=public_id)


def _ask_reopen(request, match, table: Table):
    pairs = is_pairs(table.round.tournament)
    said = {"by": isolated(said_by(table.confirmed_by))}
    return ask(
        request,
        question=_("Reopen the result of round %(round)d, table %(table)d?")
        % {"round": table.round.number, "table": table.number},
        lines=[
            _(
                "The result confirmed by %(by)s stops counting until the other side confirms it "
                "again."
            )
            % said
            if pairs
            else _(
                "The result confirmed by %(by)s stops counting until another player at the table "
                "confirms it again."
            )
            % said,
            _(
                "Correct the deals meanwhile. The result is shown as changed after confirmation "
                "only if its deals end up different."
            ),
        ],
        yes=_("Yes, reopen it"),
        back=reverse("pages:match", args=[match.public_id]),
    )


@require_POST
def scorer_page(request, public_id: str):
    """The scoring phone says, once, who enters the deals on it: at a table without sides the
    confirmation then asks the other players only."""
    match = get_match(public_id)
    table = _table_of(match)
    try:
        table_scorer_set(
            table=table,
            seat=_seat(request.POST.get("scorer")),
            key=held_edit_key(request, match),
            user=request.user,
        )
    except Refused as exc:
        return HttpResponseForbidden(str(exc))
    except (Conflict, RuleViolation) as exc:
        messages.error(request, first_message(exc))
    return redirect(reverse("pages:match", args=[public_id]) + "#board")


def _seat(value) -> int | None:
    return int(value) if isinstance(value, str) and value.isdigit() and len(value) < 4 else None


@carries_keys
@require_POST
def swap_page(request, public_id: str):
    """The cards went to the wrong sides: either phone of the table swaps them, once."""
    match = get_match(public_id)
    table = _table_of(match)
    key = held_confirm_key(request, match) or held_edit_key(request, match)
    try:
        swapper = check_swapper(table=table, key=key, user=request.user)
        if not confirmed(request):
            check_swap_sides(table=table)
            return _ask_swap(request, match, table)
        table = table_swap_sides(table=table, confirmer=swapper)
    except Refused as exc:
        return HttpResponseForbidden(str(exc))
    except Conflict as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request,
            _("Sides swapped: %(names)s confirm the result.")
            % {"names": " & ".join(confirming_names(table))},
        )
    return redirect("pages:table-confirm", public_id=public_id)


def _ask_swap(request, match, table: Table):
    """Once swapped, the sides stay swapped: asked first, naming who confirms then."""
    scoring = " & ".join(isolated(name) for name in scoring_names(table))
    return ask(
        request,
        question=_("Swap the sides?"),
        lines=[
            _("Then %(names)s confirm instead. The sides swap once.") % {"names": scoring},
        ],
        yes=_("Yes, swap the sides"),
        back=reverse("pages:table-confirm", args=[match.public_id]),
    )
