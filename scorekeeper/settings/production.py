"""Production settings: everything from the environment, nothing defaulted that could be unsafe."""

import os

from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403
from .base import env_bool

if not os.environ.get("SECRET_KEY"):
    raise ImproperlyConfigured("SECRET_KEY must be set in production.")
if not os.environ.get("DATABASE_URL"):
    raise ImproperlyConfigured("DATABASE_URL must be set in production.")

# WhiteNoise serves the collected static files right after the security middleware.
_security = MIDDLEWARE.index("django.middleware.security.SecurityMiddleware")  # noqa: F405
MIDDLEWARE = [
    *MIDDLEWARE[: _security + 1],  # noqa: F405
    "whitenoise.middleware.WhiteNoiseMiddleware",
    *MIDDLEWARE[_security + 1 :],  # noqa: F405
]
# One JSON object a line, for the log collector (LOG_FORMAT=text for readable lines).
LOG_FORMAT = os.environ.get("LOG_FORMAT", "json")
LOGGING["handlers"]["console"]["formatter"] = "json" if LOG_FORMAT == "json" else "text"  # noqa: F405
# Behind a proxy that ends TLS, the proxy says the request came over HTTPS.
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# HTTPS only, unless HTTPS=false for a plain-HTTP run on one's own machine: that one switch
# turns off the redirect, the secure cookies and HSTS together.
HTTPS = env_bool("HTTPS", True)
SECURE_SSL_REDIRECT = HTTPS
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
LANGUAGE_COOKIE_SECURE = HTTPS
SECURE_HSTS_SECONDS = int(os.environ.get("HSTS_SECONDS", 31536000)) if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("HSTS_INCLUDE_SUBDOMAINS", True)
# Preloading puts the domain into browsers' own lists, which takes months to undo: a club
# decides that itself (HSTS_PRELOAD=true), so the check that suggests it is silenced.
SECURE_HSTS_PRELOAD = env_bool("HSTS_PRELOAD", False)
SILENCED_SYSTEM_CHECKS = [] if SECURE_HSTS_PRELOAD else ["security.W021"]
SECURE_CONTENT_TYPE_NOSNIFF = True
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
