import os

import pytest
from hypothesis import HealthCheck, settings

from tests.services import in_ci, reachable

# Example counts are chosen, not inherited: "dev" for the inner loop, "ci" for `.ci/run`, where
# the examples are fixed (derandomized) so that a run is repeatable and its time known.
settings.register_profile("dev", deadline=None, max_examples=30)
settings.register_profile(
    "ci",
    deadline=None,
    max_examples=60,
    derandomize=True,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

BROWSER_TESTS = os.path.join(os.path.dirname(__file__), "browser") + os.sep
# The fixtures of pytest-django that open the test database.
DATABASE_FIXTURES = {"db", "transactional_db", "django_db_setup", "live_server", "client"}


def pytest_configure(config):
    """The tests read the compiled catalogues: a .po changed since (or never compiled, when
    pytest runs without make) is compiled first, as make does."""
    from scorekeeper.catalogues import compile_stale

    config.addinivalue_line(
        "markers", "browser: drives Chromium (tests/browser); make test-fast skips"
    )
    # Under xdist every worker compiles: each writes through its own temporary file.
    compile_stale()


def pytest_collection_modifyitems(config, items):
    for item in items:
        if str(item.fspath).startswith(BROWSER_TESTS):
            item.add_marker(pytest.mark.browser)

    # The parallel run ends when its longest test does: the tests that take tens of seconds go
    # first, and the workers share out the short ones around them (xdist's worksteal).
    def order(item) -> int:
        marks = {mark.name for mark in item.iter_markers()}
        return 0 if "system" in marks else 1 if "slow" in marks else 2

    items.sort(key=order)
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith(("postgres://", "postgresql://")) and not reachable(url, 5432):
        reason = f"PostgreSQL at {url.rsplit('@', 1)[-1].split('/')[0]} is down: start it"
        if in_ci():
            raise pytest.UsageError(reason)
        skip = pytest.mark.skip(reason=reason)
        for item in items:
            if item.get_closest_marker("django_db") or DATABASE_FIXTURES & set(item.fixturenames):
                item.add_marker(skip)


@pytest.fixture(scope="session", autouse=True)
def _own_celery_queue(worker_id):
    """Parallel workers share the broker: each sends and consumes on a queue of its own, so one
    worker's Celery never runs a task for another worker's database."""
    if worker_id != "master":
        from scorekeeper.celery import app

        app.conf.task_default_queue = f"tests-{worker_id}"
    yield


@pytest.fixture
def api_client():
    from rest_framework.test import APIClient

    return APIClient()


@pytest.fixture(autouse=True)
def _english_between_tests():
    """Django's LocaleMiddleware activates a request's language for the thread and leaves it
    there (the next request sets its own): a test asking in Persian must not leave Persian to
    the next test's code outside a request."""
    yield
    from django.utils import translation

    translation.activate("en")


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """pytest-django's test database, and before it is dropped, the connections other threads
    opened to it ended (the browser tests' live server, a Celery worker's thread, each with a
    pooled connection it never handed back): else the drop fails ("being accessed by other
    users"), with a warning, and the database stays behind."""
    yield
    from django.db import connections

    with django_db_blocker.unblock():
        for connection in connections.all(initialized_only=True):
            if connection.vendor == "postgresql":
                with connection.cursor() as cursor:
                    cursor.execute(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                        " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                    )
            if hasattr(connection, "close_pool"):
                connection.close()
                connection.close_pool()
