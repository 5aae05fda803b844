# make run: set up .venv, migrate, serve on 127.0.0.1:8000 (SQLite, Celery eager).
# make test: set up .venv with the dev extras and run the whole suite.
# make serve: production on one machine (PostgreSQL and Redis from DATABASE_URL and
#   CELERY_BROKER_URL): migrate, collectstatic, then gunicorn, one Celery worker and one beat,
#   supervised together by honcho (Ctrl-C stops all three). make web / worker / beat run one.

VENV := .venv
BIN := $(VENV)/bin
# The first Python >= 3.11 on the PATH, unless PYTHON is given.
PYTHON ?= $(shell for p in python3.13 python3.12 python3.11 python3; do \
	command -v $$p >/dev/null 2>&1 && $$p -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
	2>/dev/null && { echo $$p; break; }; done)
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint bench serve web worker beat ready prepare clean catalogues

# The translations: each catalogue compiled by Babel's pure-Python compiler (no GNU gettext),
# again whenever its .po changes.
CATALOGUES := $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/*.po))

# The production processes never fall back to the local settings (DEBUG, a built-in key).
PRODUCTION := DJANGO_SETTINGS_MODULE=scorekeeper.settings.production
export LOG_LEVEL ?= info
export WORKER_CONCURRENCY ?= 2
export BEAT_SCHEDULE_FILE ?= $(CURDIR)/data/celerybeat-schedule
# glibc gives each thread its own malloc arena; two are plenty for gthread workers and keep
# their memory from growing with the number of threads.
export MALLOC_ARENA_MAX ?= 2

$(BIN)/python:
	@test -n "$(PYTHON)" || { echo "Python 3.11 or newer is needed (set PYTHON=...)." >&2; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	@touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $@ $(VENV)/.installed

locale/%.mo: locale/%.po | $(VENV)/.installed
	$(BIN)/python -m scorekeeper.catalogues $<

catalogues: $(CATALOGUES)

run: $(VENV)/.installed $(CATALOGUES)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

test: $(VENV)/.installed-dev $(CATALOGUES)
	$(BIN)/python -m pytest $(PYTEST_ARGS)

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

bench: $(VENV)/.installed-dev $(CATALOGUES)
	$(BIN)/python -m bench

# Checks the database and the broker, and sets the database and the static files up.
prepare: $(VENV)/.installed $(CATALOGUES)
	$(PRODUCTION) $(BIN)/python manage.py ready --wait 30
	$(PRODUCTION) $(BIN)/python manage.py migrate --noinput
	$(PRODUCTION) $(BIN)/python manage.py collectstatic --noinput --verbosity 0
	@mkdir -p $(dir $(BEAT_SCHEDULE_FILE))

serve: prepare
	$(PRODUCTION) $(BIN)/honcho start --no-prefix --port $(PORT) -f Procfile

web: $(VENV)/.installed $(CATALOGUES)
	$(PRODUCTION) $(BIN)/gunicorn scorekeeper.wsgi --config scorekeeper/gunicorn.py

# One worker; start as many as the load needs, on any machine.
worker: $(VENV)/.installed $(CATALOGUES)
	$(PRODUCTION) $(BIN)/celery -A scorekeeper worker --loglevel=$(LOG_LEVEL) \
		--concurrency=$(WORKER_CONCURRENCY) --without-mingle --without-gossip

# The schedule (sweeps, purges): exactly one beat for the whole service, wherever it runs.
beat: $(VENV)/.installed $(CATALOGUES)
	@mkdir -p $(dir $(BEAT_SCHEDULE_FILE))
	$(PRODUCTION) $(BIN)/celery -A scorekeeper beat --loglevel=$(LOG_LEVEL) \
		--schedule=$(BEAT_SCHEDULE_FILE)

# The readiness answer (database, broker) as JSON; exits 1 when the database is down.
ready: $(VENV)/.installed
	$(PRODUCTION) $(BIN)/python manage.py ready

clean:
	rm -rf $(VENV) data .pytest_cache .hypothesis .ruff_cache
	rm -f $(CATALOGUES)
