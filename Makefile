# Both targets create .venv and install what they need; the rules are compiled
# when the package is installed (setup.py), and again, only what changed, when
# a .pyx/.pxd source is newer than its build.
PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
BUILT := $(VENV)/.built
RULES := $(shell find src/pachisi -name '*.pyx' -o -name '*.pxd')

.PHONY: run test bench clean

$(STAMP): pyproject.toml setup.py
	test -x $(BIN)/python || $(PY) -m venv $(VENV) || python3 -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q 'setuptools>=68' 'cython>=3.0'
	$(BIN)/python -m pip install -q --no-build-isolation -e '.[test,web]'
	touch $(STAMP)

$(BUILT): $(STAMP) $(RULES)
	$(BIN)/python setup.py -q build_ext --inplace -j 2
	touch $(BUILT)

# the web app on http://127.0.0.1:8000 (embedded SQLite; DATABASE_URL selects another database)
run: $(BUILT)
	$(BIN)/pachisi serve --host 127.0.0.1 --port 8000

test: $(BUILT)
	$(BIN)/python -m pytest -n 2

bench: $(BUILT)
	$(BIN)/pachisi bench --game shishbesh --players 4

clean:
	rm -rf $(VENV) build
	find src/pachisi \( -name '*.c' -o -name '*.so' \) -delete
