"""``manage.py export match|tournament|club <id> [-o FILE]``: one versioned JSON document
(games.services.exports), on standard output unless a file is named."""

import json

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from games.services.errors import NotFound
from games.services.exports import document_export


class Command(BaseCommand):
    help = (
        "Writes a match or a tournament (by public id) or a club (by slug, with its members, "
        "house rules, tournaments, evenings and seasons) as a JSON document that `manage.py "
        "import` rebuilds. "
        "No key or key hash is ever written."
    )

    def add_arguments(self, parser):
        parser.add_argument("kind", choices=["match", "tournament", "club"])
        parser.add_argument(
            "id",
            help="the public id of a match or tournament, a club's slug (an id that begins "
            "with '-' goes after '--': export match -- -Xy1…)",
        )
        parser.add_argument("-o", "--output", help="write to this file instead of stdout")

    def handle(self, *args, kind, id, output, **options):
        try:
            document = document_export(kind, id, now=timezone.now())
        except NotFound as exc:
            raise CommandError(str(exc)) from None
        text = json.dumps(document, ensure_ascii=False, indent=1) + "\n"
        if output:
            with open(output, "w", encoding="utf-8") as file:
                file.write(text)
            self.stderr.write(f"Wrote {kind} {id} to {output} ({len(text.encode())} bytes).")
        else:
            self.stdout.write(text, ending="")
