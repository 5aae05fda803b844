"""``manage.py ready``: the readiness answer of ``/readyz/`` from the command line, as JSON.
Exits 1 while the database is down; ``--wait N`` keeps asking for up to N seconds first, so
that ``make serve`` starts once PostgreSQL answers and says plainly when it does not."""

import json
import time

from django.core.management.base import BaseCommand, CommandError

from scorekeeper.health import readiness


class Command(BaseCommand):
    help = "Checks the database and the broker; exits 1 while the database is down."

    def add_arguments(self, parser):
        parser.add_argument("--wait", type=float, default=0, help="seconds to keep trying")

    def handle(self, *args, wait: float, **options):
        deadline = time.monotonic() + wait
        while True:
            code, body = readiness()
            if code == 200 or time.monotonic() >= deadline:
                break
            time.sleep(1)
        self.stdout.write(json.dumps(body))
        if code != 200:
            raise CommandError("The database cannot be reached: check DATABASE_URL.")
        if body["components"]["broker"]["status"] == "down":
            self.stderr.write(
                "The broker cannot be reached (CELERY_BROKER_URL): writes still commit, and "
                "their jobs are caught up once it is back."
            )
