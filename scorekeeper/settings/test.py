"""Settings for the test suite: the database of ``DATABASE_URL`` (PostgreSQL in CI), Celery eager
except in the tests that prove the broker path."""

import os

from .base import *  # noqa: F403

DEBUG = False
SECRET_KEY = os.environ.get("SECRET_KEY") or "test-only-not-secret"
ALLOWED_HOSTS = ["testserver", "127.0.0.1", "localhost"]
CELERY_TASK_ALWAYS_EAGER = True
DJANGO_GUID = {**DJANGO_GUID, "INTEGRATIONS": []}  # noqa: F405  (eager: see base)
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# Tests share one address and one process: only the throttling tests meet the limits, which
# they set themselves; the cache is this process's, whatever the environment says.
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
REST_FRAMEWORK = {
    **REST_FRAMEWORK,  # noqa: F405
    "DEFAULT_THROTTLE_RATES": dict.fromkeys(THROTTLE_RATES, "100000/min"),  # noqa: F405
}
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.InMemoryStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
if DATABASES["default"]["ENGINE"].endswith("postgresql"):  # noqa: F405
    # A test database is thrown away: its commits need not wait for the disk.
    DATABASES["default"]["OPTIONS"]["options"] = "-c synchronous_commit=off"  # noqa: F405
