import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings.production")
django_application = get_wsgi_application()

# The live pages' poll is answered in front of Django when the cache holds its token
# (scorekeeper/polling.py): most requests a busy room sends cost no request object at all.
from scorekeeper.polling import PollApplication  # noqa: E402  (after Django is set up)

application = PollApplication(django_application)
