"""The WSGI application gunicorn serves for the load figures: production's (the poll's fast
path in front of Django), with the bench's settings (the floor view)."""

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.settings")

from scorekeeper.wsgi import application  # noqa: F401  (after the settings are chosen)
