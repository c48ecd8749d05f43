# Two commands on a fresh machine: `make` builds every kit into out/, `make test` runs the suite.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: all build test quick lint bench docs clean

all: build

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

build: $(STAMP)
	$(BIN)/pnp build

test: $(STAMP)
	$(BIN)/ruff check generator tests bench
	$(BIN)/pytest -q -n 2

quick: $(STAMP)
	$(BIN)/pytest -q -n 2 -m "not slow"

lint: $(STAMP)
	$(BIN)/ruff check generator tests bench

bench: $(STAMP)
	$(BIN)/python bench/run.py

docs: $(STAMP)
	$(BIN)/python docs/render.py

clean:
	rm -rf $(VENV) out
