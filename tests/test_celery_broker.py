"""The broker path: a task queued on commit travels through the real broker (Redis in CI) to a
worker, which calls the service. Skipped (failed in CI) when no broker is configured or it is
down."""

import time

import pytest
from celery.contrib.testing.worker import start_worker
from django.db import transaction

from games.models import Match
from games.services import deal_record, match_create
from games.tasks import recompute_match
from scorekeeper.celery import app
from tests.services import broker_url

pytestmark = [
    pytest.mark.broker,
    pytest.mark.django_db(transaction=True),
]


@pytest.fixture
def worker():
    app.conf.update(task_always_eager=False, broker_url=broker_url())
    try:
        with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
            yield
    finally:
        app.conf.update(task_always_eager=True)


def wait_for_version(match: Match, version: int, seconds: float = 20) -> Match:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        match.refresh_from_db()
        if match.version >= version:
            return match
        time.sleep(0.05)
    return match


def test_a_task_queued_on_commit_runs_on_a_worker_through_the_broker(worker):
    match, _ = deal_record(
        match=match_create(game="marafon", players=["A", "B", "C", "D"]).match,
        raw={"battezzante": 0, "trump": "coins", "points": [6, 5]},
    )
    Match.objects.filter(pk=match.pk).update(state={**match.state, "scores": [0, 0]})
    queued = []

    with transaction.atomic():
        transaction.on_commit(lambda: queued.append(recompute_match.delay(match.pk)))
        assert queued == []  # nothing leaves before the commit
    assert len(queued) == 1

    match = wait_for_version(match, 2)

    assert match.version == 2
    assert match.state["scores"] == [6, 5]
