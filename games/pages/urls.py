from django.urls import path

from games.pages import app, live, privacy
from games.pages.clubs import deleting as club_deleting
from games.pages.clubs import ratings
from games.pages.clubs import views as clubs
from games.pages.matches import deal_page, glossary, settlement, views
from games.pages.matches import deleting as match_deleting
from games.pages.players import own_data
from games.pages.players import views as history_pages
from games.pages.seasons import views as seasons
from games.pages.sessions import deleting as session_deleting
from games.pages.sessions import views as sessions
from games.pages.tournaments import director as tournament_director
from games.pages.tournaments import public as tournament_public
from games.pages.tournaments import tables

app_name = "pages"

urlpatterns = [
    path("", views.home, name="home"),
    path("sw.js", app.service_worker, name="service-worker"),
    path("manifest.webmanifest", app.manifest, name="manifest"),
    path("offline/", app.offline_page, name="offline"),
    path("new/<slug:game>/", views.match_new, name="new"),
    path("games/<slug:game>/glossary/", glossary.glossary_page, name="glossary"),
    path("m/<str:public_id>/", views.match_page, name="match"),
    path("m/<str:public_id>/version/", live.match_version, name="version"),
    path("m/<str:public_id>/history/", views.match_history, name="history"),
    path("m/<str:public_id>/edit/<str:edit_key>/", views.match_edit_link, name="edit-link"),
    path("m/<str:public_id>/deals/", views.deal_new, name="deal-new"),
    path("m/<str:public_id>/deals/<int:number>/", deal_page.deal_page, name="deal"),
    path("m/<str:public_id>/deals/<int:number>/edit/", views.deal_edit, name="deal-edit"),
    path("m/<str:public_id>/deals/<int:number>/undo/", views.deal_undo_page, name="deal-undo"),
    path("m/<str:public_id>/settle/", settlement.settlement_page, name="settlement"),
    path("m/<str:public_id>/confirm/", tables.confirm_page, name="table-confirm"),
    path("m/<str:public_id>/confirm/<str:confirm_key>/", tables.confirm_link, name="confirm-link"),
    path("m/<str:public_id>/dispute/", tables.dispute_page, name="table-dispute"),
    path("m/<str:public_id>/reopen/", tables.reopen_page, name="table-reopen"),
    path("m/<str:public_id>/scorer/", tables.scorer_page, name="table-scorer"),
    path("m/<str:public_id>/swap/", tables.swap_page, name="table-swap"),
    path("m/<str:public_id>/chart/", history_pages.match_chart, name="match-chart"),
    path("m/<str:public_id>/delete/", match_deleting.match_delete_page, name="match-delete"),
    path("s/new/", sessions.session_new, name="session-new"),
    path("s/<str:public_id>/", sessions.session_page, name="session"),
    path(
        "s/<str:public_id>/edit/<str:edit_key>/",
        sessions.session_edit_link,
        name="session-edit-link",
    ),
    path("s/<str:public_id>/next/", sessions.session_next, name="session-next"),
    path("s/<str:public_id>/settle/", sessions.session_settle_page, name="session-settle"),
    path(
        "s/<str:public_id>/transfers/<int:number>/paid/",
        sessions.session_paid_page,
        name="session-paid",
    ),
    path("s/<str:public_id>/delete/", session_deleting.session_delete_page, name="session-delete"),
    path("p/<int:player_id>/", history_pages.player_page, name="player"),
    path("p/<int:player_id>/data/", own_data.player_data_page, name="player-data"),
    path("p/<int:player_id>/erase/", own_data.player_erase_page, name="player-erase"),
    path("privacy/", privacy.privacy_page, name="privacy"),
    path("p/<int:player_id>/privacy/", history_pages.player_privacy, name="player-privacy"),
    path("c/<slug:slug>/ratings/", ratings.ratings_page, name="club-ratings"),
    path(
        "c/<slug:slug>/ratings/<slug:game>/<int:player_id>/",
        ratings.rating_history_page,
        name="rating-history",
    ),
    path("c/<slug:slug>/options/", ratings.club_options_page, name="club-options"),
    path("season/<str:public_id>/", seasons.season_page, name="season"),
    path(
        "season/<str:public_id>/m/<int:member>/",
        seasons.season_member_page,
        name="season-member",
    ),
    path("director/c/<slug:slug>/seasons/", seasons.seasons_page, name="club-seasons"),
    path("director/season/<str:public_id>/", seasons.season_director_page, name="season-director"),
    path(
        "director/season/<str:public_id>/events/",
        seasons.season_event_attach,
        name="season-event-attach",
    ),
    path(
        "director/season/<str:public_id>/events/<int:event_id>/detach/",
        seasons.season_event_detach,
        name="season-event-detach",
    ),
    # Django's default LOGIN_URL, so @login_required needs no setting.
    path("accounts/login/", clubs.SignInView.as_view(), name="login"),
    path("accounts/logout/", clubs.SignOutView.as_view(), name="logout"),
    path("accounts/signup/", clubs.sign_up, name="signup"),
    path("tournaments/", tournament_public.tournament_list, name="tournaments"),
    path("t/<str:public_id>/", tournament_public.tournament_page, name="tournament"),
    path("t/<str:public_id>/live/", tournament_public.tournament_live, name="tournament-live"),
    path(
        "t/<str:public_id>/version/",
        live.tournament_version,
        name="tournament-version",
    ),
    path(
        "t/<str:public_id>/results/",
        tournament_public.tournament_results,
        name="tournament-results",
    ),
    path("director/", tournament_director.director_home, name="director"),
    path("director/new/", tournament_director.tournament_new, name="tournament-new"),
    path("director/clubs/new/", clubs.club_new, name="club-new"),
    path("director/c/<slug:slug>/", clubs.club_page, name="club"),
    path("director/c/<slug:slug>/directors/", clubs.director_add, name="club-director-add"),
    path("director/c/<slug:slug>/members/", clubs.members_add, name="club-members-add"),
    path("director/c/<slug:slug>/merge/", clubs.members_merge, name="club-members-merge"),
    path("director/c/<slug:slug>/rules/<str:game>/", clubs.rules_add, name="club-rules-add"),
    path("director/c/<slug:slug>/export/", club_deleting.club_export_page, name="club-export"),
    path("director/c/<slug:slug>/delete/", club_deleting.club_delete_page, name="club-delete"),
    path(
        "director/t/<str:public_id>/",
        tournament_director.director_tournament,
        name="director-tournament",
    ),
    path(
        "director/t/<str:public_id>/delete/",
        club_deleting.tournament_delete_page,
        name="tournament-delete",
    ),
    path(
        "director/t/<str:public_id>/entrants/",
        tournament_director.entrants_add,
        name="entrants-add",
    ),
    path(
        "director/t/<str:public_id>/entrants/all/<slug:chore>/",
        tournament_director.entrants_all,
        name="entrants-all",
    ),
    path(
        "director/t/<str:public_id>/entrants/<int:entrant_id>/",
        tournament_director.entrant_status,
        name="entrant-status",
    ),
    path("director/t/<str:public_id>/draw/", tournament_director.round_draw, name="round-draw"),
    path(
        "director/t/<str:public_id>/rounds/",
        tournament_director.tournament_rounds,
        name="tournament-rounds",
    ),
    path(
        "director/t/<str:public_id>/rounds/<int:number>/take-back/",
        tournament_director.round_take_back,
        name="round-take-back",
    ),
    path(
        "director/t/<str:public_id>/rounds/<int:number>/cards/",
        tables.table_cards,
        name="table-cards",
    ),
    path(
        "director/t/<str:public_id>/rounds/<int:number>/tables/<int:table>/confirm/",
        tables.director_confirm,
        name="director-confirm",
    ),
]
