# featrank — the two commands a newcomer needs:
#   make        run every notebook at its committed profile, regenerate figures/ and data/results/
#   make test   unit tests + nbval over every notebook (profile "smoke")
# Everything installs itself into .venv from a bare python3.

PYTHON   ?= python3
VENV     := .venv
BIN      := $(abspath $(VENV))/bin
STAMP    := $(VENV)/.installed
NOTEBOOKS := $(sort $(wildcard notebooks/[0-9][0-9]_*.ipynb))
LESSON   := $(sort $(wildcard lesson/[0-9][0-9]_*.ipynb))
PROFILE  ?=
NB       ?=
PYTEST_ARGS ?=
JOBS     ?= 2
# QUIET=1: no progress lines while a notebook runs, only the line with its duration (CI)
QUIET    ?=

export PYDEVD_DISABLE_FILE_VALIDATION := 1
export PATH := $(BIN):$(PATH)
ifdef FEATRANK_DATA
export FEATRANK_DATA := $(abspath $(FEATRANK_DATA))
endif

.PHONY: all notebooks nb check update paper quick pack lock test unit nbval lab book data bench clean install evaluate example-report \
        lesson lesson-check lesson-student lesson-lab

all: notebooks

install: $(STAMP)

# the exact versions of requirements-lock.txt (the library relies on numba and scikit-learn
# internals: a newer release may change numbers), then featrank itself
$(STAMP): pyproject.toml requirements-lock.txt
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -r requirements-lock.txt
	$(BIN)/python -m pip install -q --no-deps -e .
	$(BIN)/python -m ipykernel install --sys-prefix --name python3 --display-name "Python 3 (featrank)" >/dev/null
	@touch $(STAMP)

# Every run executes into a staging folder, $(STAGE)/<profile>/<notebook>/ (the executed
# notebook, its figures and tables: FEATRANK_OUTPUT). Only when it has finished does
# tools/publish.py copy them over the committed notebook, figures/ and data/results/: when it
# ran at the profile named for it in notebooks/committed_profiles.txt and skipped no
# obtainable dataset. A run that failed, lacked data or ran another profile changes nothing
# tracked. The executed notebook is normalised first (no run metadata), so `make` twice gives
# the same bytes.
# The profile goes through the environment, not `-p`: papermill would otherwise insert a cell
# fixing it, which nbval (profile smoke) would then obey.
STAGE    := $(abspath data/cache/stage)
committed_profile = $(shell $(BIN)/python -m featrank.config $(1))
stage_of = $(STAGE)/$(2)/$(basename $(notdir $(1)))

# tools/runnb.py runs papermill, printing a progress line at least every 30 s (elapsed time,
# results taken from the store and computed) and one with the duration, without the kernel's
# noise; QUIET=1 keeps only the last line
RUNNB    = $(BIN)/python $(CURDIR)/tools/runnb.py $(if $(QUIET),--quiet)

# run_notebook(notebook, profile, publish mode: publish | check | scratch); a damaged file of
# the notebook's committed store stops it before its kernel starts, naming the restore command
define run_notebook
	@echo "== $(1) [profile=$(2)]"
	@rm -rf $(call stage_of,$(1),$(2)) && mkdir -p $(call stage_of,$(1),$(2))
	@$(BIN)/python -m featrank.store check data/results/$(basename $(notdir $(1)))/store
	@cd notebooks && FEATRANK_PROFILE=$(2) FEATRANK_OUTPUT=$(call stage_of,$(1),$(2)) \
	    $(RUNNB) --label $(basename $(notdir $(1))) -- \
	    $(BIN)/papermill --no-progress-bar --start-timeout 600 $(PAPERMILL_LOG) -k python3 \
	    $(notdir $(1)) $(call stage_of,$(1),$(2))/$(notdir $(1))
	@complete=$$($(BIN)/python -m featrank.datasets --complete $(basename $(notdir $(1))) && echo --complete); \
	  $(BIN)/python -m tools.publish $(1) $(call stage_of,$(1),$(2)) $$complete \
	    --profile $(if $(filter scratch,$(3)),scratch,$(2)) $(if $(filter check,$(3)),--check --report $(STAGE)/stale.txt)

endef

# `make`: every notebook at the profile its committed outputs come from, rendered from the
# committed result store (data/results/<notebook>/store/); a result missing from it stops
# the run, naming the task (its outputs are stale: see `make update`)
notebooks: $(STAMP)
	$(foreach nb,$(NOTEBOOKS),$(call run_notebook,$(nb),$(call committed_profile,$(nb)),publish))
	@$(BIN)/python -m featrank.datasets --skipped   # the datasets the notebooks ran without
notebooks nb check: export FEATRANK_STORE := stored
notebooks nb check update: export FEATRANK_PROGRESS := 0
evaluate: export FEATRANK_IDENTIFIERS := $(IDENTIFIERS)
evaluate: export FEATRANK_NOMINAL := $(NOMINAL)

nb: $(STAMP)
	@test -n "$(NB)" || (echo "usage: make nb NB=05 [PROFILE=quick|smoke|paper|reduced]"; exit 2)
	$(foreach nb,$(wildcard notebooks/$(NB)_*.ipynb),$(call run_notebook,$(nb),$(or $(PROFILE),$(call committed_profile,$(nb))),publish))

# `make check`: render every notebook from the committed store into the staging folder and
# compare with the committed outputs, byte for byte; fails naming every file that would change
# (CI runs it after `make test`)
check: $(STAMP)
	@rm -f $(STAGE)/stale.txt
	$(foreach nb,$(NOTEBOOKS),$(call run_notebook,$(nb),$(call committed_profile,$(nb)),check))
	@if [ -s $(STAGE)/stale.txt ]; then echo "committed outputs that \`make\` would change:"; \
	  cat $(STAGE)/stale.txt; exit 1; else echo "every committed output is reproduced byte for byte"; fi

# `make update NB=06`: after a change of a task's version or parameters, recompute the
# results missing from the notebook's committed store (at its committed profile) and publish
# its outputs; then `make pack` and commit the store with them
update: $(STAMP)
	@test -n "$(NB)" || (echo "usage: make update NB=06"; exit 2)
	$(foreach nb,$(wildcard notebooks/$(NB)_*.ipynb),$(call run_notebook,$(nb),$(call committed_profile,$(nb)),publish))

# `make paper [NB=05] [REFRESH=1]`: the papers' full protocols; fills and extends the committed
# result store (resumable: stopped runs continue from it). REFRESH=1 recomputes everything.
# A notebook committed at `reduced` (03: its paper protocol would take ~4,000 h) runs at
# `reduced`; PROFILE=paper or PROFILE=reduced chooses for every notebook run. Its outputs stay
# in the staging folder: `make pack`, then `make` renders the committed ones from the store.
long_profile = $(or $(PROFILE),$(if $(filter reduced,$(call committed_profile,$(1))),reduced,paper))
paper: $(STAMP)
	@case "$(or $(PROFILE),paper)" in paper|reduced) ;; *) echo "make paper runs PROFILE=paper or reduced, not $(PROFILE)"; exit 2;; esac
	$(foreach nb,$(wildcard notebooks/$(or $(NB),[0-9][0-9])_*.ipynb),$(call run_notebook,$(nb),$(call long_profile,$(nb)),scratch))
	@echo "stored results: run 'make pack' to fold them into data/results/*/store/*.jsonl.gz, then 'make'"
paper: export FEATRANK_STORE := $(if $(REFRESH),refresh,)
# every cell's output, and so each task family's progress bar with its ETA, in the terminal
paper: PAPERMILL_LOG := --log-output
paper: export FEATRANK_PROGRESS := text

# `make quick`: a fast full re-run, recomputed from scratch, everything into $(STAGE)/quick/
quick: $(STAMP)
	$(foreach nb,$(NOTEBOOKS),$(call run_notebook,$(nb),quick,scratch))
quick: export FEATRANK_STORE := refresh

# fold the loose result files of finished tasks into one compact file per task family, and
# rebuild the store table of docs/store.md from what is now stored (commit both together)
pack: $(STAMP)
	$(BIN)/python -m featrank.store pack $(wildcard data/results/*/store)
	$(BIN)/python -m tools.readme

# smoke runs write their figures and tables to a scratch folder, not over the committed ones
SMOKE_OUT := $(abspath data/cache/smoke-output)

test: $(STAMP)
	FEATRANK_PROFILE=smoke FEATRANK_OUTPUT=$(SMOKE_OUT) $(BIN)/python -m pytest -p no:cacheprovider -n $(JOBS) --dist loadfile \
	    --nbval-lax --nbval-kernel-name python3 --nbval-cell-timeout 900 \
	    --doctest-modules tests lib/featrank $(NOTEBOOKS) $(LESSON) $(PYTEST_ARGS)

unit: $(STAMP)
	$(BIN)/python -m pytest -p no:cacheprovider -n $(JOBS) --doctest-modules tests lib/featrank $(PYTEST_ARGS)

nbval: $(STAMP)
	FEATRANK_PROFILE=smoke FEATRANK_OUTPUT=$(SMOKE_OUT) $(BIN)/python -m pytest -p no:cacheprovider -n $(JOBS) --dist loadfile \
	    --nbval-lax --nbval-kernel-name python3 --nbval-cell-timeout 900 $(NOTEBOOKS) $(LESSON)

# `make lab`: JupyterLab on the notebooks; the first time it installs the `lab` extra, the
# packages of requirements-lock.txt held at their locked versions
lab: $(STAMP)
	@test -x $(BIN)/jupyter-lab || $(BIN)/python -m pip install -q -c requirements-lock.txt -e '.[lab]'
	$(BIN)/jupyter lab notebooks/ $(if $(filter 0,$(shell id -u)),--allow-root)   # containers often run as root

# `make lesson`: the 90-minute lesson of lesson/ (six episodes with self-checking exercises;
# lesson/README.md holds the instructor notes). Runs every episode with its solutions (papermill,
# in lesson/, into data/cache/lesson/), printing each one's time; once all six have run, their
# outputs, normalised, replace the committed ones (which the book shows); a failed run changes
# nothing. `make lesson-check` compares instead, byte for byte. No dataset is needed.
lesson: $(STAMP)
	@$(BIN)/python -m tools.lesson run

lesson-check: $(STAMP)
	@$(BIN)/python -m tools.lesson run --check

# `make lesson-student`: the students' copy, every episode without its solutions and outputs,
# with checks.py and the notes, in build/lesson-student/ (started afresh) and as
# build/lesson-student.zip; `make lesson-lab`: JupyterLab on that copy (made if missing, never
# overwritten: it holds the students' answers)
lesson-student: $(STAMP)
	@$(BIN)/python -m tools.lesson student

lesson-lab: $(STAMP)
	@test -d build/lesson-student || $(BIN)/python -m tools.lesson student
	@test -x $(BIN)/jupyter-lab || $(BIN)/python -m pip install -q -c requirements-lock.txt -e '.[lab]'
	$(BIN)/jupyter lab build/lesson-student/ $(if $(filter 0,$(shell id -u)),--allow-root)

# `make book`: every notebook with its committed outputs (nothing is executed), the README
# and the pages of docs/, the figure index and the reproduction summaries, as a static HTML
# site in build/book/html/ (git-ignored); the last line printed is the path of its index.html
book: $(STAMP)
	@$(BIN)/python -m tools.book

# `make data`: download the missing public datasets into data/raw/ (checksummed); offline it
# says so at once and lists what is missing, with where each file goes
data: $(STAMP)
	$(BIN)/python -m featrank.datasets --download --brief

# `make evaluate DATA=my.csv TARGET=class RANKER=mypkg.module:MyRanker [PROFILE=quick]`: the
# report of notebooks/evaluate_your_ranker.ipynb on your data and ranker, into reports/;
# PANEL= the rankers to set it beside (comma-separated), METRIC= the curves' measure
# (executed notebook, its HTML export and the verdict as JSON). RANKER may also be a CSV of
# scores or of an order (then LEARNT=True|False says whether it was learnt on these rows);
# an import path is found from the top folder (and $PYTHONPATH). The parameters are checked
# first (a bad one prints only what to fix; exit status 2); the run goes to a hidden folder
# of reports/ and replaces the earlier report only once it has succeeded. The report's name
# holds the data's base name and a short hash of its absolute path (two bc.csv in different
# folders give two reports). IDENTIFIERS=drop leaves out identifier-like columns (text with
# nearly one value per row; by default they are refused); NOMINAL=a,b reads those CSV columns
# as nominal (class codes written as numbers).
REPORTS  := reports
# progress bars would land in the report's HTML as error boxes
evaluate: export FEATRANK_PROGRESS := 0
evaluate: $(STAMP)
	@test -n "$(DATA)" -a -n "$(RANKER)" || (echo "usage: make evaluate DATA=<csv, arff or catalogue name> [TARGET=<class column>] RANKER=<pkg.module:Class or scores/order csv> [LEARNT=True|False] [PANEL=IG,ReliefF,random] [METRIC=accuracy|balanced_accuracy] [PROFILE=quick] [IDENTIFIERS=drop] [NOMINAL=col,...]"; exit 2)
	$(eval DATA_ARG := $(if $(wildcard $(DATA)),$(abspath $(DATA)),$(DATA)))
	$(eval RANKER_ARG := $(if $(wildcard $(RANKER)),$(abspath $(RANKER)),$(RANKER)))
	$(eval REPORT := evaluate_$(basename $(notdir $(DATA)))_$(shell printf '%s' "$(DATA_ARG)" | sha1sum | cut -c1-6)_$(basename $(notdir $(subst :,/,$(RANKER)))))
	$(eval PARTIAL := $(abspath $(REPORTS))/.partial-$(REPORT))
	@PYTHONPATH="$(CURDIR)$${PYTHONPATH:+:$$PYTHONPATH}" $(BIN)/python -m featrank.experiments.your_ranker_params \
	    check "$(DATA_ARG)" "$(TARGET)" "$(RANKER_ARG)" "$(or $(PROFILE),quick)" "$(or $(LEARNT),None)" \
	    --panel "$(PANEL)" --metric "$(METRIC)"
	@rm -rf $(PARTIAL) && mkdir -p $(PARTIAL)
	@cd notebooks && PYTHONPATH="$(CURDIR)$${PYTHONPATH:+:$$PYTHONPATH}" FEATRANK_PROFILE=$(or $(PROFILE),quick) \
	    $(RUNNB) --label $(REPORT) -- $(BIN)/papermill --no-progress-bar -k python3 \
	    -p data "$(DATA_ARG)" $(if $(TARGET),-p target "$(TARGET)") -p ranker "$(RANKER_ARG)" \
	    $(if $(LEARNT),-p ranking_learnt_on_these_rows $(LEARNT)) -p verdict_json $(PARTIAL)/$(REPORT).json \
	    $(if $(PANEL),-p panel "$(PANEL)") $(if $(METRIC),-p metric $(METRIC)) \
	    evaluate_your_ranker.ipynb $(PARTIAL)/$(REPORT).ipynb \
	  || { echo "the run failed: reports/ keeps its earlier report; the failed notebook is $(PARTIAL)/$(REPORT).ipynb"; exit 1; }
	$(BIN)/jupyter nbconvert --to html --no-input --log-level WARN $(PARTIAL)/$(REPORT).ipynb
	@mv -f $(PARTIAL)/$(REPORT).json $(PARTIAL)/$(REPORT).ipynb $(PARTIAL)/$(REPORT).html $(REPORTS)/ && rmdir $(PARTIAL)
	@echo "report: $(abspath $(REPORTS))/$(REPORT).html (verdict: $(REPORT).json)"

# `make example-report`: docs/example_report.ipynb, the report on scikit-learn's wine data
# with ExtraTreesClassifier (profile quick, about 30 s), as the book shows it: executed, then
# stripped of timings and paths so that a re-run gives the same file
example-report: $(STAMP)
	$(BIN)/python -m tools.example_report

bench: $(STAMP)
	$(BIN)/python tests/bench/run.py

# re-resolve the newest versions pyproject.toml allows into requirements-lock.txt
lock:
	rm -rf .venv-lock && $(PYTHON) -m venv .venv-lock
	.venv-lock/bin/python -m pip install -q -e '.[dev]'
	(echo "# Exact versions that make and CI install (Python 3.11, Linux x86-64); regenerate: make lock"; \
	 .venv-lock/bin/python -m pip freeze --exclude-editable | grep -v '^featrank') > requirements-lock.txt
	rm -rf .venv-lock

clean:
	rm -rf $(VENV) data/cache build lib/*.egg-info .pytest_cache
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
