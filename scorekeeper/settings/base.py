"""Settings shared by every environment. Everything that differs between machines comes from
the environment: ``DATABASE_URL``, ``CELERY_BROKER_URL``, ``SECRET_KEY``, ``DEBUG``,
``ALLOWED_HOSTS``."""

import os
from pathlib import Path

import dj_database_url
from django_guid.integrations import CeleryIntegration

from scorekeeper.logfilters import install as redact_every_log_record

BASE_DIR = Path(__file__).resolve().parent.parent.parent
DATA_DIR = Path(os.environ.get("SCOREKEEPER_DATA_DIR", BASE_DIR / "data"))


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


SECRET_KEY = os.environ.get("SECRET_KEY", "")
DEBUG = env_bool("DEBUG", False)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.forms",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_guid",
    "games",
    "api",
]

MIDDLEWARE = [
    # Health answers come first: a proxy probes a node by its address, over plain HTTP.
    "scorekeeper.health.HealthMiddleware",
    # The live pages' poll, as cheap as the health answers: no session, no log line.
    "games.pages.live.PollMiddleware",
    "django_guid.middleware.guid_middleware",
    "scorekeeper.requestlog.RequestLog",
    # Under /api/: a body that is not JSON is a 415, and every error answer is JSON.
    "api.middleware.JsonOnly",
    "django.middleware.security.SecurityMiddleware",
    "scorekeeper.middleware.RefuseUnreadableRequests",
    "csp.middleware.CSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    # After the language is known, before the page's length is: a Persian page's digits.
    "scorekeeper.middleware.NativeDigits",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, so that it sees a view's exception first.
    "scorekeeper.unavailable.DatabaseOutage",
]

# Form widgets from the project's templates first (templates/django/forms/widgets/: a row of
# chips without the whitespace Django's own put between them, some 300 bytes of every match
# page), then Django's own (the django.forms app).
FORM_RENDERER = "django.forms.renderers.TemplatesSetting"

ROOT_URLCONF = "scorekeeper.urls"
WSGI_APPLICATION = "scorekeeper.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]


def database_from_env() -> dict:
    """SQLite in the repo-local data folder unless ``DATABASE_URL`` names another database.
    PostgreSQL goes through psycopg 3 with Django's connection pool."""
    url = os.environ.get("DATABASE_URL")
    if not url:
        DATA_DIR.mkdir(parents=True, exist_ok=True)
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": DATA_DIR / "scorekeeper.sqlite3",
            # SQLite serialises writers; waiting beats failing with "database is locked".
            "OPTIONS": {"timeout": 20, "transaction_mode": "IMMEDIATE"},
        }
    config = dj_database_url.parse(url)
    if config["ENGINE"] == "django.db.backends.postgresql":
        # A pool and persistent connections exclude each other in Django.
        config["CONN_MAX_AGE"] = 0
        config.setdefault("OPTIONS", {})["pool"] = {
            "min_size": int(os.environ.get("DB_POOL_MIN_SIZE", "1")),
            "max_size": int(os.environ.get("DB_POOL_MAX_SIZE", "10")),
            # With the database down a request waits this long for a connection, then answers
            # 503 (scorekeeper.unavailable); the pool reconnects by itself once it is back.
            "timeout": float(os.environ.get("DB_POOL_TIMEOUT", "5")),
        }
        config["OPTIONS"].setdefault("connect_timeout", 3)
        # Server-side prepared statements: a statement run five times on a connection is
        # planned once (a deal's lock spent more in planning than in running). Django turns
        # them off by default for poolers in transaction mode (PgBouncer): set
        # DB_PREPARE_THRESHOLD= (empty) there, which also binds parameters client-side again.
        threshold = os.environ.get("DB_PREPARE_THRESHOLD", "5")
        config["OPTIONS"]["prepare_threshold"] = int(threshold) if threshold else None
        # Parameters bound by the server, so that one statement's text repeats and can be
        # prepared (client-side binding writes the values into the text).
        config["OPTIONS"]["server_side_binding"] = bool(threshold)
    return config


DATABASES = {"default": database_from_env()}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
# Each language named in itself, as the language menu shows it. A new one: docs/architecture.md,
# "How to add a language".
LANGUAGES = [
    ("en", "English"),
    ("it", "Italiano"),
    ("es", "Español"),
    # A variant: its catalogue (locale/es_MX) holds only what Mexico says otherwise ("celular",
    # not "móvil"); every other message falls back to es through gettext.
    ("es-mx", "Español (México)"),
    ("nl", "Nederlands"),
    ("ja", "日本語"),
    ("fa", "فارسی"),
]
# The language menu's choice is kept a year (Django's default keeps it for the browser's
# session only); the Accept-Language header decides until a phone chooses.
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True
LOCALE_PATHS = [BASE_DIR / "locale"]
# Dates and numbers as each language writes them (``|date``, ``|money``); our own formats first.
FORMAT_MODULE_PATH = ["scorekeeper.formats"]

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]

# Generous defaults: a whole club room behind one address scores without meeting them. Signing
# in counts failures only (scorekeeper.throttling): per account and address, per address, and a
# ceiling per account that one address cannot reach alone (10 an hour make 240 a day, under 300).
THROTTLE_RATES = {
    "sign_in_account_address": os.environ.get("THROTTLE_SIGN_IN_ACCOUNT_ADDRESS", "10/hour"),
    "sign_in_address": os.environ.get("THROTTLE_SIGN_IN_ADDRESS", "30/hour"),
    "sign_in_account": os.environ.get("THROTTLE_SIGN_IN_ACCOUNT", "300/day"),
    "sign_up": os.environ.get("THROTTLE_SIGN_UP", "10/hour"),
    "write_client": os.environ.get("THROTTLE_WRITE_CLIENT", "240/min"),
    "write_address": os.environ.get("THROTTLE_WRITE_ADDRESS", "2400/min"),
}


def cache_from_env() -> dict:
    """The throttles' counts must be shared by every web process: Redis in production
    (``CACHE_URL``, or the broker's Redis), this process's memory for ``make run``."""
    url = os.environ.get("CACHE_URL") or os.environ.get("CELERY_BROKER_URL", "")
    if url.startswith(("redis://", "rediss://")):
        return {
            "BACKEND": "scorekeeper.cache.RedisCache",
            "LOCATION": url,
            "KEY_PREFIX": "scorekeeper",
            # Down is down: a request does not wait on an unreachable cache.
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    return {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}


CACHES = {"default": cache_from_env()}

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "api.tokens.HashedTokenAuthentication",
    ],
    "DEFAULT_THROTTLE_CLASSES": [
        "scorekeeper.throttling.WriteClientThrottle",
        "scorekeeper.throttling.WriteAddressThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": THROTTLE_RATES,
    # How many reverse proxies stand in front: the Nth X-Forwarded-For entry from the right
    # names the client (scorekeeper.addresses). 0 or unset: the socket's address, the header
    # ignored. Never None: DRF would then take the whole header, written by the client.
    "NUM_PROXIES": int(os.environ.get("NUM_PROXIES") or "0"),
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_SCHEMA_CLASS": "api.schema.ScorekeeperAutoSchema",
    "DEFAULT_PAGINATION_CLASS": "api.pagination.Pages",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "api.exceptions.exception_handler",
    # JSON only (a form cannot carry a nested deal), so the schema offers clients nothing else;
    # the pages are Django's own views and keep their forms.
    "DEFAULT_PARSER_CLASSES": ["api.parsers.CheckedJSONParser"],
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "scorekeeper API",
    "DESCRIPTION": "Keeps score for card games played at a real table.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # The interactive docs are served from our own static files: no CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # Django's slug converter, as its pattern (drf-spectacular gives it none).
    "PATH_CONVERTER_OVERRIDES": {"slug": {"type": "string", "pattern": "^[-a-zA-Z0-9_]+$"}},
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "api.schema.not_required_when_omitted",
        "api.links.add_links",
    ],
    "ENUM_NAME_OVERRIDES": {
        "GameEnum": "games.models.matches.GAME_CHOICES",
        "TournamentFormatEnum": "games.models.tournaments.FORMAT_CHOICES",
        "RoundKindEnum": "games.models.tournaments.Tournament.RoundKind",
        "TournamentStatusEnum": "games.models.tournaments.Tournament.Status",
        "EntrantStatusEnum": "games.models.tournaments.Entrant.Status",
    },
}

# No inline script or style anywhere: every page's script and style are files of our own.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        # The service worker (/sw.js) and the web app manifest are our own files too.
        "worker-src": ["'self'"],
        "manifest-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

CELERY_BEAT_SCHEDULE = {
    # A standings recompute whose message the broker lost (or never took: it was down) is caught
    # up here: the dirty mark in the database is what counts. Both sweeps are one indexed query
    # when there is nothing to do, so they run often: work lost with the broker is done again
    # within seconds of its return.
    "sweep-dirty-standings": {"task": "games.sweep_dirty_standings", "schedule": 10.0},
    # Likewise a draw whose message was lost: the round stays "drawing" in the database.
    "sweep-stuck-draws": {"task": "games.sweep_stuck_draws", "schedule": 10.0},
    # And club ratings, marked dirty like the standings.
    "sweep-dirty-ratings": {"task": "games.sweep_dirty_ratings", "schedule": 10.0},
    # And club seasons' standings, marked dirty like the tournament standings.
    "sweep-dirty-seasons": {"task": "games.sweep_dirty_seasons", "schedule": 10.0},
    "purge-idempotency-records": {
        "task": "games.purge_idempotency_records",
        "schedule": 3600.0,
    },
    # Guests' names in friendly matches untouched for GUEST_NAME_RETENTION_DAYS become "Guest"
    # (issue 31); a day late is no harm, so once an hour is plenty.
    "forget-guest-names": {"task": "games.forget_guest_names", "schedule": 3600.0},
}

# How long the names typed for guests of a friendly match are kept once the match is left
# untouched (tournament tables and club evenings keep theirs: the club's record).
GUEST_NAME_RETENTION_DAYS = int(os.environ.get("GUEST_NAME_RETENTION_DAYS", "730"))

CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "")
# Without a broker the tasks run in-process, so the app works with no other service.
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_TIME_LIMIT = 120
CELERY_TASK_SOFT_TIME_LIMIT = 100
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A job's need is in the database and the sweeps catch up a lost message (games.services.jobs),
# so no message has to outlive a worker. Redis's ack emulation would keep the messages a worker
# holds, but when the broker goes away while a task runs, restoring them on a connection already
# closed raises AttributeError in kombu ("Unrecoverable error") and the worker exits: seen in
# tests/system/test_faults.py. Without it, those messages are dropped and the sweeps redo them.
CELERY_BROKER_TRANSPORT_OPTIONS = {"ack_emulation": False}
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_RESULT_BACKEND = None
CELERY_TASK_IGNORE_RESULT = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# With the broker down, publishing a job gives up within about two seconds (the request has
# committed already; the sweeps below catch the job up) instead of holding the answer.
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 2,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.5,
}
# The worker and beat log through LOGGING below (JSON lines in production), not Celery's own.
CELERY_WORKER_HIJACK_ROOT_LOGGER = False

redact_every_log_record()
# Every line of a request carries its id (django-guid), which the answer returns as X-Request-ID;
# a proxy's own id is taken when it is a well-formed one. Jobs queued by the request log it too.
DJANGO_GUID = {
    "GUID_HEADER_NAME": "X-Request-ID",
    "VALIDATE_GUID": True,
    # A job carries the id of the request that queued it; a scheduled job gets its own. Not
    # for jobs run eagerly (make run): in the request's own thread, the integration would
    # clear the request's id when the job ends.
    "INTEGRATIONS": []
    if CELERY_TASK_ALWAYS_EAGER
    else [CeleryIntegration(use_django_logging=True)],
}
# JSON lines in production (one object a line, for the log collector), readable lines at the
# table's own machine.
LOG_FORMAT = os.environ.get("LOG_FORMAT", "text")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        # Keys travel in links and headers: no log line may show one.
        "redact_secrets": {"()": "scorekeeper.logfilters.RedactSecrets"},
        "request_id": {
            "()": "django_guid.log_filters.CorrelationId",
            "correlation_id_field": "request_id",
        },
    },
    # Both write a line redacted whole, whatever field of the record held a key.
    "formatters": {
        "text": {
            "()": "scorekeeper.logfilters.TextFormatter",
            "format": "%(asctime)s %(levelname)s [%(request_id)s] %(name)s: %(message)s",
        },
        "json": {
            "()": "scorekeeper.logfilters.JsonFormatter",
            "format": "%(asctime)s %(levelname)s %(name)s %(message)s %(request_id)s",
            "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
        },
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "filters": ["request_id", "redact_secrets"],
            "formatter": "json" if LOG_FORMAT == "json" else "text",
        },
    },
    "loggers": {
        # Django's own handlers (a console under DEBUG, the admins' mail, which writes the whole
        # request) are dropped: its lines go through the one redacting handler above.
        "django": {"level": "INFO", "handlers": [], "propagate": True},
        # runserver's own request lines repeat scorekeeper.requests' (which carry the id).
        "django.server": {"handlers": ["console"], "level": "WARNING", "propagate": False},
        "celery": {"level": os.environ.get("LOG_LEVEL", "INFO").upper()},
        # A line for every job received, run and scheduled (the sweeps run every 10 s) would
        # drown what matters; the services log their own lines for draws, sweeps that found
        # work and recomputes. LOG_LEVEL=DEBUG shows them again.
        **{
            name: {"level": "DEBUG" if os.environ.get("LOG_LEVEL") == "DEBUG" else "WARNING"}
            for name in ("celery.app.trace", "celery.worker.strategy", "celery.beat")
        },
        # It says at INFO each id it passes on: noise for an operator.
        "django_guid": {"level": "WARNING"},
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO").upper()},
}
