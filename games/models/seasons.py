"""Club seasons: a series of the club's tournaments and evenings ranked by the club's own rules
(games.tournaments.seasons), and a cache of the standing that a Celery job rebuilds whenever
``standing_dirty`` is set, like a tournament's standings."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from games.tournaments.seasons import SeasonRules

from .matches import new_public_id


class Season(models.Model):
    """A club's season: its dates, its points scheme (a registered scheme's slug and options)
    and how it counts (best N, drop the lowest K, the minimum events, prizes, ladder)."""

    public_id = models.CharField(max_length=32, unique=True, default=new_public_id, editable=False)
    club = models.ForeignKey("games.Club", on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(_("name"), max_length=120)
    starts_on = models.DateField(_("starts on"))
    ends_on = models.DateField(_("ends on"))
    public = models.BooleanField(_("public"), default=False)
    # No model choices: the schemes' registry (games.tournaments.seasons.schemes) is the one
    # list; the services check the slug against it.
    scheme = models.CharField(_("points scheme"), max_length=30)
    scheme_options = models.JSONField(_("scheme options"), default=dict, blank=True)
    best = models.PositiveSmallIntegerField(_("count the best"), null=True, blank=True)
    drop = models.PositiveSmallIntegerField(_("drop the lowest"), default=0)
    min_events = models.PositiveSmallIntegerField(_("events to be ranked"), default=0)
    min_prize_events = models.PositiveSmallIntegerField(_("events for a prize"), default=0)
    prizes = models.JSONField(_("prize places"), default=list, blank=True)
    booby = models.BooleanField(_("booby prize"), default=False)
    ladder = models.BooleanField(_("ladder"), default=False)
    # A game's slug: every evening of the club at that game within the dates counts, unless a
    # director attached it to another season.
    evenings_of = models.CharField(_("all club evenings of"), max_length=20, blank=True)
    version = models.PositiveIntegerField(default=0)
    standing = models.JSONField(default=list, blank=True)
    chart = models.JSONField(default=dict, blank=True)
    standing_dirty = models.BooleanField(default=False, db_index=True)
    standing_requested_at = models.DateTimeField(null=True, blank=True)
    standing_computed_at = models.DateTimeField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts_on", "-id"]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")

    def __str__(self) -> str:
        return self.name

    @property
    def counting_rules(self) -> SeasonRules:
        """How the season counts and ranks, as the engine reads it."""
        return SeasonRules(
            best=self.best,
            drop=self.drop,
            min_events=self.min_events,
            min_prize_events=self.min_prize_events,
            prizes=tuple(self.prizes or ()),
            booby=self.booby,
            ladder=self.ladder,
        )


class SeasonEvent(models.Model):
    """A tournament or an evening a director attached to a season: each belongs to one season
    at most (the unique keys say so)."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="events")
    tournament = models.OneToOneField(
        "games.Tournament",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="season_event",
    )
    session = models.OneToOneField(
        "games.Session",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="season_event",
    )
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["season", "added_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(tournament__isnull=False, session__isnull=True)
                | Q(tournament__isnull=True, session__isnull=False),
                name="season_event_one_kind",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.season}: {self.tournament_id or self.session_id}"


class SeasonLine(models.Model):
    """One member's events in a season's standing cache, kept apart from the
    standing itself: the season page reads the 200 lines' totals in one small row, and a
    member's page this one row."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="lines")
    member = models.ForeignKey("games.Player", on_delete=models.CASCADE, related_name="+")
    # Each event's place, field, score, match points and points, and whether it counted: what
    # the explanation is said from when the line is read (games.selectors.seasons).
    results = models.JSONField(default=list)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["season", "member"], name="season_line_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.season_id}: {self.member_id}"
