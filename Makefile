# Two commands on a fresh machine: `make` builds every kit and example into out/, `make test`
# runs the suite.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The documentation site, strict: a broken link, anchor or included file fails the build.
SITE := NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet --site-dir site

.PHONY: all build test test-slow test-all test-fast fuzz lint bench bench-svg docs pins clean bytecode

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

# `make test` (under six minutes on two cores) checks the code and runs every test but the
# slow ones; `make test-slow` runs those (the hostile files, the crash tests of the swap, every
# page in four PDF engines, the installed wheel, the whole pin matrix). CI runs both.
test: $(STAMP) bytecode
	$(BIN)/ruff check bastelbogen tests bench docs
	$(BIN)/ruff format --check bastelbogen tests bench docs
	$(BIN)/mypy
	$(SITE)
	$(BIN)/pytest -q -rs -n 2 -m "not slow"

test-slow: $(STAMP) bytecode
	$(BIN)/pytest -q -rs -n 2 -m slow

test-all: test test-slow

# The edit loop: under two minutes on two cores; whole builds through the command line,
# servers and exports are left to `make test`.
test-fast: $(STAMP) bytecode
	$(BIN)/pytest -q -n 2 -m "not slow and not heavy"

# The long fuzz (tests/fuzz): about 10,000 mutations of the shipped games and examples, each
# validated in a child; every finding is collected in out/fuzz/findings.jsonl (a line per
# finding, and one with the counts) instead of stopping at the first. SEED varies the run;
# the same seed makes the same cases. An hour or more on two cores.
SEED ?= 0
fuzz: $(STAMP) bytecode
	rm -f out/fuzz/findings.jsonl
	FUZZ_PROFILE=long FUZZ_REPORT=out/fuzz/findings.jsonl $(BIN)/pytest -q -p no:cacheprovider \
		-m fuzz --hypothesis-seed=$(SEED) tests/fuzz
	$(BIN)/python -m tests.fuzz.report out/fuzz/findings.jsonl

lint: $(STAMP)
	$(BIN)/ruff check bastelbogen tests bench docs
	$(BIN)/ruff format --check bastelbogen tests bench docs
	$(BIN)/mypy

bench: $(STAMP) bytecode
	$(BIN)/python bench/run.py

# SVG conformance on resvg's suite (SUITE: its crates/resvg/tests folder, from a checkout of
# github.com/linebender/resvg); with librsvg's rsvg-convert beside it where installed. Writes
# the passing cases (checked by tests/test_svg_suite.py) and the table docs/reference/pictures.md shows.
SUITE ?= ../resvg/crates/resvg/tests
bench-svg: $(STAMP) bytecode
	$(BIN)/python bench/svgsuite.py $(SUITE) --rsvg --svglib --list tests/data/svgsuite_passing.txt \
		--table docs/reference/pictures.md

# Store the bytes of the option matrix (tests/pins.json) after reviewing a change of output.
pins: $(STAMP)
	$(BIN)/python -m tests.pins --regenerate

# The documentation site (mkdocs.yml): the pictures rendered from fresh builds, the reference
# written from the code, then the site built into site/ (strict: a broken link fails).
docs: $(STAMP)
	$(BIN)/python -m docs.tables
	$(BIN)/python -m docs.motifs
	$(BIN)/python -m docs.render
	$(SITE)

clean:
	rm -rf $(VENV) out
