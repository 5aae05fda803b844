"""Reads of the house-rule presets players and clubs saved (the built-in ones are data, in
``games.rules.presets``)."""

from __future__ import annotations

from django.db.models import QuerySet

from games.models import Club, RulePreset


def presets_saved(
    *, club_slug: str | None = None, game: str | None = None, owner=None
) -> QuerySet[RulePreset]:
    """Saved presets, with their owner and club, of a club, a game or an owner if named."""
    saved = RulePreset.objects.select_related("owner", "club")
    if club_slug:
        saved = saved.filter(club__slug=club_slug)
    if game:
        saved = saved.filter(game=game)
    if owner is not None:
        saved = saved.filter(owner=owner)
    return saved


def presets_saved_for(user, clubs) -> QuerySet[RulePreset]:
    """The presets an account saved or one of ``clubs`` did, each once."""
    return (
        RulePreset.objects.filter(owner=user) | RulePreset.objects.filter(club__in=clubs)
    ).distinct()


def preset_saved(pk: int) -> RulePreset | None:
    return RulePreset.objects.select_related("owner").filter(pk=pk).first()


def club_presets(club: Club) -> QuerySet[RulePreset]:
    return RulePreset.objects.filter(club=club).order_by("game", "name", "id")


def presets_owned_by(user) -> QuerySet[RulePreset]:
    return RulePreset.objects.filter(owner=user)
