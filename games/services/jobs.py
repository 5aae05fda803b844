"""Queueing background jobs after a write commits.

The write is what counts: each job's need is recorded in the database first (a dirty mark, a
round still drawing), and the periodic sweeps (games.tasks) do the job whenever its message is
lost. So publishing never fails the request that committed: with the broker down, the job is
logged as not queued, and the sweeps catch it up within seconds of the broker's return.

Jobs are named, not imported: the tasks (games.tasks) call services, so services find a task
in Celery's registry by its name and never import the tasks module (no import circle).
Eagerly run (``make run``, the tests), the job runs in the request's thread on commit."""

from __future__ import annotations

import logging
from typing import Any

from celery import current_app
from django.db import transaction
from kombu.exceptions import KombuError

logger = logging.getLogger("games.jobs")


DRAW_ROUND = "games.draw_round"
RECOMPUTE_STANDINGS = "games.recompute_standings"
RECOMPUTE_RATINGS = "games.recompute_ratings"
RECOMPUTE_SEASON = "games.recompute_season"


def publish(job: str, *args: Any, what: str) -> bool:
    """Sends the job (a task's name) now; False, logged, when the broker cannot take it."""
    try:
        current_app.tasks[job].delay(*args)
    except (KombuError, OSError) as exc:
        logger.warning(
            "job not queued, the broker is unreachable; the sweep catches it up: %s",
            what,
            extra={"job": job, "job_args": list(args), "error": type(exc).__name__},
        )
        return False
    return True


def queue_on_commit(job: str, *args: Any, what: str) -> None:
    """Sends the job once the current transaction commits (never for one rolled back)."""
    transaction.on_commit(lambda: publish(job, *args, what=what))
