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

VERSION := $(shell sed -n 's/^__version__ = "\(.*\)"/\1/p' app/__init__.py)
ARCHIVE := dist/Hearth-$(VERSION)-linux-$(shell uname -m).tar.gz
PYINSTALLER := pyinstaller>=6.10,<7

.PHONY: run test lint bench clean-venv translations package test-package llama-server tesseract

$(BIN)/python:
	@echo "Creating the virtual environment $(VENV) (once)…"
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Not --quiet: the first install compiles llama.cpp, and pip's "Building wheel for llama-cpp-python"
# line (with its spinner) shows that something is happening instead of ten silent minutes.
$(STAMP): pyproject.toml | $(BIN)/python
	@echo "Installing Hearth and its dependencies into $(VENV) (once, and again only when pyproject.toml changes)."
	@echo "The first time on a machine, llama-cpp-python compiles llama.cpp from source: several minutes"
	@echo "(about 7 on 2 cores) at \"Building wheel for llama-cpp-python\". pip caches the result for next time."
	$(BIN)/python -m pip install -e ".[tiny,dev]"
	touch $(STAMP)
	@echo "Installed."

run: $(STAMP)
	@echo "Opening Hearth (data in $${HEARTH_DATA_DIR:-the user data dir}; hearth --help lists the commands)…"
	$(BIN)/hearth

# Tesseract reads the text in pictures (issue 17). make test installs it with apt where it can (root on
# Debian/Ubuntu); elsewhere the picture-text tests skip and say why, and the app attaches pictures anyway.
TESSERACT_PACKAGES := tesseract-ocr tesseract-ocr-eng tesseract-ocr-rus
tesseract:
	@if command -v tesseract >/dev/null && tesseract --list-langs 2>/dev/null | grep -qx rus \
	    && tesseract --list-langs 2>/dev/null | grep -qx eng; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "Installing Tesseract (English and Russian) with apt-get, to read text in pictures…"; \
		{ DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(TESSERACT_PACKAGES) >/dev/null 2>&1 \
		  || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(TESSERACT_PACKAGES); }; } \
		  || echo "apt-get could not install Tesseract: the picture-text tests skip and say why"; \
	else \
		echo "Tesseract is missing (sudo apt-get install $(TESSERACT_PACKAGES)): the picture-text tests skip."; \
	fi

# The 25 slowest tests are printed last, so a CI log shows where a slow run's time went.
test: $(STAMP) tesseract
	@echo "Checking the layers, then running the whole test suite offscreen (about 15 minutes on 2 cores)…"
	$(BIN)/lint-imports
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q --durations=25

# The standalone app (packaging/README.md): PyInstaller goes into .venv here, only for this target, so
# `make test`'s install never needs it. The archive: dist/Hearth-<version>-linux-<arch>.tar.gz.
package: $(STAMP)
	@$(BIN)/python -c "import PyInstaller" 2>/dev/null || { \
		echo "Installing PyInstaller into $(VENV) (only make package needs it)…"; \
		$(BIN)/python -m pip install --progress-bar off "$(PYINSTALLER)"; }
	$(BIN)/python packaging/build.py

# Unpacks the archive into a temp dir and runs the packaged binary (tests/test_package.py); .ci/run runs it.
test-package: $(STAMP)
	@test -f $(ARCHIVE) || { echo "$(ARCHIVE) is missing: run make package first"; exit 1; }
	HEARTH_PACKAGE=$(ARCHIVE) QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q tests/test_package.py

lint: $(STAMP)
	$(BIN)/ruff check app tests
	$(BIN)/mypy
	$(BIN)/lint-imports

# Translations (app/resources/i18n, see README "Languages"): lupdate collects every tr()/translate()
# string of app/ui and app/cli into each hearth_<lang>.ts (keeping the translations already there, dropping strings
# that are gone; no line numbers, so branches that add strings merge cleanly), lrelease builds the .qm the
# app loads. Both files are committed; tests/test_i18n_catalog.py fails if a .qm is stale or a string is
# untranslated. A new language: `make translations LANG_NEW=de` creates hearth_de.ts to fill in.
I18N := app/resources/i18n
UI_SOURCES = $(shell find app/ui app/cli -name '*.py' | sort)
translations:  # needs the installed venv (make run / make test), never reinstalls it for a new string
	@test -x $(BIN)/pyside6-lupdate || { echo "$(BIN)/pyside6-lupdate is missing: run make test first"; exit 1; }
	$(if $(LANG_NEW),$(BIN)/pyside6-lupdate -silent -locations none -target-language $(LANG_NEW) $(UI_SOURCES) -ts $(I18N)/hearth_$(LANG_NEW).ts)
	@for ts in $(I18N)/hearth_*.ts; do \
		$(BIN)/pyside6-lupdate -silent -locations none -no-obsolete $(UI_SOURCES) -ts $$ts && \
		$(BIN)/pyside6-lrelease -silent $$ts -qm $${ts%.ts}.qm || exit 1; \
	done

# llama.cpp's own llama-server, for the model-server tests and `tests.bench.pipeline --server` (issue 15): built
# once from the llama.cpp vendored in the installed llama-cpp-python's sdist (about 8 minutes), kept in .cache/.
# `make test` does not need it (those tests say they were skipped and why); CI builds it first (.ci/run).
LLAMA_SERVER := .cache/llama-server/llama-server
llama-server: $(LLAMA_SERVER)
$(LLAMA_SERVER): | $(STAMP)
	tests/build_llama_server.sh $(BIN)/python $(dir $(LLAMA_SERVER))

clean-venv:
	rm -rf $(VENV)
