# Set-up and everyday commands. `make run` and `make test` work on a fresh clone with
# nothing but Python 3.11+ and make: both create .venv and install the project first.

VENV ?= .venv
PYTHON ?= python3
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: install run test test-fast bench lint format clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

# The main job, until the cardroom server lands: a tour of what runs today (non-interactive;
# the terminal game is one command away: .venv/bin/holdem play).
run: install
	$(VENV)/bin/holdem hand AsKs QsJsTs2d3c
	$(VENV)/bin/holdem compare --board Ac9d7s4h2c AsKd AhQc
	$(VENV)/bin/holdem odds AsAh KsKh
	$(VENV)/bin/holdem sim --hands 6000 --players 2 --bots tag,random --seed 1
	$(VENV)/bin/holdem chips --players 8 --stack 5000
	@echo "Sit down against the bots: $(VENV)/bin/holdem play --coach"

# The whole suite, slow exhaustive tests included (pytest exits 5 when no test ran: a failure).
test: install
	$(PY) -m pytest

test-fast: install
	$(PY) -m pytest -m "not slow"

# Side-by-side benchmarks (about five minutes); their output goes in BENCHMARKS.md.
bench: install
	$(PY) bench/evaluate.py
	$(PY) bench/odds.py
	$(PY) bench/engine.py
	$(PY) bench/bots.py

lint: install
	$(VENV)/bin/ruff check src tests bench
	$(VENV)/bin/ruff format --check src tests bench
	$(VENV)/bin/mypy

format: install
	$(VENV)/bin/ruff format src tests bench
	$(VENV)/bin/ruff check --fix src tests bench

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache
