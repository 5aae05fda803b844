from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.tournaments.formats import FORMATS, Format, get_format

from .matches import new_public_id

# The formats of the release, for the API schema; the registry is the one list (see format).
FORMAT_CHOICES = [(slug, str(kind.label)) for slug, kind in FORMATS.items()]


class Tournament(models.Model):
    """A club's event: its game and rules, its format, its rounds, and a cache of its standings
    that a Celery task rebuilds whenever ``standings_dirty`` is set."""

    class RoundKind(models.TextChoices):
        DEALS = "deals", _("A number of deals")
        GAME = "game", _("One game")
        MATCH = "match", _("One match")

    class Status(models.TextChoices):
        REGISTRATION = "registration", _("Registration")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    public_id = models.CharField(max_length=32, unique=True, default=new_public_id, editable=False)
    club = models.ForeignKey("games.Club", on_delete=models.CASCADE, related_name="tournaments")
    name = models.CharField(_("name"), max_length=120)
    game = models.CharField(_("game"), max_length=20)
    rules = models.JSONField(_("rules"), help_text=_("Every rule option, resolved."))
    preset = models.CharField(_("preset"), max_length=80, blank=True)
    # No model choices: the formats' registry (games.tournaments.formats) is the one list, and
    # adding a format needs no migration; the services check the slug against it.
    format = models.CharField(_("format"), max_length=20)
    rounds = models.PositiveSmallIntegerField(_("rounds"))
    round_kind = models.CharField(_("a round is"), max_length=10, choices=RoundKind.choices)
    deals_per_round = models.PositiveSmallIntegerField(null=True, blank=True)
    table_size = models.PositiveSmallIntegerField(_("players a table"), default=4)
    tie_breaks = models.JSONField(_("tie-breaks"), default=list, blank=True)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.REGISTRATION)
    standings = models.JSONField(default=list, blank=True)
    standings_dirty = models.BooleanField(default=False, db_index=True)
    # When a result last changed: a recompute clears the dirty mark only if nothing changed
    # while it ran, so a change is never lost between two recomputes.
    standings_requested_at = models.DateTimeField(null=True, blank=True)
    standings_computed_at = models.DateTimeField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")

    def __str__(self) -> str:
        return self.name

    @property
    def event_format(self) -> Format:
        """The tournament's format, from the registry: what the pages and templates ask."""
        return get_format(self.format)


class Entrant(models.Model):
    """A player (individual events) or a pair (pairs events) in a tournament."""

    class Status(models.TextChoices):
        REGISTERED = "registered", _("Registered")
        CHECKED_IN = "checked_in", _("Checked in")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants")
    player = models.ForeignKey("games.Player", on_delete=models.PROTECT, related_name="+")
    partner = models.ForeignKey(
        "games.Player", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.REGISTERED)
    seed = models.PositiveIntegerField(default=0)
    joined_round = models.PositiveSmallIntegerField(
        default=1, help_text=_("Late arrivals join later.")
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "seed", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="entrant_unique_player"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        if self.partner_id:
            return f"{self.player.name} & {self.partner.name}"
        return self.player.name


class Round(models.Model):
    class Status(models.TextChoices):
        DRAWING = "drawing", _("Being drawn")
        READY = "ready", _("Ready to play")
        FAILED = "failed", _("Draw failed")
        FINISHED = "finished", _("Finished")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.DRAWING)
    report = models.JSONField(
        default=dict, blank=True, help_text=_("Why the draw came out as it did.")
    )
    # When the draw was asked for: a round still drawing long after it lost its Celery
    # message, and the periodic sweep queues it again.
    requested_at = models.DateTimeField(default=timezone.now)
    drawn_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.number}"


class Table(models.Model):
    """One table of one round: its match (scored like a friendly table through its private
    link) and whether its result has been confirmed."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    match = models.OneToOneField(
        "games.Match", null=True, blank=True, on_delete=models.PROTECT, related_name="table"
    )
    # Entrant ids in seat order (pairs events: the two pairs); a bye has one entrant, no match.
    seating = models.JSONField(default=list)
    # One side scores, the other confirms: the scoring key is the match's edit key, the
    # confirmation key only confirms or disputes. Both are derived from this salt and the
    # server's SECRET_KEY (games.services.tables), so directors can print the cards again while
    # the database holds no key: only their hashes (the scoring key's is the match's).
    key_salt = models.CharField(max_length=32, blank=True, editable=False)
    confirm_key_hash = models.CharField(max_length=64, blank=True, editable=False)
    # The seat of the player who enters the deals on the scoring phone, as that phone said:
    # at an individual table (no sides) another player confirms, never the one who scored.
    scorer = models.PositiveSmallIntegerField(null=True, blank=True)
    # A table of partnerships knows its sides (the game's teams, in seat order): the draw gives
    # the scoring link to the side of seat 0 and the card says so; the others confirm. The
    # table may swap once, before the result is confirmed (the cards went to the wrong pairs).
    scoring_side = models.PositiveSmallIntegerField(default=0)
    sides_swapped_at = models.DateTimeField(null=True, blank=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    confirmed_by = models.CharField(max_length=150, blank=True)
    # The other side's objection, for the directors; it stays on record once a director (or
    # the other side, after a correction) confirms.
    disputed_at = models.DateTimeField(null=True, blank=True)
    disputed_by = models.CharField(max_length=150, blank=True)
    dispute_reason = models.CharField(max_length=500, blank=True)
    # The last change to a result after it was confirmed (a director's correction, or the
    # table reopened and confirmed again with other deals), shown on the public pages: a
    # confirmed result does not change unseen.
    amended_at = models.DateTimeField(null=True, blank=True)
    amended_by = models.CharField(max_length=150, blank=True)

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.round} table {self.number}"

    @property
    def disputed(self) -> bool:
        """Disputed and not yet confirmed: the directors have something to settle."""
        return self.disputed_at is not None and self.confirmed_at is None


class Correction(models.Model):
    """Every change to a tournament table's deals after they were entered: who, when, what."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="corrections")
    deal_number = models.PositiveIntegerField()
    action = models.CharField(max_length=20)  # "replace", "undo"
    by = models.CharField(max_length=150)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    before = models.JSONField(null=True)
    after = models.JSONField(null=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.table}: {self.action} deal {self.deal_number} by {self.by}"
