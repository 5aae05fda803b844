"""Compiles the translation catalogues, ``locale/<lang>/LC_MESSAGES/*.po``, to the ``.mo``
files Django reads, with Babel's pure-Python compiler: ``make run`` and ``make test`` then need
only Python, not GNU gettext's ``msgfmt`` (which ``makemessages`` still needs, at development
time only). Django itself is not imported: this runs before the project is set up.

    python -m scorekeeper.catalogues            # every stale catalogue
    python -m scorekeeper.catalogues --all      # every catalogue
    python -m scorekeeper.catalogues PO...      # these catalogues

Like ``msgfmt`` without ``--use-fuzzy``: an empty or fuzzy entry is left out (the English stays)."""

from __future__ import annotations

import contextlib
import io
import os
import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALE = Path(__file__).resolve().parent.parent / "locale"


def catalogues(root: Path = LOCALE) -> list[Path]:
    return sorted(root.glob("*/LC_MESSAGES/*.po"))


def compiled(po: Path) -> Path:
    return po.with_suffix(".mo")


def stale(po: Path) -> bool:
    mo = compiled(po)
    return not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime


def compile_catalogue(po: Path) -> Path:
    """Writes ``po``'s .mo beside it (through a temporary file, so that a server reading the
    catalogues never sees half of one)."""
    heard = io.StringIO()
    with po.open("rb") as source, contextlib.redirect_stdout(heard):
        # The locale is not given: the plural rule is the catalogue's own (Plural-Forms).
        catalogue = read_po(source)
    # makemessages leaves two plural forms in a language with one (Japanese) until they are
    # translated; the first is the one read. Anything else Babel finds is said.
    # (Babel says each problem in two lines: what, then where.)
    said = heard.getvalue().splitlines()
    for what, where in zip(said[::2], said[1::2], strict=False):
        if "num_plurals" not in what:
            print(f"{po}: {what} {where}", file=sys.stderr)
    mo = compiled(po)
    # A name of its own per process: parallel test workers may compile the same catalogue.
    partial = mo.with_suffix(f".mo.{os.getpid()}.partial")
    with partial.open("wb") as target:
        write_mo(target, catalogue, use_fuzzy=False)
    partial.replace(mo)
    return mo


def compile_stale(root: Path = LOCALE, everything: bool = False) -> list[Path]:
    return [compile_catalogue(po) for po in catalogues(root) if everything or stale(po)]


def main(argv: list[str]) -> int:
    if argv and argv[0] not in ("--all",):
        done = [compile_catalogue(Path(name)) for name in argv]
    else:
        done = compile_stale(everything=argv == ["--all"])
    for mo in done:
        print(f"compiled {mo.relative_to(Path.cwd()) if mo.is_relative_to(Path.cwd()) else mo}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
