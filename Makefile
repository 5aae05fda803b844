# make run: set up .venv, migrate, serve on 127.0.0.1:8000 (SQLite, Celery eager).
# make test: set up .venv with the dev extras and run the whole suite.

VENV := .venv
BIN := $(VENV)/bin
# The first Python >= 3.11 on the PATH, unless PYTHON is given.
PYTHON ?= $(shell for p in python3.13 python3.12 python3.11 python3; do \
	command -v $$p >/dev/null 2>&1 && $$p -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
	2>/dev/null && { echo $$p; break; }; done)
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint bench worker clean

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

run: $(VENV)/.installed
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

test: $(VENV)/.installed-dev
	$(BIN)/python -m pytest $(PYTEST_ARGS)

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

bench: $(VENV)/.installed-dev
	$(BIN)/python -m bench

worker: $(VENV)/.installed
	$(BIN)/celery -A scorekeeper worker --beat --loglevel=info

clean:
	rm -rf $(VENV) data .pytest_cache .hypothesis .ruff_cache
