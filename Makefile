# Two commands on a fresh machine: `make` builds every kit and example into out/, `make test`
# runs the suite.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: all build test quick test-fast lint bench docs pins clean bytecode

all: build

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -c constraints.txt -e '.[test]'
	$(MAKE) --no-print-directory bytecode
	touch $(STAMP)

# Our own modules compiled ahead (an editable install is not): where PYTHONDONTWRITEBYTECODE
# is set, every run would otherwise compile all of them again, a third of a small build.
bytecode:
	$(BIN)/python -m compileall -q bastelbogen

build: $(STAMP) bytecode
	$(BIN)/pnp build
	$(BIN)/pnp --root examples build --out out

test: $(STAMP) bytecode
	$(BIN)/ruff check bastelbogen tests bench docs
	$(BIN)/ruff format --check bastelbogen tests bench docs
	$(BIN)/mypy
	$(BIN)/pytest -q -rs -n 2

quick: $(STAMP) bytecode
	$(BIN)/pytest -q -n 2 -m "not slow"

# The edit loop: under two minutes on two cores; whole builds through the command line,
# servers and exports are left to `make quick` and `make test`.
test-fast: $(STAMP) bytecode
	$(BIN)/pytest -q -n 2 -m "not slow and not heavy"

lint: $(STAMP)
	$(BIN)/ruff check bastelbogen tests bench docs
	$(BIN)/ruff format --check bastelbogen tests bench docs
	$(BIN)/mypy

bench: $(STAMP) bytecode
	$(BIN)/python bench/run.py

# Store the bytes of the option matrix (tests/pins.json) after reviewing a change of output.
pins: $(STAMP)
	$(BIN)/python -m tests.pins --regenerate

docs: $(STAMP)
	$(BIN)/python -m docs.tables
	$(BIN)/python docs/render.py

clean:
	rm -rf $(VENV) out
