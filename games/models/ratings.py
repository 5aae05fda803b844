"""Club ratings (openskill): a list per club and game, a cache that a Celery job rebuilds
whenever ``dirty`` is set, like the tournament standings."""

from django.db import models


class RatingList(models.Model):
    """The ratings of one game at one club. ``applied_count`` results were folded in, in the
    order the job sorts them, and ``applied_digest`` hashes that sequence: when the results
    the job reads start with the same sequence, only the new ones are folded in; otherwise
    (a result corrected, reopened or counted late) the list is rebuilt from scratch."""

    club = models.ForeignKey("games.Club", on_delete=models.CASCADE, related_name="rating_lists")
    game = models.CharField(max_length=20)
    dirty = models.BooleanField(default=False, db_index=True)
    requested_at = models.DateTimeField(null=True, blank=True)
    computed_at = models.DateTimeField(null=True, blank=True)
    applied_count = models.PositiveIntegerField(default=0)
    applied_digest = models.CharField(max_length=64, blank=True)

    class Meta:
        ordering = ["club", "game"]
        constraints = [
            models.UniqueConstraint(fields=["club", "game"], name="rating_list_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.club} {self.game}"


class Rating(models.Model):
    """A player's current rating in a list: openskill's mu and sigma, and the ordinal
    (mu - 3 sigma) the list is ranked by."""

    list = models.ForeignKey(RatingList, on_delete=models.CASCADE, related_name="ratings")
    player = models.ForeignKey("games.Player", on_delete=models.CASCADE, related_name="+")
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()
    played = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["list", "-ordinal", "player_id"]
        constraints = [
            models.UniqueConstraint(fields=["list", "player"], name="rating_unique_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id}: {self.ordinal:.2f}"


class RatingStep(models.Model):
    """A player's rating after one result: the points of their rating-history chart."""

    list = models.ForeignKey(RatingList, on_delete=models.CASCADE, related_name="steps")
    player = models.ForeignKey("games.Player", on_delete=models.CASCADE, related_name="+")
    sequence = models.PositiveIntegerField()  # the result's place in the list's order
    match = models.ForeignKey("games.Match", null=True, on_delete=models.SET_NULL, related_name="+")
    at = models.DateTimeField()
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()

    class Meta:
        ordering = ["list", "player", "sequence"]
        indexes = [models.Index(fields=["list", "player", "sequence"])]

    def __str__(self) -> str:
        return f"{self.player_id} after result {self.sequence}: {self.ordinal:.2f}"
