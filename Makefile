# Two commands do all set-up: `make serve` and `make test`.
PY      ?= python3
VENV    := .venv
VPY     := $(VENV)/bin/python
PORT    ?= 8000

.PHONY: i18n messages serve test test-core test-js test-e2e test-engines browsers lint lint-js schema bench bench-load fuzz vendor clean

# The browser runtime: npm packages (package-lock.json) + wheels (tools/wheels.lock.json)
# + our own pyapp/ packed as a wheel, assembled into static/vendor/ by tools/vendor.py.
NODE_STAMP   := node_modules/.package-lock.json
NODE_BIN     := node_modules/.bin
VENDOR_STAMP := static/vendor/.stamp
# Directories too, so that deleting a module also rebuilds the app wheel.
PYAPP_SRC    := $(shell find pyapp -name __pycache__ -prune -o \( -type d -o -name '*.py' -o -name '*.json' \) -print)
# The message catalogue (tools/i18n.py): locale/messages.pot and each language's .po are
# committed; their compiled forms (pyapp/locale/*/messages.mo, static/locale/*.json) are built.
I18N_STAMP   := pyapp/locale/.stamp
I18N_SRC     := $(wildcard locale/*.pot locale/*.po) tools/i18n.py
# The site's own files: static/vendor/build.js lists them with their hashes (static/sw.js).
SITE_SRC     := $(wildcard *.html) $(shell find static -path static/vendor -prune -o -type f -print)

$(VENV)/.stamp: requirements-dev.txt
	$(PY) -m venv $(VENV)
	$(VPY) -m pip install -q --upgrade pip
	$(VPY) -m pip install -q -r requirements-dev.txt
	touch $@

venv: $(VENV)/.stamp

test-core: $(VENV)/.stamp $(I18N_STAMP)
	$(VPY) tools/i18n.py --check
	$(VPY) -m pytest tests/core

# Every word a player reads, extracted into locale/messages.pot (run it after changing any).
messages: $(VENV)/.stamp
	$(VPY) tools/i18n.py extract

$(I18N_STAMP): $(VENV)/.stamp $(I18N_SRC)
	$(VPY) tools/i18n.py compile
	touch $@

i18n: $(I18N_STAMP)

# The build's and the loader's shared JavaScript (tools/*.mjs), in Node's own test runner.
test-js: $(NODE_STAMP)
	node --test tests/js/

lint: $(VENV)/.stamp lint-js
	$(VPY) -m ruff check pyapp tests bench
	$(VPY) -m mypy

# The page's and the build's JavaScript: tsc through its JSDoc (tsconfig.json; the service
# worker, with a worker's globals, tsconfig.sw.json) and ESLint (eslint.config.mjs).
lint-js: $(NODE_STAMP)
	$(NODE_BIN)/tsc -p . --noEmit
	$(NODE_BIN)/tsc -p tsconfig.sw.json --noEmit
	$(NODE_BIN)/eslint --max-warnings 0 .

schema: $(VENV)/.stamp
	$(VPY) -m pyapp schema --write schema
	$(VPY) tools/board_schema.py
	node tools/schema-types.mjs

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

$(VENDOR_STAMP): $(VENV)/.stamp $(NODE_STAMP) $(I18N_STAMP) tools/vendor.py tools/publish.py tools/snapshot.mjs tools/pycompile.py tools/pycompile.mjs tools/pyodide-snapshot.mjs tools/pyodide-restore.mjs tools/wheels.lock.json \
		pyproject.toml netlify.toml $(SITE_SRC) $(PYAPP_SRC)
	$(VPY) tools/vendor.py
	touch $@

vendor: $(VENDOR_STAMP)

serve: $(VENDOR_STAMP)
	$(VPY) tools/serve.py --port $(PORT)

# chromium, firefox-esr and webkit2gtk-driver (Debian): installed with apt-get when missing
# (as root; otherwise it says what to install). .ci/run uses the same script.
browsers:
	bash tools/browsers.sh

test-e2e: browsers $(VENDOR_STAMP)
	$(VPY) -m pytest -m e2e tests/e2e

# The smoke suite in Firefox and WebKit (Chromium runs the whole of tests/e2e).
test-engines: browsers $(VENDOR_STAMP)
	$(VPY) -m pytest -m engines tests/engines

test: test-core test-js lint-js lint test-e2e test-engines

bench: browsers $(VENV)/.stamp $(VENDOR_STAMP)
	$(VPY) bench/rules_bench.py
	$(VPY) bench/fuzz_bench.py
	$(VPY) bench/load_bench.py
	$(VPY) bench/board_bench.py
	$(VPY) bench/reopen_bench.py
	$(VPY) bench/widget_bench.py

fuzz: $(VENV)/.stamp
	$(VPY) bench/fuzz_bench.py

bench-load: browsers $(VENDOR_STAMP)
	$(VPY) bench/load_bench.py

clean:
	rm -rf $(VENV) node_modules static/vendor .cache
