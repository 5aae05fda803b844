"""gunicorn's settings for ``make web`` and ``make serve``, all from the environment.

Threads, not processes, carry most of the load: a deal is a short transaction and the workers
wait on PostgreSQL, so gthread workers (``WEB_CONCURRENCY`` processes of ``THREADS`` threads)
serve many phones with little memory."""

import os

bind = f"{os.environ.get('HOST', '0.0.0.0')}:{os.environ.get('PORT', '8000')}"
worker_class = "gthread"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
threads = int(os.environ.get("THREADS", "4"))
# A request that takes longer than this is stuck (a draw runs in Celery, not here).
timeout = int(os.environ.get("WEB_TIMEOUT", "30"))
graceful_timeout = 20
keepalive = 5
# HTTP parsed by gunicorn_h1c, gunicorn's C parser (a dependency): most of a poll's cost was
# gunicorn's pure-Python parsing. "fast" fails at start-up rather than fall back unnoticed.
http_parser = "fast"
# Django writes one line per request, with its request id (scorekeeper.requestlog); gunicorn's
# own access log would repeat it without one. Errors still go to standard error.
accesslog = None
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info").lower()
# The proxy in front says who the client is and whether it came over HTTPS.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
# Recycle a worker now and then, so that a slow leak never grows a process without bound.
max_requests = int(os.environ.get("MAX_REQUESTS", "5000"))
max_requests_jitter = 500

# gunicorn's own lines (start, workers booted or killed, "Error handling request <uri>" with its
# traceback) in the service's format, JSON lines unless LOG_FORMAT=text, and redacted like
# every other line (scorekeeper.logfilters): a request's address can hold a key.
_FORMATTERS = {
    "json": {
        "()": "scorekeeper.logfilters.JsonFormatter",
        "format": "%(asctime)s %(levelname)s %(name)s %(message)s",
        "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
    },
    "text": {
        "()": "scorekeeper.logfilters.TextFormatter",
        "format": "%(asctime)s [%(process)d] [%(levelname)s] %(message)s",
        "datefmt": "[%Y-%m-%d %H:%M:%S %z]",
    },
}
_FORMAT = "json" if os.environ.get("LOG_FORMAT", "json") == "json" else "text"
logconfig_dict = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"redact_secrets": {"()": "scorekeeper.logfilters.RedactSecrets"}},
    "formatters": {_FORMAT: _FORMATTERS[_FORMAT]},
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "filters": ["redact_secrets"],
            "formatter": _FORMAT,
            "stream": "ext://sys.stderr",
        }
    },
    "loggers": {
        "gunicorn.error": {
            "handlers": ["console"],
            "level": loglevel.upper(),
            "propagate": False,
        }
    },
    "root": {"handlers": [], "level": "WARNING"},
}
