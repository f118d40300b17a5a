# Quickstart: `make demo` and `make test` each bootstrap .venv from a fresh clone.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
# extras of the editable install; CI adds `local` (llama.cpp built once, then from pip's cache)
EXTRAS ?= dev
# where torch comes from: the CPU wheel index (the README's Install); set it empty to take torch
# from pip's default index instead (`make test TORCH_INDEX=`, as .ci/run does on a PyPI-only machine)
TORCH_INDEX ?= https://download.pytorch.org/whl/cpu

.PHONY: demo test lint typecheck bench clean

$(STAMP): pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	# the CPU build of torch must come first, or sentence-transformers pulls a CUDA build
	$(BIN)/pip install -q torch==2.13.0 $(if $(TORCH_INDEX),--index-url $(TORCH_INDEX))
	$(BIN)/pip install -q -e '.[$(EXTRAS)]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/icatest demo

# the floors the rest stands on are checked strictly (own cache: the options differ)
STRICT := icatest/contracts icatest/engine icatest/judges icatest/strategy \
	icatest/scoring/decision.py icatest/scoring/score.py icatest/storage/rundir.py \
	icatest/storage/runlogs.py icatest/embeddings

lint: $(STAMP)
	$(BIN)/ruff check icatest tests experiments
	$(BIN)/mypy icatest
	$(BIN)/mypy --strict --cache-dir .mypy_cache/strict $(STRICT)

test: $(STAMP) lint
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/icatest bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache runs
