"""The Celery application. The broker comes from ``CELERY_BROKER_URL``; without one, tasks run
eagerly in the web process so that ``make run`` needs no other service.

A worker or beat started without ``DJANGO_SETTINGS_MODULE`` gets the production settings, like
the WSGI application: never the local ones (DEBUG on, a built-in key). ``manage.py`` chooses
the local settings before this module is imported, so ``make run`` is unchanged."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings.production")

app = Celery("scorekeeper")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
