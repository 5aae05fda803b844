from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Club(models.Model):
    """A club: its members (known players), its directors (accounts with rights over its events)
    and its house rules."""

    name = models.CharField(_("name"), max_length=100)
    slug = models.SlugField(_("slug"), max_length=60, unique=True)
    directors = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        related_name="directed_clubs",
        blank=True,
        verbose_name=_("directors"),
    )
    members = models.ManyToManyField(
        "games.Player", related_name="clubs", blank=True, verbose_name=_("members")
    )
    # The club's choices: its members' histories public (each member may still keep theirs to
    # themselves), and friendly matches between its members counted in its ratings.
    public_histories = models.BooleanField(_("members' histories public"), default=False)
    rate_friendly_matches = models.BooleanField(_("friendly matches rated"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    # When a director last took the club's export, and the SHA-256 of what it held (the
    # document but its moment): a club with tournaments is deleted only while the export it
    # would be worked out as now is the one taken (games.services.deletions).
    exported_at = models.DateTimeField(null=True, blank=True, editable=False)
    exported_digest = models.CharField(max_length=64, blank=True, editable=False)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name
