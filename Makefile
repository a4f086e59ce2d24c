# Both targets create .venv and install what they need: `make run` the web app's extra, `make test`
# everything the tests use.  The rules are compiled once, in place, by `setup.py build_ext --inplace`,
# which keeps build/ (Cython's C in build/cython, the objects in build/temp.*) so that after a change of a
# .pyx/.pxd only what depends on it is rebuilt (and the message catalogues compiled from their .po); the
# editable install itself compiles nothing
# (PACHISI_NO_EXTENSIONS=1, see setup.py), else every module would be compiled twice on a fresh clone.
PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
TOOLS := $(VENV)/.tools
BUILT := $(VENV)/.built
RULES := $(shell find src/pachisi -name '*.pyx' -o -name '*.pxd')
CATALOGUES := $(shell find src/pachisi/locale -name '*.po')

.PHONY: run test bench clean

# the venv with what compiling the rules and the message catalogues needs
$(TOOLS):
	test -x $(BIN)/python || $(PY) -m venv $(VENV) || python3 -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q 'setuptools>=68' 'cython>=3.0' 'babel>=2.12'
	touch $(TOOLS)

# pachisi itself, editable, with the extra a target needs (.venv/.web, .venv/.test)
$(VENV)/.%: $(TOOLS) pyproject.toml setup.py
	PACHISI_NO_EXTENSIONS=1 $(BIN)/python -m pip install -q --no-build-isolation -e '.[$*]'
	touch $@

$(BUILT): $(TOOLS) setup.py $(RULES) $(CATALOGUES)
	$(BIN)/python setup.py -q build_ext --inplace -j 2
	touch $(BUILT)

# the web app on http://127.0.0.1:8000 (embedded SQLite; DATABASE_URL selects another database)
run: $(VENV)/.web $(BUILT)
	$(BIN)/pachisi serve --host 127.0.0.1 --port 8000

test: $(VENV)/.test $(BUILT)
	$(BIN)/python -m pytest -n 2

bench: $(VENV)/.web $(BUILT)
	$(BIN)/pachisi bench --game shishbesh --players 4

clean:
	rm -rf $(VENV) build
	find src/pachisi \( -name '*.c' -o -name '*.so' \) -delete
