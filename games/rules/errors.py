"""How a rules engine refuses input: a RuleViolation carrying the messages, each at the path of
the field it concerns, gathered by Errors so that one deal reports all its problems at once.
The messages are ``messages.Message``: English as they stand, translatable by the Django layer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

Path = tuple[str | int, ...]


class MessageError(Exception):
    """An exception whose one argument is a message people read: ``str()`` gives the message
    itself (a ``Message`` stays one), so the Django layer can say it in the request's language."""

    def __str__(self) -> str:
        if len(self.args) == 1 and isinstance(self.args[0], str):
            return self.args[0]
        return super().__str__()


class RuleViolation(Exception):
    """Input that the rules refuse. ``errors`` nests like the payload, each leaf a list of
    messages in the game's own words: ``{"points": ["Marafon points must sum to 11."]}``."""

    def __init__(self, errors: Mapping[str, Any] | str, *, field: str = "non_field_errors"):
        if isinstance(errors, str):
            errors = {field: [errors]}
        self.errors: dict[str, Any] = dict(errors)
        super().__init__(self.errors)

    @classmethod
    def at(cls, path: Path | str, message: str) -> RuleViolation:
        collected = Errors()
        collected.add(path, message)
        return cls(collected.as_dict())


class Errors:
    """Collects every problem of one input, so the table sees them all at once."""

    def __init__(self) -> None:
        self._tree: dict[str, Any] = {}

    def add(self, path: Path | str, message: str) -> None:
        if isinstance(path, str):
            path = tuple(path.split(".")) if path else ("non_field_errors",)
        node = self._tree
        for part in path[:-1]:
            child = node.setdefault(str(part), {})
            if isinstance(child, list):
                # The field as a whole is already wrong: its messages stay together.
                child.append(message)
                return
            node = child
        leaf = node.setdefault(str(path[-1]), [])
        if isinstance(leaf, dict):
            leaf = leaf.setdefault("non_field_errors", [])
        leaf.append(message)

    def __bool__(self) -> bool:
        return bool(self._tree)

    def has(self, path: Path) -> bool:
        node: Any = self._tree
        for part in path:
            if not isinstance(node, dict) or str(part) not in node:
                return False
            node = node[str(part)]
        return True

    def as_dict(self) -> dict[str, Any]:
        return self._tree

    def raise_if_any(self) -> None:
        if self._tree:
            raise RuleViolation(self._tree)
