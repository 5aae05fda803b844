"""An evening at one table (a session): its players, its matches in order, and once it is
closed, the transfers that settle it and which of them were paid."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .matches import new_public_id


class Session(models.Model):
    """One evening's play at one table. Like a friendly match it needs no account: its edit
    key (stored hashed) scores every match of the evening, its share link reads it."""

    public_id = models.CharField(max_length=32, unique=True, default=new_public_id, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="game_sessions",
    )
    club = models.ForeignKey(
        "games.Club", null=True, blank=True, on_delete=models.SET_NULL, related_name="sessions"
    )
    stake = models.DecimalField(
        _("stake"),
        max_digits=12,
        decimal_places=4,
        null=True,
        blank=True,
        help_text=_("Money per unit, for the evening's money games."),
    )
    edit_key_hash = models.CharField(max_length=64, editable=False)
    version = models.PositiveIntegerField(default=0)
    # Closed: settled, frozen. No match is added and no deal changes afterwards.
    closed_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["owner", "-created_at"])]
        verbose_name = _("session")
        verbose_name_plural = _("sessions")

    def __str__(self) -> str:
        return f"Session {self.public_id}"


class SessionPlayer(models.Model):
    """A player of the evening, in the order they sat down for its first match."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="players")
    number = models.PositiveSmallIntegerField()
    player = models.ForeignKey("games.Player", on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["session", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="session_player_number"),
            models.UniqueConstraint(fields=["session", "player"], name="session_player_once"),
        ]

    def __str__(self) -> str:
        return f"{self.number}: {self.player_id}"


class SessionMatch(models.Model):
    """A match of the evening. ``over``: the table moved on (a later match began, or the
    session closed); money games never finish by themselves, so this is when they end."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="entries")
    number = models.PositiveSmallIntegerField()
    match = models.OneToOneField(
        "games.Match", on_delete=models.CASCADE, related_name="session_entry"
    )
    over = models.BooleanField(default=False)

    class Meta:
        ordering = ["session", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="session_match_number"),
        ]

    def __str__(self) -> str:
        return f"Match {self.number} of session {self.session_id}"


class SessionTransfer(models.Model):
    """One transfer of the settle-up, fixed when the session closed, and whether it was paid."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="transfers")
    number = models.PositiveSmallIntegerField()
    payer = models.ForeignKey("games.Player", on_delete=models.PROTECT, related_name="+")
    payee = models.ForeignKey("games.Player", on_delete=models.PROTECT, related_name="+")
    units = models.IntegerField(null=True, blank=True)
    amount = models.DecimalField(max_digits=14, decimal_places=2, null=True, blank=True)
    paid_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["session", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="session_transfer_number"),
        ]

    def __str__(self) -> str:
        return f"Transfer {self.number} of session {self.session_id}"
