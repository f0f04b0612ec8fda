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

# Python may keep its compiled modules (__pycache__, ignored by git) and pytest its
# rewritten test modules, even where the environment says not to (PYTHONDONTWRITEBYTECODE):
# otherwise every pytest worker and every server a test starts compiles the project again
# (on a 2-core Xeon, collecting the suite took 30 s a process instead of 15 s).
unexport PYTHONDONTWRITEBYTECODE

# pytest-xdist workers: one a core (`auto`); WORKERS=0 runs in one process.
WORKERS ?= auto
XDIST = -n $(WORKERS) --dist worksteal

.PHONY: run test test-fast bench-smoke test-postgres setup catalogs migrate lint format serve clean messages check-translations

run: setup
	$(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

# The whole suite (tests/), in parallel. One test: .venv/bin/python -m pytest tests/x.py -k name
test: setup
	$(BIN)/python -m pytest $(XDIST) $(PYTEST_ARGS)

# The inner loop: every test but the browser and the slow ones.
test-fast: setup
	$(BIN)/python -m pytest $(XDIST) -m "not browser and not slow" $(PYTEST_ARGS)

# The benchmarks' smoke runs (benchmarks/tests/): each benchmark run small so it cannot rot;
# the figures are printed, never asserted. The benchmarks themselves: benchmarks/README.md.
bench-smoke: setup
	$(BIN)/python -m pytest $(XDIST) benchmarks/tests $(PYTEST_ARGS)

# The suite again on PostgreSQL: every test that touches the database (tests/conftest.py
# marks them `database`) but the browser tests and the drill pages' tests, which already ran
# on SQLite in `make test`. What those check is what a page shows and does; the database
# work behind them (sessions, accounts, a learner's record of answers, a quiz's rows) is
# tested on PostgreSQL here by the tests of the apps that keep it (quizzes, classrooms,
# learning, lessons, LTI, privacy, security, core), through the same views. Three modules
# whose database work is incidental are left out too (a third of this pass's time): the
# CSRF checks (refused before any view runs; the views' writes are the apps' tests'), the
# translators' in-context markers, and the answer keys' wording (the engine's words on four
# pages; storing a quiz's questions and answers is the quizzes tests'). The server must
# be running and the role allowed to create the test database; .ci/run sets one up,
# docs/deploying.md "PostgreSQL" says how to do it by hand.
TEST_DATABASE_URL ?= postgres://tutor:tutor@127.0.0.1:5432/tutor
test-postgres: $(STAMP) catalogs
	DATABASE_URL="$${DATABASE_URL:-$(TEST_DATABASE_URL)}" CONN_MAX_AGE=0 $(BIN)/python -m pytest $(XDIST) \
		-m "database and not browser" --ignore=tests/drills --ignore=tests/security/test_csrf.py \
		--ignore=tests/translations/test_translate_mode.py \
		--ignore=tests/quizzes/test_answer_keys.py $(PYTEST_ARGS)

# Production server on loopback: gunicorn (gunicorn.conf.py) with DEBUG off, whitenoise
# serving compressed, content-hashed static files. Plain HTTP, so no HTTPS redirect and
# cookies without the Secure flag unless the environment says otherwise; behind a TLS
# proxy see docs/deploying.md "On one machine". SECRET_KEY comes from the environment, else from
# .secret_key (not in git), made on first use.
SERVE_ENV = DEBUG=0 \
	SECRET_KEY="$${SECRET_KEY:-$$(cat .secret_key)}" \
	ALLOWED_HOSTS="$${ALLOWED_HOSTS:-localhost,127.0.0.1}" \
	SECURE_SSL_REDIRECT="$${SECURE_SSL_REDIRECT:-0}" \
	SESSION_COOKIE_SECURE="$${SESSION_COOKIE_SECURE:-0}" \
	CSRF_COOKIE_SECURE="$${CSRF_COOKIE_SECURE:-0}"
# Beside it, uvicorn (tutor/asgi.py) on EVENTS_PORT serves the live quiz's event streams
# (/<language>/play/<code>/events/), which the proxy in front routes there (docs/deploying.md
# "Event streams"); without that route a quiz page gets no stream and polls.
EVENTS_PORT ?= $(shell echo $$(($(PORT) + 1)))
serve: setup
	@if [ -z "$${SECRET_KEY:-}" ] && [ ! -s .secret_key ]; then \
		(umask 077 && $(BIN)/python -c 'import secrets; print(secrets.token_urlsafe(50))' > .secret_key) \
		&& echo "Made a new SECRET_KEY in .secret_key"; fi
	@$(SERVE_ENV) $(BIN)/python manage.py collectstatic --noinput --verbosity 0
	$(SERVE_ENV) $(BIN)/uvicorn tutor.asgi:application --host 127.0.0.1 --port $(EVENTS_PORT) \
		--lifespan off --no-access-log --timeout-graceful-shutdown 5 & events=$$!; \
	$(SERVE_ENV) $(BIN)/gunicorn --config gunicorn.conf.py --bind 127.0.0.1:$(PORT) & app=$$!; \
	trap 'kill $$events $$app 2>/dev/null' INT TERM EXIT; wait $$app

setup: $(STAMP) catalogs migrate

$(BIN)/python:
	@if [ -z "$(PYTHON)" ]; then \
		echo "Python 3.12 or newer is required (Django 6.1). Install python3.12 or python3.13 and try again." >&2; \
		exit 1; fi
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check pip==$(PIP_VERSION)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[postgres,redis]' --group dev
	@touch $@

catalogs: $(STAMP)
	@$(BIN)/python manage.py compilecatalogs

migrate: $(STAMP)
	@$(BIN)/python manage.py migrate --noinput --verbosity 0
	@$(BIN)/python manage.py createcachetable

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/python manage.py makemigrations --check --dry-run
	$(BIN)/lint-imports

format: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

# For translators with GNU gettext: re-extract the interface strings into every catalog,
# keeping translator comments and the translations of removed strings (obsolete, #~).
messages: $(STAMP)
	$(BIN)/python manage.py updatemessages

# The translators' one check, a few seconds (it prints how long it took): missing, fuzzy
# (with a word diff of the English), placeholder, markup, link, term and length problems,
# each as file:line. Exit 1 on any but length; CHECK_ARGS= (empty) only reports, and
# CHECK_ARGS="--strict --language cs" checks one language. CI runs it (.ci/run).
CHECK_ARGS ?= --strict
check-translations: $(STAMP)
	$(BIN)/python manage.py checktranslations $(CHECK_ARGS)

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache .hypothesis
	find locale -name '*.mo' -delete
