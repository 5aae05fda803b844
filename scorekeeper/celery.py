"""The Celery application. The broker comes from ``CELERY_BROKER_URL``; without one, tasks run
eagerly in the web process so that ``make run`` needs no other service."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings.local")

app = Celery("scorekeeper")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
