import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("dev", deadline=None, max_examples=60)
settings.register_profile(
    "ci",
    deadline=None,
    max_examples=120,
    derandomize=True,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def pytest_configure(config):
    """The tests read the compiled catalogues: a .po changed since (or never compiled, when
    pytest runs without make) is compiled first, as make does."""
    from scorekeeper.catalogues import compile_stale

    compile_stale()


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
