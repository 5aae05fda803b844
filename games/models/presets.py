from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class RulePreset(models.Model):
    """A named set of rule options for a game ("Café De Zwaan"), saved by a signed-in player,
    from which matches can be started. Holds only the options that differ from the defaults."""

    game = models.CharField(_("game"), max_length=20)
    name = models.CharField(_("name"), max_length=80)
    description = models.CharField(_("description"), max_length=300, blank=True)
    rules = models.JSONField(_("rules"), default=dict)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="rule_presets",
        verbose_name=_("owner"),
    )
    club = models.ForeignKey(
        "games.Club",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="presets",
        verbose_name=_("club"),
        help_text=_("House rules of a club, kept by its directors."),
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "name", "id"]
        verbose_name = _("house-rule preset")
        verbose_name_plural = _("house-rule presets")
        constraints = [
            models.UniqueConstraint(
                fields=["owner", "game", "name"], name="preset_unique_name_per_owner"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def key(self) -> str:
        return str(self.pk)
