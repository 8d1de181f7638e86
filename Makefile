# Two commands do all set-up: `make serve` and `make test`.
PY      ?= python3
VENV    := .venv
VPY     := $(VENV)/bin/python
PORT    ?= 8000

.PHONY: serve test test-core test-e2e lint schema bench vendor clean

$(VENV)/.stamp: requirements-dev.txt
	$(PY) -m venv $(VENV)
	$(VPY) -m pip install -q --upgrade pip
	$(VPY) -m pip install -q -r requirements-dev.txt
	touch $@

venv: $(VENV)/.stamp

test-core: $(VENV)/.stamp
	$(VPY) -m pytest tests/core

lint: $(VENV)/.stamp
	$(VPY) -m ruff check pyapp tests bench
	$(VPY) -m mypy

schema: $(VENV)/.stamp
	$(VPY) -m pyapp schema --write schema

test: test-core lint

bench: $(VENV)/.stamp
	$(VPY) bench/rules_bench.py

clean:
	rm -rf $(VENV) node_modules static/vendor
