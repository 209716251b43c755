# Two commands do all the set-up: `make run` and `make test`.
# The venv is (re)installed only when pyproject.toml changes; pip's wheel cache keeps the
# llama-cpp-python build (about 7 minutes from source) from happening twice on one machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean-venv

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[tiny,dev]"
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/hearth

test: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q

lint: $(STAMP)
	$(BIN)/ruff check app tests
	$(BIN)/mypy

clean-venv:
	rm -rf $(VENV)
