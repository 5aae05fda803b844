from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Player(models.Model):
    """Someone at a table. Guests exist only by the name typed for one match; known players
    (club members, people with an account) are picked by id and keep their history."""

    name = models.CharField(_("name"), max_length=60)
    known = models.BooleanField(
        _("known player"),
        default=False,
        help_text=_("Known players can be picked by id; guests are typed in for one match."),
    )
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="player",
        verbose_name=_("account"),
    )
    # Who may read a known player's history and statistics: by default the members of their
    # clubs (and anyone, if one of their clubs made its members' histories public).
    history = models.CharField(
        _("history shown to"),
        max_length=10,
        choices=[
            ("club", _("club members (or as the club says)")),
            ("public", _("everyone")),
            ("private", _("only me")),
        ],
        default="club",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # When the name was taken away: a known player erased at their request ("Former player
    # 3", numbered within their clubs: ``former_number``), or a guest of a friendly match left
    # untouched past GUEST_NAME_RETENTION_DAYS ("Guest"). Results keep their numbers.
    erased_at = models.DateTimeField(_("name removed"), null=True, blank=True)
    former_number = models.PositiveIntegerField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["name", "id"]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.name
