# Both targets create .venv and install what they need.
PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV) || python3 -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test,web]'
	touch $(STAMP)

# the web app on http://127.0.0.1:8000 (embedded SQLite; DATABASE_URL selects another database)
run: $(STAMP)
	$(BIN)/pachisi serve --host 127.0.0.1 --port 8000

test: $(STAMP)
	$(BIN)/python -m pytest -n 2

bench: $(STAMP)
	$(BIN)/pachisi bench --game shishbesh --players 4

clean:
	rm -rf $(VENV)
