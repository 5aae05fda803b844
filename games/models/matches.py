import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.rules import GAMES


def new_public_id() -> str:
    # 96 random bits: a share link nobody can guess.
    return secrets.token_urlsafe(12)


GAME_CHOICES = [(slug, game.name) for slug, game in GAMES.items()]


class Match(models.Model):
    """A match as entered: its game, the fully resolved rule options, the players in seat order
    and the deals. ``state`` is a cache of the fold over the deals and can always be rebuilt."""

    public_id = models.CharField(
        _("public id"), max_length=32, unique=True, default=new_public_id, editable=False
    )
    # No model choices: the registry is the one list of games, and adding a game needs no
    # migration.
    game = models.CharField(_("game"), max_length=20)
    rules = models.JSONField(_("rules"), help_text=_("Every rule option, resolved."))
    setup = models.JSONField(_("set-up"), default=dict, blank=True)
    preset = models.CharField(
        _("preset"), max_length=80, blank=True, help_text=_("The house rules it started from.")
    )
    stake = models.DecimalField(
        _("stake"),
        max_digits=12,
        decimal_places=4,
        null=True,
        blank=True,
        help_text=_("Money per unit, for money games."),
    )
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="matches",
        verbose_name=_("owner"),
    )
    edit_key_hash = models.CharField(max_length=64, editable=False)
    version = models.PositiveIntegerField(_("version"), default=0)
    state = models.JSONField(_("state"))
    finished = models.BooleanField(_("finished"), default=False)
    # The number of the last deal (0: none yet), a cache like the state: a write reads it from
    # the row it locks, so the next number needs no look at the deals.
    last_number = models.PositiveIntegerField(_("last deal"), default=0, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at", "-id"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        # No index holds updated_at (nor state, version, last_number): a deal's update of the
        # match row touches no index, so PostgreSQL writes it as a heap-only tuple in the
        # room its fillfactor leaves (migration 0011). An owner's matches are few enough to
        # sort after the owner index finds them.

    # Every column but the id is in one of two lists (tests/games/test_field_lists.py fails
    # for a column in neither): what a deal, a correction or an undo writes (the cached state
    # and what moves with it, in the deal's own statement), and what stays as it was created.
    STATE_FIELDS = ("state", "finished", "version", "last_number", "updated_at")
    CREATION_FIELDS = (
        "public_id",
        "game",
        "rules",
        "setup",
        "preset",
        "stake",
        "owner",
        "edit_key_hash",
        "created_at",
    )

    def __str__(self) -> str:
        return f"{self.game_name} {self.public_id}"

    @property
    def game_name(self) -> str:
        game = GAMES.get(self.game)
        return game.name if game else self.game


class Seat(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField(_("seat"))
    player = models.ForeignKey("games.Player", on_delete=models.PROTECT, related_name="seats")

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="seat_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.number}: {self.player}"


class Deal(models.Model):
    """One deal exactly as it was entered, its outcome and the match state after it (caches,
    like the match state). The state after each deal is kept so that no read folds the match:
    the page's running totals, undo (the state before the last deal) and a correction (the
    state before the corrected deal) each read a row or two instead of every deal."""

    # No index of its own: the unique (match, number) constraint leads with the match, and a
    # second index would be one more write on every deal.
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="deals", db_index=False)
    number = models.PositiveIntegerField(_("number"))
    input = models.JSONField(_("input"))
    outcome = models.JSONField(_("outcome"))
    state = models.JSONField(_("state after"), default=dict)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    # Every column but the id is in one list of each pair (tests/games/test_field_lists.py
    # fails for a column left out of either). What was entered, and what a fold derives from
    # it (a correction or a recompute writes these again); a new deal inserts both.
    ENTERED_FIELDS = ("match", "number", "input", "created_at")
    RECOMPUTED_FIELDS = ("outcome", "state", "updated_at")
    INSERTED_FIELDS = ENTERED_FIELDS + RECOMPUTED_FIELDS
    # What the lists of deals read (the API's summaries, the page's history), and what they
    # leave in the database: the state after each deal is read one or two deals at a time.
    SUMMARY_FIELDS = ("match", "number", "input", "outcome")
    NOT_IN_SUMMARY = ("state", "created_at", "updated_at")

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="deal_unique_number"),
        ]

    def __str__(self) -> str:
        return f"Deal {self.number} of {self.match}"
