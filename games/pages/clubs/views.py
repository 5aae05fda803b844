"""Accounts and clubs: signing in, out and up, founding a club, and the club's page for its
directors (its directors, its members, its house rules and its tournaments). Every write goes
through the club services; a refusal re-renders the form with the message next to its field."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.decorators import method_decorator
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from games import selectors
from games.audit import refused
from games.models import Club
from games.pages.asking import ask, confirmed
from games.pages.clubs.forms import (
    ClubForm,
    ClubRulesForm,
    DirectorForm,
    MembersForm,
    MergeForm,
    SignUpForm,
)
from games.pages.matches.house_rules import house_rule_lines
from games.pages.tournaments.director import director_home_context
from games.pages.tournaments.display import with_game_names
from games.pages.words import isolated
from games.permissions import is_director
from games.rules import GAMES, RuleViolation
from games.services import (
    Conflict,
    club_create,
    club_director_add,
    club_members_add_many,
    player_merge,
    preset_create,
)
from games.services.clubs import check_merge
from scorekeeper.shortcuts import found_or_404
from scorekeeper.sign_in import SignInForm
from scorekeeper.throttling import SignUpThrottle, throttle_posts

# --- signing in and up -------------------------------------------------------------------------


@method_decorator(throttle_posts(), name="dispatch")
class SignInView(auth_views.LoginView):
    template_name = "registration/login.html"
    authentication_form = SignInForm  # tells the rate limits which tries failed
    next_page = "pages:director"
    redirect_authenticated_user = True

    def form_invalid(self, form):
        # A refused sign-in is bad input like any refused form: 400, the form with its error.
        response = super().form_invalid(form)
        response.status_code = 400
        return response


class SignOutView(auth_views.LogoutView):
    next_page = "pages:home"


def _next_url(request) -> str:
    """Where to go once signed up: a ``next`` on this site, else the director's home."""
    wanted = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return wanted
    return reverse("pages:director")


@require_http_methods(["GET", "HEAD", "POST"])
@throttle_posts((SignUpThrottle,))
def sign_up(request):
    if request.user.is_authenticated:
        return redirect(_next_url(request))
    form = SignUpForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            user = form.save()
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(
                request,
                _("Welcome, %(username)s: your account is ready.")
                % {"username": user.get_username()},
            )
            return redirect(_next_url(request))
        status = 400
    return render(
        request,
        "registration/signup.html",
        {"form": form, "next": request.POST.get("next") or request.GET.get("next", "")},
        status=status,
    )


# --- founding a club ---------------------------------------------------------------------------


def club_url(club: Club, anchor: str = "") -> str:
    url = reverse("pages:club", args=[club.slug])
    return f"{url}#{anchor}" if anchor else url


@login_required
@require_POST
def club_new(request):
    form = ClubForm(request.POST)
    if form.is_valid():
        try:
            club = club_create(name=form.cleaned_data["name"], director=request.user)
        except RuleViolation as exc:
            form.add_rule_errors(exc)
        else:
            messages.success(
                request,
                _("%(club)s is founded: add its members and its other directors.")
                % {"club": club.name},
            )
            return redirect(club_url(club))
    context = director_home_context(request.user, club_form=form)
    return render(request, "tournaments/director_home.html", context, status=400)


# --- the club's page ---------------------------------------------------------------------------


def _directed_club(request, slug: str) -> Club:
    """The club, for its directors; anybody else is refused."""
    club = found_or_404(selectors.club_find(slug), Club)
    if not is_director(club, request.user):
        refused(request.user, f"{request.method} {request.path}", club)
        raise PermissionDenied(_("Only the club's directors see its page."))
    return club


def _club_context(
    club: Club,
    *,
    user: Any,
    members: list | None = None,
    director_form: DirectorForm | None = None,
    members_form: MembersForm | None = None,
    merge_form: MergeForm | None = None,
    rules_form: ClubRulesForm | None = None,
) -> dict[str, Any]:
    directors = selectors.club_directors(club)
    members = selectors.club_members(club) if members is None else members
    presets = with_game_names(selectors.club_presets(club))
    for preset in presets:
        preset.lines = house_rule_lines(preset.game, preset.rules)
    tournaments = with_game_names(selectors.club_tournaments(club))
    # "Erase at their request" is offered for the members this director may erase alone.
    elsewhere = selectors.members_of_clubs_not_directed(club, user)
    for member in members:
        member.erasable = member.erased_at is None and member.pk not in elsewhere
    return {
        "club": club,
        "directors": directors,
        "members": members,
        "presets": presets,
        "tournaments": tournaments,
        "director_form": director_form or DirectorForm(club=club, directors=directors),
        "members_form": members_form or MembersForm(),
        "merge_form": merge_form or MergeForm(members=members),
        "presets_api": reverse("api:preset-list"),
        "games": GAMES.values(),
        "rules_form": rules_form,
    }


def _refused(request, club: Club, **forms) -> Any:
    return render(
        request, "clubs/club.html", _club_context(club, user=request.user, **forms), status=400
    )


@login_required
@require_safe
def club_page(request, slug: str):
    club = _directed_club(request, slug)
    game = GAMES.get(request.GET.get("rules", ""))
    rules_form = ClubRulesForm(game) if game is not None else None
    return render(
        request, "clubs/club.html", _club_context(club, user=request.user, rules_form=rules_form)
    )


@login_required
@require_POST
def director_add(request, slug: str):
    club = _directed_club(request, slug)
    form = DirectorForm(request.POST, club=club, directors=selectors.club_directors(club))
    if not form.is_valid():
        return _refused(request, club, director_form=form)
    if not confirmed(request):
        # No page takes a director away again: asked first, saying what they may do.
        said = {"username": isolated(form.user.get_username()), "club": isolated(club.name)}
        return ask(
            request,
            question=_("Make %(username)s a director of %(club)s?") % said,
            lines=[
                _(
                    "%(username)s will run the club's tournaments, members and house rules as "
                    "you do, and no page here takes a director away again."
                )
                % said
            ],
            yes=_("Yes, make them a director"),
            back=club_url(club, "directors"),
        )
    club_director_add(club=club, user=form.user)
    messages.success(
        request,
        _("%(username)s now directs %(club)s.")
        % {"username": form.user.get_username(), "club": club.name},
    )
    return redirect(club_url(club, "directors"))


@login_required
@require_POST
def members_add(request, slug: str):
    club = _directed_club(request, slug)
    form = MembersForm(request.POST)
    if form.is_valid():
        try:
            added = club_members_add_many(club=club, names=form.cleaned_data["names"])
        except RuleViolation as exc:
            form.add_rule_errors(exc)
        else:
            messages.success(
                request,
                ngettext("%(n)d member added.", "%(n)d members added.", len(added))
                % {"n": len(added)},
            )
            return redirect(club_url(club, "members"))
    return _refused(request, club, members_form=form)


@login_required
@require_POST
def members_merge(request, slug: str):
    club = _directed_club(request, slug)
    members = selectors.club_members(club)
    form = MergeForm(request.POST, members=members)
    if form.is_valid():
        keep, duplicate = form.players()
        try:
            if not confirmed(request):
                check_merge(club=club, keep=keep, duplicate=duplicate)
                return _ask_merge(request, club, keep, duplicate)
            player_merge(club=club, keep=keep, duplicate=duplicate)
        except RuleViolation as exc:
            form.add_rule_errors(exc)
        except Conflict as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(
                request,
                _("%(duplicate)s is merged into %(keep)s: their matches are one record now.")
                % {"duplicate": duplicate.name, "keep": keep.name},
            )
            return redirect(club_url(club, "members"))
    return _refused(request, club, members=members, merge_form=form)


def _ask_merge(request, club: Club, keep, duplicate):
    """The duplicate record is deleted: asked first."""
    said = {"keep": isolated(keep.name), "duplicate": isolated(duplicate.name)}
    return ask(
        request,
        question=_("Merge %(duplicate)s into %(keep)s?") % said,
        lines=[
            _(
                "%(duplicate)s's matches and tournaments move to %(keep)s, and the record "
                "%(duplicate)s is deleted: this cannot be undone."
            )
            % said
        ],
        yes=_("Yes, merge them"),
        back=club_url(club, "merge"),
    )


@login_required
@require_POST
def rules_add(request, slug: str, game: str):
    """House rules written on the club's page, as the API writes them (POST /api/presets/)."""
    club = _directed_club(request, slug)
    engine = GAMES.get(game)
    if engine is None:
        raise Http404(_("Unknown game."))
    form = ClubRulesForm(engine, request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            preset_create(
                owner=request.user,
                club=club,
                game=engine.slug,
                name=data["name"],
                description=data.get("description") or "",
                rules=form.rules(),
            )
        except RuleViolation as exc:
            form.add_rule_errors(exc)
        else:
            messages.success(request, _("House rules saved."))
            return redirect(club_url(club, "house-rules"))
    return _refused(request, club, rules_form=form)
