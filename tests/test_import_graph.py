"""The import graph of games/, api/ and scorekeeper/: no circle among the module-level imports,
no import (at the top or in a function's body) that points back up the floors, and imports at
the top of their module except where a reason below says otherwise."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("games", "api", "scorekeeper")

# The floors, lowest first: a module imports its own floor or the floors below it, never one
# above. A module belongs to the floor of the longest prefix that names it; a new package or
# module outside these fails test_every_module_has_a_floor until it is given one.
HELPERS = (
    "games", "games.names", "games.digits", "games.translation", "games.ratings_explain",
    "games.charts", "games.answers", "games.audit", "games.polls",
    "scorekeeper.addresses", "scorekeeper.callers", "scorekeeper.shortcuts",
    "scorekeeper.logfilters", "scorekeeper.cache", "scorekeeper.catalogues",
    "scorekeeper.error_pages", "scorekeeper.formats", "scorekeeper.celery",
    "scorekeeper.settings", "scorekeeper.health",
)  # fmt: skip
CALLERS = (
    "games.pages", "games.templatetags", "games.tasks", "games.admin", "games.admin_evenings",
    "games.admin_seasons", "games.management", "games.apps", "api",
    "scorekeeper.throttling", "scorekeeper.sign_in", "scorekeeper.middleware",
    "scorekeeper.polling", "scorekeeper.requestlog", "scorekeeper.unavailable",
)  # fmt: skip
PROJECT = ("scorekeeper", "scorekeeper.urls", "scorekeeper.wsgi", "scorekeeper.gunicorn")
FLOORS: list[tuple[str, tuple[str, ...]]] = [
    ("the rules engines (pure)", ("games.rules",)),
    ("the tournament engines (pure)", ("games.tournaments",)),
    ("helpers below the models", HELPERS),
    ("the models", ("games.models", "api.models")),
    ("the reads", ("games.permissions", "games.settlements", "games.selectors")),
    ("the writes", ("games.services",)),
    ("what calls the reads and writes", CALLERS),
    ("the project", PROJECT),
]

# The imports made in a function's body on purpose, each with its reason. Any other sits at the
# top of its module (a circle would force otherwise, and there is none to force it).
BODY_IMPORTS = {
    # Django's way: the jobs register with Celery once the apps are ready.
    ("games.apps", "games.tasks"),
    # Large libraries that only a Celery worker needs (memory of every web process).
    ("games.services.ratings", "openskill.models"),
    ("games.tournaments.pairing", "networkx"),
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def project_modules() -> dict[str, Path]:
    """The project's modules but its migrations (history, frozen as written)."""
    return {
        module_name(p): p
        for top in PACKAGES
        for p in (ROOT / top).rglob("*.py")
        if "migrations" not in p.parts
    }


def floor_of(name: str) -> int | None:
    best, found = -1, None
    for index, (_what, prefixes) in enumerate(FLOORS):
        for prefix in prefixes:
            if (name == prefix or name.startswith(prefix + ".")) and len(prefix) > best:
                best, found = len(prefix), index
    return found


def _type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def imports(source: str, name: str, is_package: bool) -> list[tuple[str, bool]]:
    """Every module ``source`` imports, as (absolute name, at the top of the module); names
    imported ``from`` a module count as that module's submodule where there is one (the
    caller resolves them against the modules it knows). Imports under ``if TYPE_CHECKING`` are
    made by no running program: they count as at the top."""
    package = name if is_package else name.rpartition(".")[0]
    tree = ast.parse(source)
    top_level = set()
    for node in tree.body:
        top_level.add(id(node))
        if _type_checking(node):
            top_level.update(id(inner) for inner in ast.walk(node))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        found += [(target, id(node) in top_level) for target in targets]
    return found


def resolved(target: str, known: set[str]) -> str:
    """The project's module a dotted name lies in (a name imported from a module: the module),
    or the name itself outside the project."""
    name = target
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or target


def graph(modules: dict[str, Path]) -> dict[str, list[tuple[str, bool]]]:
    known = set(modules)
    return {
        name: [
            (resolved(target, known), top)
            for target, top in imports(path.read_text(), name, path.name == "__init__.py")
        ]
        for name, path in modules.items()
    }


# --- no circles ----------------------------------------------------------------------------------


def import_circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in edges.get(node, ()):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                circles.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return circles


def test_the_code_has_no_import_circles():
    modules = project_modules()
    edges = {
        name: {target for target, top in found if top and target in modules and target != name}
        for name, found in graph(modules).items()
    }

    assert import_circles(edges) == []


def test_the_circle_check_finds_a_circle():
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}

    assert import_circles(edges) == [["a", "b", "c"]]


# --- no import up the floors ---------------------------------------------------------------------


def test_every_module_has_a_floor():
    assert [name for name in sorted(project_modules()) if floor_of(name) is None] == []


def imports_up(edges: dict[str, list[tuple[str, bool]]]) -> list[str]:
    found = []
    for name, targets in sorted(edges.items()):
        for target, _top in targets:
            here, there = floor_of(name), floor_of(target)
            if here is not None and there is not None and there > here:
                found.append(f"{name} ({FLOORS[here][0]}) imports {target} ({FLOORS[there][0]})")
    return sorted(set(found))


def test_no_import_points_up_the_floors():
    assert imports_up(graph(project_modules())) == []


@pytest.mark.parametrize(
    ("importer", "imported"),
    [
        ("games.services.deals", "games.pages.resend"),
        ("games.selectors.matches", "games.services.deals"),
        ("games.rules.base", "games.tournaments.formats"),
        ("games.models.matches", "games.selectors"),
    ],
)
def test_the_floor_check_finds_an_import_up(importer, imported):
    assert imports_up({importer: [(imported, False)]}) != []


def test_the_floor_check_lets_an_import_down_pass():
    assert imports_up({"api.views.deals": [("games.services.deals", True)]}) == []


# --- imports at the top --------------------------------------------------------------------------


def test_imports_sit_at_the_top_of_their_module_unless_a_reason_says_otherwise():
    modules = project_modules()
    in_bodies = set()
    for name, path in modules.items():
        for target, top in imports(path.read_text(), name, path.name == "__init__.py"):
            if not top:
                module = resolved(target, set(modules))
                if module not in modules:  # a library: the module, not a name from it
                    module = target.rpartition(".")[0] if "." in target else target
                in_bodies.add((name, module))

    assert in_bodies == BODY_IMPORTS


def test_the_top_check_tells_a_body_import_from_a_top_one():
    source = (
        "from typing import TYPE_CHECKING\n"
        "import json\n"
        "if TYPE_CHECKING:\n"
        "    from games.models import Match\n"
        "def f():\n"
        "    from games.rules import get_game\n"
    )

    assert imports(source, "games.x", False) == [
        ("typing.TYPE_CHECKING", True),
        ("json", True),
        ("games.models.Match", True),
        ("games.rules.get_game", False),
    ]
