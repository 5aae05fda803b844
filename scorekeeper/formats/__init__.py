"""The project's own date formats, read before Django's for a language (FORMAT_MODULE_PATH):
the pages write a date with ``|date`` alone, and each language takes Django's format for it
("25 novembre 2026", "2026年11月25日", "25 نوامبر 2026") except where this package says
otherwise."""
