"""Settings for ``make run``: a developer's or a table's own machine, SQLite by default."""

import os

from .base import *  # noqa: F403
from .base import env_bool, env_list

DEBUG = env_bool("DEBUG", True)
# Not a secret: it only signs sessions on a machine that serves 127.0.0.1.
SECRET_KEY = os.environ.get("SECRET_KEY") or "local-development-only-not-secret"
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])

# A player who reaches a missing page sees the friendly 404, not Django's list of URLs.
MIDDLEWARE = [*MIDDLEWARE, "scorekeeper.middleware.FriendlyNotFound"]  # noqa: F405
