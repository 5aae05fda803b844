"""The rules engines are pure Python: nothing under games/rules/ may import Django."""

import ast
from pathlib import Path

import games.rules

RULES_DIR = Path(games.rules.__file__).parent


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_the_rules_package_has_modules_to_check():
    assert len(list(RULES_DIR.glob("*.py"))) >= 4


def test_nothing_under_games_rules_imports_django():
    offenders = {
        str(path.relative_to(RULES_DIR)): sorted(
            m for m in imported_modules(path) if m.split(".")[0] in {"django", "rest_framework"}
        )
        for path in RULES_DIR.rglob("*.py")
    }

    assert {path: mods for path, mods in offenders.items() if mods} == {}


def test_the_check_would_catch_a_django_import(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("from django.db import models\nimport django.conf\n")

    assert imported_modules(sample) == {"django.db", "django.conf"}
