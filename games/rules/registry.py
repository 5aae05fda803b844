"""A registry: the one place where the members of a variant point (the games, the tournament
formats, their tie-breaks, the seasons' points schemes, the games' pages) are made known, each
an instance of its kind's class with a ``slug``. Shared code finds a member here by its slug
and asks it what it needs; it never compares a slug. Members are offered in the order they were
registered. A test registers a member of its own and removes it afterwards (``unregister``),
which proves that a new member needs no other change."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

from .errors import MessageError
from .messages import Message


class Slugged(Protocol):
    slug: str


T = TypeVar("T", bound=Slugged)


class Registry(dict[str, T], Generic[T]):
    """The members by slug (a ``dict``, so reading it needs nothing new), with ``register`` and
    ``find``. ``refusal`` words an unknown slug (its msgid is the registry's own, a literal the
    catalogue extracts), given the slug asked for (as ``repr`` shows it) and the known slugs;
    ``error`` is the exception ``find`` raises with it."""

    def __init__(self, *, error: type[MessageError], refusal: Callable[[str, list[str]], Message]):
        super().__init__()
        self.error = error
        self.refusal = refusal

    def register(self, member: T) -> T:
        """Makes a member known by its slug; a second member with the same slug is a mistake."""
        if member.slug in self and self[member.slug] is not member:
            raise ValueError(f"{member.slug!r} is registered already.")
        self[member.slug] = member
        return member

    def unregister(self, member: T) -> None:
        if self.get(member.slug) is member:
            del self[member.slug]

    def find(self, slug: Any) -> T:
        """The member of this slug, or ``error`` naming the ones there are."""
        try:
            return self[slug]
        except (KeyError, TypeError):
            raise self.error(self.unknown(slug)) from None

    def unknown(self, slug: Any) -> Message:
        """The words for a slug no member has, naming the ones there are."""
        return self.refusal(repr(slug), list(self))
