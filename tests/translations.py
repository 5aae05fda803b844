"""A small compiled catalogue made for a test: the pages and the API then speak its language,
without the real catalogues (translated elsewhere, and never compiled into the repository)."""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from django.utils import translation

# (context, msgid) -> the translation.
Entries = dict[tuple[str | None, str], str]


def install_catalogue(settings, folder: Path, language: str, entries: Entries) -> None:
    """Compiles ``entries`` into ``folder``/<language>/LC_MESSAGES/django.mo and makes it the
    project's only catalogue, ``language`` one the requests may ask for. Changing the settings
    through pytest-django's ``settings`` resets Django's loaded catalogues, now and after."""
    catalog = Catalog(locale=language)
    for (context, msgid), string in entries.items():
        catalog.add(msgid, string, context=context, flags=("python-format",))
    target = folder / language / "LC_MESSAGES"
    target.mkdir(parents=True)
    with (target / "django.mo").open("wb") as handle:
        write_mo(handle, catalog)
    settings.LOCALE_PATHS = [folder]
    settings.LANGUAGES = [("en", "English"), (language, language)]


def back_to_english() -> None:
    """A request leaves its language active in the thread: the tests after it speak English."""
    translation.activate("en")
