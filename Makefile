# Two entry points for a new user: `make run` and `make test`. Everything they need is installed here.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-dev

.PHONY: run test lint test-slow test-gpu bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/gpuaccel

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports

# CPU tiers 0-2: unit/integration (fake NVML, real daemon on loopback, real SQLite), offscreen Qt, Triton interpreter.
test: lint
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -m "not gpu and not slow"

test-slow: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -m "slow"

# Tier 3, on a machine with an NVIDIA GPU.
test-gpu: $(STAMP)
	$(PY) -m pytest -q -m gpu

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
