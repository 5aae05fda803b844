from django.urls import path

from . import app, clubs, tables, tournament_director, tournament_public, views

app_name = "pages"

urlpatterns = [
    path("", views.home, name="home"),
    path("sw.js", app.service_worker, name="service-worker"),
    path("manifest.webmanifest", app.manifest, name="manifest"),
    path("offline/", app.offline_page, name="offline"),
    path("new/<slug:game>/", views.match_new, name="new"),
    path("m/<str:public_id>/", views.match_page, name="match"),
    path("m/<str:public_id>/version/", views.match_version, name="version"),
    path("m/<str:public_id>/history/", views.match_history, name="history"),
    path("m/<str:public_id>/edit/<str:edit_key>/", views.match_edit_link, name="edit-link"),
    path("m/<str:public_id>/deals/", views.deal_new, name="deal-new"),
    path("m/<str:public_id>/deals/<int:number>/edit/", views.deal_edit, name="deal-edit"),
    path("m/<str:public_id>/deals/<int:number>/undo/", views.deal_undo_page, name="deal-undo"),
    path("m/<str:public_id>/settle/", views.settlement_page, name="settlement"),
    path("m/<str:public_id>/confirm/", tables.confirm_page, name="table-confirm"),
    path("m/<str:public_id>/confirm/<str:confirm_key>/", tables.confirm_link, name="confirm-link"),
    path("m/<str:public_id>/dispute/", tables.dispute_page, name="table-dispute"),
    path("m/<str:public_id>/reopen/", tables.reopen_page, name="table-reopen"),
    # Django's default LOGIN_URL, so @login_required needs no setting.
    path("accounts/login/", clubs.SignInView.as_view(), name="login"),
    path("accounts/logout/", clubs.SignOutView.as_view(), name="logout"),
    path("accounts/signup/", clubs.sign_up, name="signup"),
    path("tournaments/", tournament_public.tournament_list, name="tournaments"),
    path("t/<str:public_id>/", tournament_public.tournament_page, name="tournament"),
    path("t/<str:public_id>/live/", tournament_public.tournament_live, name="tournament-live"),
    path(
        "t/<str:public_id>/version/",
        tournament_public.tournament_version_view,
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
    path(
        "director/t/<str:public_id>/",
        tournament_director.director_tournament,
        name="director-tournament",
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
