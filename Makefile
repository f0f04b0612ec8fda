# The two front-door commands: `make run` serves the site, `make test` runs every test.
# Both set everything up from nothing: virtualenv, pinned dependencies, compiled
# catalogs, migrated SQLite database. Running them again only redoes what changed.

SHELL := /bin/bash
PORT ?= 8000
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.deps-installed
PIP_VERSION := 26.0.1

# The first Python 3.12+ found: python3.13, python3.12, python3, then pyenv's versions.
PYTHON ?= $(shell for p in python3.13 python3.12 python3.14 python3 \
	$${PYENV_ROOT:-$$HOME/.pyenv}/versions/3.1[234]*/bin/python3; do \
	if "$$p" -c 'import sys; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1; then \
	command -v "$$p"; break; fi; done)

.PHONY: run test setup catalogs migrate lint format serve clean messages

run: setup
	$(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

test: setup
	$(BIN)/python -m pytest $(PYTEST_ARGS)

setup: $(STAMP) catalogs migrate

$(BIN)/python:
	@if [ -z "$(PYTHON)" ]; then \
		echo "Python 3.12 or newer is required (Django 6.1). Install python3.12 or python3.13 and try again." >&2; \
		exit 1; fi
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check pip==$(PIP_VERSION)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[postgres]' --group dev
	@touch $@

catalogs: $(STAMP)
	@$(BIN)/python manage.py compilecatalogs

migrate: $(STAMP)
	@$(BIN)/python manage.py migrate --noinput --verbosity 0

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

# For translators with GNU gettext: re-extract the interface strings into every catalog.
messages: $(STAMP)
	$(BIN)/python manage.py makemessages --no-obsolete --add-location file -l bn -l hi -l ja -l cs --ignore '.venv/*' --ignore 'content/*'

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache .hypothesis
	find locale -name '*.mo' -delete
