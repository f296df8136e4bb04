# Set-up and everyday commands. `make run` and `make test` work on a fresh clone with
# nothing but Python 3.11+ and make: both create .venv and install the project first.
# `make run` installs what the cardroom needs and nothing else; `make test` adds the test
# tools, the research wrappers and the cluster extra (Ray, OpenSpiel, PokerKit...: some
# ten times the size, see docs/deploy.md).

VENV ?= .venv
PYTHON ?= python3
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev

.PHONY: install install-dev run test test-fast bench lint format clean

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install --quiet -e .
	touch $(STAMP)

$(DEV_STAMP): pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install --quiet -e '.[dev,rl,cluster]'
	touch $(STAMP) $(DEV_STAMP)

# Then the replay kernel, compiled ahead of time so that a command replays without
# loading numba (seconds, once per change of its sources; without a C compiler and
# Python's headers replays compile it with numba instead, as the message says).
install: $(STAMP)
	@$(PY) -m holdem.kernels.native || true

# The browser tests' page tools (axe-core), from npm; npm keeps its own stamp in node_modules.
node_modules/.package-lock.json: package-lock.json
	@if command -v npm >/dev/null; then npm ci --silent --no-audit --no-fund; \
	else echo "npm is not installed: the accessibility tests need it (apt-get install npm)"; fi

# The cardroom's install plus the test, research and cluster extras.
install-dev: $(DEV_STAMP) install node_modules/.package-lock.json

# The main job: the cardroom on SQLite, at http://127.0.0.1:8000/ (HOST=0.0.0.0 opens it to
# the local network; DATABASE=postgresql://... uses PostgreSQL). Ctrl-C stops it; tables
# and hands are kept and come back at the next start.
HOST ?= 127.0.0.1
PORT ?= 8000
run: install
	$(VENV)/bin/holdem serve --host $(HOST) --port $(PORT) $(if $(DATABASE),--database $(DATABASE))

# The whole suite, slow exhaustive tests included (pytest exits 5 when no test ran: a failure).
test: install-dev
	$(PY) -m pytest

test-fast: install-dev
	$(PY) -m pytest -m "not slow"

# Side-by-side benchmarks (about half an hour on two cores); their output goes in
# BENCHMARKS.md. bench/server.py, bench/restart.py, bench/coach_flood.py and bench/live.py
# measure the cardroom and take their own options.
bench: install-dev
	$(PY) bench/evaluate.py
	$(PY) bench/odds.py
	$(PY) bench/engine.py
	$(PY) bench/bots.py
	$(PY) bench/sim.py
	$(PY) bench/rl.py
	$(PY) bench/history.py

lint: install-dev
	$(VENV)/bin/ruff check src tests bench
	$(VENV)/bin/ruff format --check src tests bench
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

format: install-dev
	$(VENV)/bin/ruff format src tests bench
	$(VENV)/bin/ruff check --fix src tests bench

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache
