# make run: set up .venv, migrate, serve on 127.0.0.1:8000 (SQLite, Celery eager).
# make test: set up .venv with the dev tools and run the whole suite, in parallel.
# make test-fast: the suite without the browser and system tests (the inner loop).
# make serve: production on one machine (PostgreSQL and Redis from DATABASE_URL and
#   CELERY_BROKER_URL): migrate, collectstatic, then gunicorn, one Celery worker and one beat,
#   supervised together by honcho (Ctrl-C stops all three). make web / worker / beat run one.
# make lock: refresh uv.lock to the newest versions pyproject.toml allows.
# make screenshots: the documentation's pictures (docs/img/), taken again from a seeded server.
#
# Every install comes from uv.lock (exact versions and hashes): uv itself is bootstrapped into
# .venv/.uv from PyPI at a pinned version, checked against its wheels' hashes, with the pip that
# `python -m venv` brings. `--locked` refuses a lock that pyproject.toml no longer matches.

VENV := .venv
BIN := $(VENV)/bin
# The first Python >= 3.11 on the PATH, unless PYTHON is given.
PYTHON ?= $(shell for p in python3.13 python3.12 python3.11 python3; do \
	command -v $$p >/dev/null 2>&1 && $$p -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
	2>/dev/null && { echo $$p; break; }; done)
HOST ?= 127.0.0.1
PORT ?= 8000

UV_VERSION := 0.13.9
# The wheels of uv $(UV_VERSION) on PyPI for Linux (x86_64 and aarch64, glibc and musl) and
# macOS (Intel and Apple): pip refuses any file whose hash is not one of these.
UV_HASHES := \
	d7f459fe4fd247d830351c75686d3996ace3c6f3f728eb0e85a30b7ada0cef19 \
	2c45530751517d6c3bbc69a19473f6effe47cce047bede01ffd8af7ea7b36b25 \
	5435c5ce14a56431208ca0996416d310f1598e8c2c8ba707688985a16bb82dbe \
	ecb6028d79dc96fbeafffe5c8af62a7099487ebc05a701e76714eebcffd06375 \
	c16ed11e013557536b3e60065f1b912f6407bd6518e041b961e23ef9e6b4fbf5 \
	66c512266d633bef48384a1f53003f41f2a8e7b36fe6e7fbfd3e0fd52d96fa63
UV := $(VENV)/.uv/bin/uv
# uv uses the .venv made here (never a Python it downloads), and says only what goes wrong.
export UV_PYTHON_DOWNLOADS := never
export UV_PROJECT_ENVIRONMENT := $(VENV)
UV_SYNC := $(UV) sync --locked --quiet
# Bytecode is kept, whatever the environment says (PYTHONDONTWRITEBYTECODE is set on some
# machines): uv compiles the installed packages once at install (a no-op sync takes 0.4 s), and
# Python keeps the .pyc of the project's modules and pytest's rewritten tests. Without them every
# process compiled Django and the rest from source again: 1.9 s of CPU to start one instead of
# 0.8 s, for each test worker and each gunicorn, Celery and manage.py the system tests start.
export UV_COMPILE_BYTECODE := 1
unexport PYTHONDONTWRITEBYTECODE
# The tests find uv here (the lock's own test).
export SCOREKEEPER_UV := $(CURDIR)/$(UV)

# Parallel test workers, each on a database of its own: one more than the cores, since the
# browser and system tests spend much of their time waiting on Chromium and real processes
# (on 2 cores: 3 workers, 4:47 against 5:13 with 2). Idle workers steal the queued tests of busy
# ones, so the long system tests do not leave a tail.
TEST_WORKERS ?= $(shell echo $$(( $$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1) + 1 )))
PYTEST := $(BIN)/python -m pytest -n $(TEST_WORKERS) --dist worksteal

.PHONY: run test test-fast lint bench serve web worker beat ready prepare clean catalogues \
	lock sync sync-runtime sync-production screenshots

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

# .venv holds only what the lock says (no pip, no setuptools); uv lives apart in .venv/.uv, a
# small environment of its own whose pip installs it.
$(UV):
	@test -n "$(PYTHON)" || { echo "Python 3.11 or newer is needed (set PYTHON=...)." >&2; exit 1; }
	@test -x $(BIN)/python || $(PYTHON) -m venv --without-pip $(VENV)
	@test -x $(VENV)/.uv/bin/python || $(PYTHON) -m venv $(VENV)/.uv
	@printf 'uv==%s %s\n' $(UV_VERSION) "$(foreach h,$(UV_HASHES),--hash=sha256:$(h))" | \
		$(VENV)/.uv/bin/python -m pip install --quiet --quiet --disable-pip-version-check \
		--no-cache-dir --only-binary :all: --require-hashes -r /dev/stdin

# Each target syncs .venv with the lock (a no-op in a few milliseconds when nothing moved):
# sync, with the dev tools, exactly the lock (anything else is removed); sync-runtime, the
# service's own packages at the lock's versions, leaving a developer's test tools in place;
# sync-production, exactly the service's own packages.
sync: | $(UV)
	$(UV_SYNC)

sync-runtime: | $(UV)
	$(UV_SYNC) --no-dev --inexact

sync-production: | $(UV)
	$(UV_SYNC) --no-dev

# The newest versions pyproject.toml allows, written to uv.lock (then: make test, and read the
# changelogs of what moved).
lock: | $(UV)
	$(UV) lock --upgrade

locale/%.mo: locale/%.po | sync-runtime
	$(BIN)/python -m scorekeeper.catalogues $<

catalogues: $(CATALOGUES)

run: sync-runtime $(CATALOGUES)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

# Everything, the browser and system tests included, across $(TEST_WORKERS) workers.
test: sync $(CATALOGUES)
	$(PYTEST) $(PYTEST_ARGS)

# The inner loop, while changing code: without the browser and system tests, and without the
# sweeps marked slow (fuzzing, whole tournaments, every route and every page in every language).
test-fast: sync $(CATALOGUES)
	$(PYTEST) -m "not browser and not system and not slow" $(PYTEST_ARGS)

lint: sync
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

bench: sync $(CATALOGUES)
	$(BIN)/python -m bench

# docs/img/ again, after the pages change: a throwaway SQLite database, seeded, served by
# runserver on a spare port and photographed by Playwright with Debian's Chromium.
screenshots: sync $(CATALOGUES)
	$(BIN)/python docs/screenshots.py

# Checks the database and the broker, and sets the database and the static files up.
prepare: sync-production $(CATALOGUES)
	$(PRODUCTION) $(BIN)/python manage.py ready --wait 30
	$(PRODUCTION) $(BIN)/python manage.py migrate --noinput
	$(PRODUCTION) $(BIN)/python manage.py collectstatic --noinput --verbosity 0
	@mkdir -p $(dir $(BEAT_SCHEDULE_FILE))

serve: prepare
	$(PRODUCTION) $(BIN)/honcho start --no-prefix --port $(PORT) -f Procfile

web: sync-runtime $(CATALOGUES)
	$(PRODUCTION) $(BIN)/gunicorn scorekeeper.wsgi --config scorekeeper/gunicorn.py

# One worker; start as many as the load needs, on any machine.
worker: sync-runtime $(CATALOGUES)
	$(PRODUCTION) $(BIN)/celery -A scorekeeper worker --loglevel=$(LOG_LEVEL) \
		--concurrency=$(WORKER_CONCURRENCY) --without-mingle --without-gossip

# The schedule (sweeps, purges): exactly one beat for the whole service, wherever it runs.
beat: sync-runtime $(CATALOGUES)
	@mkdir -p $(dir $(BEAT_SCHEDULE_FILE))
	$(PRODUCTION) $(BIN)/celery -A scorekeeper beat --loglevel=$(LOG_LEVEL) \
		--schedule=$(BEAT_SCHEDULE_FILE)

# The readiness answer (database, broker) as JSON; exits 1 when the database is down.
ready: sync-runtime
	$(PRODUCTION) $(BIN)/python manage.py ready

clean:
	rm -rf $(VENV) data .pytest_cache .hypothesis .ruff_cache
	rm -f $(CATALOGUES)
