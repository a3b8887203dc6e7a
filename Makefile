# Rummy School. On a fresh machine with python3 and make:
#   make run    install, migrate, load content, serve http://127.0.0.1:8000 (PORT=NNNN to change)
#   make test   install with the dev tools and run the whole suite
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8000
export PIP_DISABLE_PIP_VERSION_CHECK := 1

.PHONY: run test install install-dev migrate content lint typecheck format messages compilemessages bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Reinstall only when pyproject.toml changes.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	@touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(VENV)/.installed $@

install: $(VENV)/.installed
install-dev: $(VENV)/.installed-dev

migrate: install
	@mkdir -p db
	$(BIN)/python manage.py migrate --noinput

content: migrate
	$(BIN)/python manage.py load_content

run: content
	$(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

test: install-dev
	$(BIN)/python -m pytest $(PYTEST_ARGS)

lint: install-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: install-dev
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

typecheck: install-dev
	$(BIN)/mypy

# Translations: needs GNU gettext (apt-get install gettext).
messages: install-dev
	$(BIN)/python manage.py makemessages --all --no-obsolete --add-location=file --ignore=.venv --ignore=staticfiles --ignore=tests
	$(BIN)/python scripts/fix_plural_forms.py

compilemessages: install-dev
	$(BIN)/python manage.py compilemessages --ignore=.venv

bench: install-dev
	$(BIN)/python bench/engine.py

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .mypy_cache .ruff_cache
