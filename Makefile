# Two commands do all the set-up: `make run` and `make test`.
# The venv is (re)installed only when pyproject.toml changes; pip's wheel cache keeps the
# llama-cpp-python build (about 7 minutes from source) from happening twice on one machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# llama.cpp is built for a portable x86-64 (AVX2, FMA, F16C) instead of -march=native: a native build
# enables llama.cpp's AMX kernels on CPUs that have them, and those crashed (SIGSEGV in
# ggml_backend_amx_mul_mat) on this project's machines. Set CMAKE_ARGS yourself for a GPU or tuned build.
ifeq ($(shell uname -m),x86_64)
export CMAKE_ARGS ?= -DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON
endif

.PHONY: run test lint bench clean-venv

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	@echo "Installing Hearth into $(VENV); the first time, llama-cpp-python compiles (about 7 minutes)…"
	$(BIN)/python -m pip install --quiet -e ".[tiny,dev]"
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/hearth

test: $(STAMP)
	$(BIN)/lint-imports
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q

lint: $(STAMP)
	$(BIN)/ruff check app tests
	$(BIN)/mypy
	$(BIN)/lint-imports

clean-venv:
	rm -rf $(VENV)
