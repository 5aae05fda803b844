from csp.decorators import csp_update
from django.urls import path
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerSplitView,
)

from api import converters
from api.views.auth import TokenView
from api.views.clubs import (
    ClubDetailView,
    ClubDirectorView,
    ClubExportView,
    ClubListView,
    ClubMemberView,
    ClubMergeView,
)
from api.views.deals import DealDetailView, DealListView
from api.views.matches import MatchDetailView, MatchExportView, MatchListView
from api.views.players import (
    ClubOptionsView,
    ClubRatingsView,
    PlayerDataView,
    PlayerDetailView,
    PlayerEraseView,
    RatingHistoryView,
)
from api.views.presets import PresetDetailView, PresetListView
from api.views.seasons import (
    SeasonDetailView,
    SeasonEventDetailView,
    SeasonEventListView,
    SeasonListView,
    SeasonStandingView,
)
from api.views.sessions import (
    SessionDetailView,
    SessionListView,
    SessionMatchListView,
    SessionSettleView,
    SessionTransferPaidView,
)
from api.views.settlements import EveningSettlementView, MatchSettlementView
from api.views.tables import TableConfirmView, TableDisputeView, TableReopenView, TableSwapView
from api.views.tournaments import (
    CorrectionsView,
    EntrantDetailView,
    EntrantListView,
    ResultsView,
    RoundDetailView,
    RoundListView,
    StandingsView,
    TournamentDetailView,
    TournamentListView,
)

app_name = "api"
converters.register()

DOCS_STYLES = csp_update({"style-src": ["'unsafe-inline'"]})

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # The interactive docs are third-party apps that set styles as they draw: they alone may use
    # inline styles (never inline scripts; Swagger's own script is served as a file).
    path(
        "docs/",
        DOCS_STYLES(SpectacularSwaggerSplitView.as_view(url_name="api:schema")),
        name="docs",
    ),
    path("redoc/", DOCS_STYLES(SpectacularRedocView.as_view(url_name="api:schema")), name="redoc"),
    path("auth/token/", TokenView.as_view(), name="auth-token"),
    path("matches/", MatchListView.as_view(), name="match-list"),
    path("matches/<share_id:public_id>/", MatchDetailView.as_view(), name="match-detail"),
    path("matches/<share_id:public_id>/deals/", DealListView.as_view(), name="deal-list"),
    path(
        "matches/<share_id:public_id>/deals/<int:number>/",
        DealDetailView.as_view(),
        name="deal-detail",
    ),
    path(
        "matches/<share_id:public_id>/settlement/",
        MatchSettlementView.as_view(),
        name="match-settlement",
    ),
    path("matches/<share_id:public_id>/export/", MatchExportView.as_view(), name="match-export"),
    path("settlements/", EveningSettlementView.as_view(), name="settlements"),
    path("presets/", PresetListView.as_view(), name="preset-list"),
    path("sessions/", SessionListView.as_view(), name="session-list"),
    path("sessions/<share_id:public_id>/", SessionDetailView.as_view(), name="session-detail"),
    path(
        "sessions/<share_id:public_id>/matches/",
        SessionMatchListView.as_view(),
        name="session-matches",
    ),
    path(
        "sessions/<share_id:public_id>/settle/", SessionSettleView.as_view(), name="session-settle"
    ),
    path(
        "sessions/<share_id:public_id>/transfers/<int:number>/paid/",
        SessionTransferPaidView.as_view(),
        name="session-transfer-paid",
    ),
    path("tournaments/", TournamentListView.as_view(), name="tournament-list"),
    path(
        "tournaments/<share_id:public_id>/",
        TournamentDetailView.as_view(),
        name="tournament-detail",
    ),
    path(
        "tournaments/<share_id:public_id>/entrants/", EntrantListView.as_view(), name="entrant-list"
    ),
    path(
        "tournaments/<share_id:public_id>/entrants/<int:entrant_id>/",
        EntrantDetailView.as_view(),
        name="entrant-detail",
    ),
    path("tournaments/<share_id:public_id>/rounds/", RoundListView.as_view(), name="round-list"),
    path(
        "tournaments/<share_id:public_id>/rounds/<int:number>/",
        RoundDetailView.as_view(),
        name="round-detail",
    ),
    path(
        "tournaments/<share_id:public_id>/rounds/<int:number>/tables/<int:table>/confirm/",
        TableConfirmView.as_view(),
        name="table-confirm",
    ),
    path(
        "tournaments/<share_id:public_id>/rounds/<int:number>/tables/<int:table>/dispute/",
        TableDisputeView.as_view(),
        name="table-dispute",
    ),
    path(
        "tournaments/<share_id:public_id>/rounds/<int:number>/tables/<int:table>/reopen/",
        TableReopenView.as_view(),
        name="table-reopen",
    ),
    path(
        "tournaments/<share_id:public_id>/rounds/<int:number>/tables/<int:table>/swap/",
        TableSwapView.as_view(),
        name="table-swap",
    ),
    path("tournaments/<share_id:public_id>/results/", ResultsView.as_view(), name="results"),
    path(
        "tournaments/<share_id:public_id>/corrections/",
        CorrectionsView.as_view(),
        name="corrections",
    ),
    path(
        "tournaments/<share_id:public_id>/standings/",
        StandingsView.as_view(),
        name="tournament-standings",
    ),
    path("seasons/", SeasonListView.as_view(), name="season-list"),
    path("seasons/<share_id:public_id>/", SeasonDetailView.as_view(), name="season-detail"),
    path(
        "seasons/<share_id:public_id>/events/",
        SeasonEventListView.as_view(),
        name="season-events",
    ),
    path(
        "seasons/<share_id:public_id>/events/<int:event_id>/",
        SeasonEventDetailView.as_view(),
        name="season-event-detail",
    ),
    path(
        "seasons/<share_id:public_id>/standing/",
        SeasonStandingView.as_view(),
        name="season-standing",
    ),
    path("clubs/", ClubListView.as_view(), name="club-list"),
    path("clubs/<slug:slug>/", ClubDetailView.as_view(), name="club-detail"),
    path("clubs/<slug:slug>/members/", ClubMemberView.as_view(), name="club-members"),
    path("clubs/<slug:slug>/members/merge/", ClubMergeView.as_view(), name="club-merge"),
    path("clubs/<slug:slug>/directors/", ClubDirectorView.as_view(), name="club-directors"),
    path("clubs/<slug:slug>/options/", ClubOptionsView.as_view(), name="club-options"),
    path("clubs/<slug:slug>/export/", ClubExportView.as_view(), name="club-export"),
    path("clubs/<slug:slug>/ratings/<slug:game>/", ClubRatingsView.as_view(), name="club-ratings"),
    path(
        "clubs/<slug:slug>/ratings/<slug:game>/<int:player_id>/",
        RatingHistoryView.as_view(),
        name="rating-history",
    ),
    path("players/<int:player_id>/", PlayerDetailView.as_view(), name="player-detail"),
    path("players/<int:player_id>/data/", PlayerDataView.as_view(), name="player-data"),
    path("players/<int:player_id>/erase/", PlayerEraseView.as_view(), name="player-erase"),
    path("presets/<preset_key:key>/", PresetDetailView.as_view(), name="preset-detail"),
]
