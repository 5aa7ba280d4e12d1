# Two entry points for a new user: `make run` and `make test`. Everything they need is installed here.
# constraints.txt holds the exact versions this repository is tested with; pyproject.toml takes ranges.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PIP    := $(PY) -m pip install -q -c constraints.txt
STAMP  := $(VENV)/.installed-dev

.PHONY: run test lint test-cluster test-slow test-gpu test-floors test-floors-quick wheel clean

$(STAMP): pyproject.toml packaging/model/pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PIP) --no-deps ./packaging/model  # gpuaccel[assistant] requires it; it is built from this checkout
	$(PIP) -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/gpuaccel

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports

# CPU tiers: unit, integration (fake NVML, a real daemon on loopback, real SQLite), gui (offscreen Qt),
# kernels (Triton interpreter) and faults. The marker of each test follows its folder (tests/conftest.py).
# Test files run side by side on TEST_WORKERS pytest-xdist workers, each file whole in one worker (loadfile);
# 2 is what CI's two cores run and what the suite is checked with.
TEST_WORKERS ?= 2
test: lint
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -m "not gpu and not slow and not ray_cluster" \
	  -n $(TEST_WORKERS) --dist loadfile

# The integration and fault tests that start a real local Ray cluster (marker ray_cluster; a cluster per
# module takes ~20 s to start): one plain pytest, about 3.5 minutes on 2 cores. CI runs it after make test.
test-cluster: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -m "ray_cluster and not gpu and not slow"

test-slow: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -m "slow"

# The kernels extra's floors (accel/kernels/versions.py): triton 3.5.0 (a 170 MB wheel) beside the venv's
# torch, every Gluon module imported and the portable kernels' interpreter tests: 94 tests, about 5 minutes
# on 2 cores. test-floors-quick, which CI runs after make test, leaves out the varlen/decode file (52 of
# them, 3 of the 5 minutes): about 2 minutes. Only triton changes: another torch would download GBs.
FLOORS := .venv-floors
FLOOR_TESTS_QUICK := tests/kernels/test_kernels_interpreter.py tests/kernels/test_fp8_quant_interpreter.py
test-floors: FLOOR_TESTS = $(FLOOR_TESTS_QUICK) tests/kernels/test_varlen_decode_interpreter.py
test-floors-quick: FLOOR_TESTS = $(FLOOR_TESTS_QUICK)
test-floors test-floors-quick: $(STAMP)
	$(PY) -m pip install -q --no-deps --upgrade --target $(FLOORS) triton==3.5.0
	PYTHONPATH=$(FLOORS) $(PY) -c "import pkgutil, importlib, triton, gpuaccel.accel.kernels.gluon as g; \
	  [importlib.import_module(g.__name__ + '.' + m.name) for m in pkgutil.iter_modules(g.__path__)]; \
	  print('gluon modules import on triton', triton.__version__)"
	PYTHONPATH=$(FLOORS) $(PY) -m pytest -q -p no:cacheprovider $(FLOOR_TESTS)

# Tier 3, on a machine with an NVIDIA GPU.
test-gpu: $(STAMP)
	$(PY) -m pytest -q -m gpu

# Two wheels: gpuaccel (the core, with every extra as metadata) and gpuaccel-model (the assistant's model,
# which gpuaccel[assistant] requires at the same version).
wheel: $(STAMP)
	$(PY) -m build --wheel --outdir dist .
	$(PY) -m build --wheel --outdir dist packaging/model

clean:
	rm -rf $(VENV) $(FLOORS) .pytest_cache .ruff_cache dist build packaging/model/build
