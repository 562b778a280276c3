# The two commands of the README: `make run` and `make test`.
# Both create the project's virtualenv in .venv/ on first use.

PYTHON ?= python3
PORT ?= 8000
VENV := .venv
BIN := $(VENV)/bin
STAMP_APP := $(VENV)/.installed-app
STAMP_DEV := $(VENV)/.installed-dev

.PHONY: run test lint format bench-engine clean

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "agentweb needs Python >= 3.11")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP_APP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	@touch $@

$(STAMP_DEV): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev,scale]'
	@touch $@ $(STAMP_APP)

run: $(STAMP_APP)
	$(BIN)/python manage.py migrate --no-input
	$(BIN)/python manage.py seed_demo
	$(BIN)/python manage.py recover_runs
	@echo ""
	@echo "  agentweb is starting on http://127.0.0.1:$(PORT)/"
	@echo "  log in as alice or bob (players), rita (reviewer) or admin,"
	@echo "  password: $${AGENTWEB_DEMO_PASSWORD:-demo}"
	@echo ""
	exec $(BIN)/daphne -b 127.0.0.1 -p $(PORT) agentweb.asgi:application

# Browser tests run in their own pytest process: Playwright's sync API keeps an
# event loop on the main thread, which the asyncio tests must not inherit.
test: $(STAMP_DEV)
	$(BIN)/python -m pytest -m "not browser" $(PYTEST_ARGS)
	$(BIN)/python -m pytest -m browser $(PYTEST_ARGS)

lint: $(STAMP_DEV)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP_DEV)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

bench-engine: $(STAMP_DEV)
	$(BIN)/python bench/engine_overhead.py --mode seq --n 2000
	$(BIN)/python bench/engine_overhead.py --mode conc --n 1000

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
