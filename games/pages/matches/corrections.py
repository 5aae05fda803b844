"""Corrections in the players' words. On the phone a correction is asked before it is made, as
an undo is: the deal as it stands, then its before and after ("Deal 6: 7 – 4 → 3 – 8") and what
it changes of who won, with one tap to confirm. On the director's page each logged correction
says what the deal was and became, as the history says it."""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from games import selectors
from games.models import Correction, Tournament
from games.pages.access import held_edit_key
from games.pages.games import summary, table_of
from games.pages.matches.history import changes, history, totals_of, verdicts
from games.pages.tournaments.display import said_by
from games.rules import MatchOver, RuleViolation, get_game
from games.services import Conflict, StaleVersion, deal_replace
from games.services.deals import check_deal_replace


@dataclass(frozen=True)
class Asked:
    """A correction to confirm: its question, the lines that say what it changes, and the
    version of the match they were worked out at."""

    question: str
    lines: list[str]
    version: int


def correction_asked(match, number: int, raw: dict[str, Any], user: Any) -> Asked | None:
    """What the players confirm before deal ``number`` becomes ``raw`` (None: it already is).
    Checked and worked out as ``deal_replace`` would, without writing; a refusal raises the
    service's own error."""
    plan = check_deal_replace(match=match, number=number, raw=raw, user=user)
    if plan.unchanged:
        return None
    engine = get_game(match.game)
    first = plan.steps[0]
    corrected = SimpleNamespace(
        number=number,
        input=raw,
        outcome=first.outcome,
        state=engine.state_to_data(first.state),
    )
    was, becomes = history(match, [plan.target, corrected])
    lines = [
        _("Deal %(n)s: %(change)s")
        % {"n": number, "change": _arrow(was["summary"], becomes["summary"])}
    ]
    if was["totals"] != becomes["totals"]:
        change = _arrow(was["totals"], becomes["totals"])
        lines.append(_("Totals after it: %(change)s") % {"change": change})
    if number < match.last_number:
        table = table_of(match)
        options = engine.options_from_data(match.rules)
        now_before = totals_of(engine, options, match.state, table)
        now_after = totals_of(engine, options, engine.state_to_data(plan.state), table)
        if now_before != now_after:
            change = _arrow(now_before, now_after)
            lines.append(_("Totals now: %(change)s") % {"change": change})
    outcomes = selectors.deal_outcomes(match)
    moved = {step.number: step.outcome for step in plan.steps}
    after = [(n, moved.get(n, outcome)) for n, outcome in outcomes]
    final = engine.state_to_data(plan.state)
    lines += changes(verdicts(match, outcomes), verdicts(match, after, state=final))
    return Asked(
        question=_("Correct deal %(number)s?") % {"number": number},
        lines=lines,
        version=match.version,
    )


def correction_answer(request, match, number: int, raw: dict[str, Any]):
    """The answer to a correction sent from its page: asked back with its before and after (a
    page to confirm), or, confirmed, made (then the match page). A refusal raises the
    service's error for the form to show."""
    if request.POST.get("confirm"):
        was = verdicts(match, selectors.deal_outcomes(match))
        try:
            # Confirmed on the page that showed its before and after: made only while the match
            # is as it was then. Confirmed without signal: as the phone left it.
            deal_replace(
                match=match,
                number=number,
                raw=raw,
                expected_version=_version(request.POST.get("seen")),
                edit_key=held_edit_key(request, match),
                user=request.user,
            )
        except StaleVersion:
            messages.warning(
                request,
                _(
                    "Another phone changed the match meanwhile: here is the correction as it "
                    "stands now."
                ),
            )
            match = selectors.match_head(match.public_id, seats=True)
        else:
            messages.success(request, _("Deal %(n)d corrected.") % {"n": number})
            match = selectors.match_head(match.public_id, seats=True)
            # A correction that changes who won says so, before and after.
            for line in changes(was, verdicts(match, selectors.deal_outcomes(match))):
                messages.warning(request, line)
            return redirect("pages:match", public_id=match.public_id)
    elif request.headers.get("Sec-Fetch-Mode", "navigate") != "navigate":
        # Kept on the phone without signal before it could be asked, and now sent by its
        # script: nobody has seen what it changes. Refused in words the phone shows.
        raise Conflict(
            _("This correction was not confirmed: open deal %(n)s's correction again.")
            % {"n": number}
        )
    asked = correction_asked(match, number, raw, request.user)
    if asked is None:
        messages.info(request, _("Nothing to correct: deal %(n)s stays as it was.") % {"n": number})
        return redirect("pages:match", public_id=match.public_id)
    # The entry as tapped goes along, unseen, with the version its before and after are of.
    kept = [
        (name, value)
        for name, values in request.POST.lists()
        if name not in ("csrfmiddlewaretoken", "confirm", "seen")
        for value in values
    ]
    return render(
        request,
        "games/confirm.html",
        {
            "match": match,
            "question": asked.question,
            "lines": asked.lines,
            "fields": [*kept, ("seen", asked.version), ("confirm", "1")],
            "yes": _("Yes, correct it"),
        },
    )


def _version(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _arrow(before: str, after: str) -> str:
    """Before and after, in the reading order of the page's language."""
    return _("%(before)s → %(after)s") % {"before": before, "after": after}


def as_it_stands(match, deal) -> str:
    """The deal as it stands, in the history's words: what a correction starts from."""
    engine = get_game(match.game)
    return summary(
        match.game,
        deal.input,
        deal.outcome,
        table_of(match),
        engine.options_from_data(match.rules),
    )


# --- the corrections log ------------------------------------------------------------------------


def corrections_of(tournament: Tournament, limit: int = 200) -> list[dict[str, Any]]:
    """The tournament's corrections, newest first, each in words: where, who, what."""
    rows = selectors.tournament_corrections(tournament, limit=limit)
    states = selectors.states_before(
        (c.table.match_id, c.deal_number) for c in rows if c.deal_number and c.table.match_id
    )
    return [
        {
            "round": c.table.round.number,
            "table": c.table.number,
            "deal": c.deal_number,
            "action": c.action,
            "by": said_by(c.by),
            "at": c.at,
            "change": change_in_words(c, states),
        }
        for c in rows
    ]


def change_in_words(correction: Correction, states: dict[tuple[int, int], dict]) -> str:
    """What a logged correction did to its deal, as the history says a deal: "Rik Anna with
    Cor: 8 tricks, made → Rik Anna with Cor: 9 tricks, made". A reopening names who had
    confirmed the result."""
    if correction.action == "reopen":
        confirmed = (correction.before or {}).get("confirmed_by")
        return _("confirmed by %(who)s before") % {"who": confirmed} if confirmed else ""
    match = correction.table.match
    if match is None:
        return ""
    state = states.get((match.pk, correction.deal_number))
    before, after = (
        _deal_in_words(match, raw, state) for raw in (correction.before, correction.after)
    )
    if before is None:
        return after or ""
    if after is None:
        return before
    return _arrow(before, after)


def _deal_in_words(match, raw: Any, state: dict | None) -> str | None:
    """A deal's entry in the history's words, scored from the state before it as it stands
    now; an entry that no longer scores there is said as such, never as raw data."""
    if raw is None:
        return None
    engine = get_game(match.game)
    options = engine.options_from_data(match.rules)
    start = (
        engine.state_from_data(state, options)
        if state
        else engine.initial_state(options, match.setup)
    )
    try:
        outcome = engine.record(raw, state=start, options=options).outcome
    except (RuleViolation, MatchOver, KeyError, TypeError, ValueError):
        return _("an entry that no longer fits")
    return summary(match.game, raw, outcome, table_of(match), options)
