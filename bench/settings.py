"""The bench's settings: production's (local's on SQLite, when no DATABASE_URL is given) with
the bench's own URL configuration, which adds the floor view to the app's URLs. ``bench.run``
sets the environment (a throwaway SECRET_KEY, HTTPS=false, rate limits out of the way)."""

import os
import sys
import warnings

# A production install has none of DRF's optional extras: requests, markdown and pygments come
# with the development tools (schemathesis), and DRF imports them whenever they are installed,
# for its test client and the browsable API's docs, neither of which production serves; nor
# jinja2 (openapi-python-client's), which Django's test utilities import whenever installed and
# drf-spectacular imports those. The bench runs in the development environment; without them
# its workers weigh what production's do (about 6 MiB less), which the memory budget is about.
for _extra in ("requests", "markdown", "pygments", "jinja2"):
    sys.modules.setdefault(_extra, None)  # type: ignore[arg-type]

if os.environ.get("DATABASE_URL"):
    from scorekeeper.settings.production import *  # noqa: F403
else:
    from scorekeeper.settings.local import *  # noqa: F403

ROOT_URLCONF = "bench.urls"
# The pages name their CSS and JS through {% static %}; production's manifest storage would
# need a collectstatic first, for a name lookup that costs nothing next to a request.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# No collected static files either: the test client and gunicorn are not asked for them.
warnings.filterwarnings("ignore", message="No directory at", module="whitenoise.base")
