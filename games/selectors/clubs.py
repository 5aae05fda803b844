"""Reads of clubs: their directors, their members, the clubs an account directs."""

from __future__ import annotations

from django.db.models import Count, QuerySet

from games.models import Club, Player

# How many of a club's members the entrants form suggests.
MEMBERS_SUGGESTED = 1000


def club_find(slug: str, *, people: bool = False) -> Club | None:
    """The club of that slug (with its directors and members, if asked)."""
    clubs = clubs_with_people() if people else Club.objects.all()
    return clubs.filter(slug=slug).first()


def clubs_with_people() -> QuerySet[Club]:
    """Every club, with its directors and members."""
    return Club.objects.prefetch_related("directors", "members")


def clubs_directed_by(user) -> QuerySet[Club]:
    """The clubs the account directs (a queryset: a form chooses among them)."""
    return Club.objects.filter(directors=user)


def club_directed_by(user, *, slug: str | None = None) -> Club | None:
    """The first club the account directs, or the one of that slug if it directs it."""
    clubs = clubs_directed_by(user)
    if slug is not None:
        clubs = clubs.filter(slug=slug)
    return clubs.first()


def club_directors(club: Club) -> list:
    return list(club.directors.order_by("username"))


def club_members(club: Club) -> list[Player]:
    """The club's members by name, each with its number of ``matches`` (seats taken)."""
    return list(club.members.annotate(matches=Count("seats")).order_by("name", "id"))


def members_of_clubs_not_directed(club: Club, user) -> set[int]:
    """The club's members who also belong to a club ``user`` does not direct: one director
    alone does not erase them (a director of each of their clubs does, issue 31)."""
    others = Club.objects.exclude(directors=user)
    return set(
        Player.objects.filter(pk__in=club.members.values("pk"), clubs__in=others).values_list(
            "pk", flat=True
        )
    )


def clubs_directed_alone(user) -> list[Club]:
    """The clubs ``user`` is the only director of, by name: erasing the account would leave
    them without one."""
    if user is None:
        return []
    return list(
        Club.objects.filter(pk__in=clubs_directed_by(user).values("pk"))
        .annotate(directing=Count("directors"))
        .filter(directing=1)
        .order_by("name")
    )


def clubs_of_player(player: Player) -> list[Club]:
    """The clubs a player is a member of, by name."""
    return list(Club.objects.filter(members=player).order_by("name"))


def club_member_names(club: Club, limit: int = MEMBERS_SUGGESTED) -> list[str]:
    """The names of the club's known members, in order, once each: the names suggested as
    entrants are typed."""
    return list(
        club.members.filter(known=True)
        .order_by("name")
        .values_list("name", flat=True)
        .distinct()[:limit]
    )


def clubs_of(user) -> list[Club]:
    """The clubs a signed-in user directs or is a member of, by name."""
    if not user.is_authenticated:
        return []
    clubs = Club.objects.filter(directors=user) | Club.objects.filter(members__user=user)
    return list(clubs.distinct().order_by("name"))
