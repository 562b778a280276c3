# The two commands of the README: `make run` and `make test`.
# Both create the project's virtualenv in .venv/ on first use.

PYTHON ?= python3
PORT ?= 8000
VENV := .venv
BIN := $(VENV)/bin
STAMP_APP := $(VENV)/.installed-app
STAMP_DEV := $(VENV)/.installed-dev

.PHONY: run run-scaled test lint format bench-engine bench-scale bench-answers bench-web-peers clean

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

# A laptop run: debug pages on unless AGENTWEB_DEBUG says otherwise (the server
# listens on 127.0.0.1 only), and a secret key generated once into var/.
run: export AGENTWEB_DEBUG ?= 1
run: $(STAMP_APP)
	@[ -n "$$AGENTWEB_SECRET_KEY" ] || $(BIN)/python -m agentweb.lib.secret_key
	$(BIN)/python manage.py migrate --no-input
	$(BIN)/python manage.py seed_demo
	@echo ""
	@echo "  agentweb is starting on http://127.0.0.1:$(PORT)/"
	@echo "  log in as alice or bob (players), rita (reviewer) or admin,"
	@echo "  password: $${AGENTWEB_DEMO_PASSWORD:-demo}"
	@case "$$AGENTWEB_DEBUG" in 1|true|yes|on) \
	  echo "  DEBUG is on, for local use only (AGENTWEB_DEBUG=0 make run turns it off)";; \
	  *) echo "  DEBUG is off";; esac
	@echo ""
	exec $(BIN)/python -m agentweb.serve -b 127.0.0.1 -p $(PORT) agentweb.asgi:application

# The scaled stack (docs/operations.md): PostgreSQL + Redis + several Daphne
# processes and workers, supervised; Ctrl-C stops everything. Needs the
# PostgreSQL 15 server programs (initdb, pg_ctl) and redis-server installed,
# unless DATABASE_URL and REDIS_URL point at running servers.
run-scaled: $(STAMP_DEV)
	exec $(BIN)/python scripts/run_scaled.py

# The main suite, then the browser suite (its own pytest process: Playwright's
# sync API keeps an event loop on the main thread) when Chromium is found, then
# the scale suite (real PostgreSQL, Redis and processes — started here when
# their programs are installed), then lint; a summary names every suite that
# could not run and how to enable it (scripts/test_suites.py).
test: $(STAMP_DEV)
	$(BIN)/python scripts/test_suites.py $(PYTEST_ARGS)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

lint: $(STAMP_DEV)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP_DEV)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

bench-engine: $(STAMP_DEV)
	$(BIN)/python bench/engine_overhead.py --mode seq --n 2000
	$(BIN)/python bench/engine_overhead.py --mode conc --n 1000

bench-scale: $(STAMP_DEV)
	$(BIN)/python bench/scale.py

# The web stack against Chainlit (bench/web_peers.py): copies ../shared/bench/web-peers to
# var/web-peers/, builds its Chainlit venv there, runs the interleaved matrix (~10 min).
# A smoke run: make bench-web-peers WEB_PEERS_ARGS="--clients 10 --rounds 1"
bench-web-peers: $(STAMP_DEV)
	$(BIN)/python bench/web_peers.py $(WEB_PEERS_ARGS)

# Answer quality: the real path over bench/answers/questions.toml, scored by facts.
bench-answers: $(STAMP_DEV)
	$(BIN)/python bench/answers.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
