"""``manage.py import FILE``: rebuilds what ``manage.py export`` wrote, all or nothing
(games.services.imports); ``-`` reads standard input."""

import sys

from django.core.management.base import BaseCommand, CommandError

from games.services.import_checks import ImportRefused, read_document
from games.services.imports import document_import


class Command(BaseCommand):
    help = (
        "Imports a match, tournament or club exported by `manage.py export`, in one "
        "transaction: every match is folded again and must give the exported states. Public "
        "ids and slugs are kept, and one already taken here refuses the import (see --new-ids, "
        "--slug). Nothing is written if anything is refused."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="the export document, or - for stdin")
        parser.add_argument(
            "--new-ids",
            action="store_true",
            help="import a copy: new public ids for its matches, tournaments, evenings and seasons",
        )
        parser.add_argument("--slug", help="a club document: import the club under this slug")
        parser.add_argument(
            "--club", help="a tournament document: the club (slug) to import it into"
        )

    def handle(self, *args, file, new_ids, slug, club, **options):
        try:
            if file == "-":
                text = sys.stdin.buffer.read()
            else:
                with open(file, "rb") as handle:
                    text = handle.read()
        except OSError as exc:
            raise CommandError(f"Cannot read {file}: {exc.strerror}.") from None
        try:
            imported = document_import(read_document(text), new_ids=new_ids, slug=slug, club=club)
        except ImportRefused as exc:
            raise CommandError(f"Nothing was imported. {exc}") from None
        self.stdout.write(f"Imported {imported.kind} {imported.name}.")
        for public_id, edit_key in imported.matches:
            self.stdout.write(f"  match {public_id}: share /m/{public_id}/")
            if edit_key:
                link = f"/m/{public_id}/edit/{edit_key}/"
                self.stdout.write(f"    new edit link (shown once): {link}")
        for public_id, edit_key in imported.evenings:
            self.stdout.write(f"  evening {public_id}: share /s/{public_id}/")
            self.stdout.write(
                f"    new edit link for its matches (shown once): /s/{public_id}/edit/{edit_key}/"
            )
        for public_id in imported.tournaments:
            self.stdout.write(
                f"  tournament {public_id}: /t/{public_id}/ (tables have new keys: print the "
                "cards of rounds still being played again)"
            )
        for username in imported.accounts_created:
            self.stdout.write(
                f"  account {username} made without a password: manage.py changepassword {username}"
            )
