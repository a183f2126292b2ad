# Storefront: the two everyday commands are `make run` and `make test`. Both install the system packages the repo
# needs when they are missing (the list is scripts/system-packages.txt; scripts/ensure-system-packages.sh installs),
# so a fresh machine with only the Swift toolchain is enough.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

SWIFT ?= swift
# Arguments for `make run`, e.g. `make run ARGS="--help"`.
ARGS ?=
# Debian packages, by the targets that need them: read from the one list, scripts/system-packages.txt (what each
# package is for is written there).
PACKAGES := scripts/system-packages.sh
RUN_PACKAGES := $(shell $(PACKAGES) build)
TEST_PACKAGES := $(shell $(PACKAGES) test)
BENCH_PACKAGES := $(shell $(PACKAGES) bench)
SOAK_PACKAGES := $(shell $(PACKAGES) soak)
MODULES_TOOL_PACKAGES := $(shell $(PACKAGES) modules)
ifeq ($(strip $(RUN_PACKAGES)),)
$(error scripts/system-packages.sh printed no packages: run it by hand to see why)
endif
# Iterations of `make soak` (see scripts/soak-checkout.sh).
SOAK_N ?= 200

# The watchdog of `modules test` (seconds): a package's test process still running after this is killed with every
# process it started, and the tests that had not ended are named (see Tools/Modules/README.md, "Hung tests").
# Measured on this 2-core machine with other builds running: the slowest package is the root package (86 tests):
# 70 s of tests in a plain run, 647 s under ThreadSanitizer with a load average of 30 to 49. Both limits leave a
# margin of about 3x over the worst case seen (TEST_TIMEOUT is also test.timeout in modules.json).
TEST_TIMEOUT ?= 900
TSAN_TEST_TIMEOUT ?= 1800

MODULES_PACKAGE := Tools/Modules
MODULES := $(MODULES_PACKAGE)/.build/debug/modules
# The browser test of `modules report --html` (Tools/Modules/Scripts/report-browser-test.py): Playwright from PyPI,
# pinned, in a venv under .build/ (as the contract test keeps Schemathesis), driving Debian's Chromium through
# executable_path, so no browser is ever downloaded. The venv is a prerequisite of `make test`, never skipped.
PLAYWRIGHT_VERSION := 1.65.2
PLAYWRIGHT_VENV := .build/playwright-$(PLAYWRIGHT_VERSION)
CHROMIUM ?= /usr/bin/chromium
# With CI=true (set by CI services), compiler warnings fail the build.
ifeq ($(CI),true)
WARNINGS_FLAG := --warnings-as-errors
SWIFT_WARNINGS := -Xswiftc -warnings-as-errors
endif

.PHONY: help run build test contract-test report-test lint format format-check modules-tool bench bench-previews bench-modules bench-server test-tsan soak clean

help: ## List the make targets.
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-13s %s\n", $$1, $$2}'

run: ## Build and start the app (pass arguments with ARGS="...").
	@scripts/ensure-system-packages.sh $(RUN_PACKAGES)
	$(SWIFT) build --product storefront $(SWIFT_WARNINGS)
	.build/debug/storefront $(ARGS)

build: ## Build the app.
	@scripts/ensure-system-packages.sh $(RUN_PACKAGES)
	$(SWIFT) build --product storefront $(SWIFT_WARNINGS)

test: modules-tool $(PLAYWRIGHT_VENV)/.installed ## Check layering and formatting, run every package's tests, the report's browser test, then the API contract fuzz test.
	@scripts/ensure-system-packages.sh $(TEST_PACKAGES)
	$(MODULES) lint
	@$(MAKE) --no-print-directory format-check
	@scripts/ensure-check-jsonschema.sh >/dev/null # Tools/Modules' SchemaTests need it; in CI they fail without it
	$(MODULES) test --scratch-path .build/modules/scratch --timeout $(TEST_TIMEOUT) $(WARNINGS_FLAG)
	@$(MAKE) --no-print-directory report-test
	CONTRACT_BINARY=.build/modules/scratch/debug/storefront-server Tools/SampleBackend/Scripts/contract-test.sh

contract-test: ## Fuzz storefront-server against openapi.yaml with Schemathesis (fails on any finding).
	@scripts/ensure-system-packages.sh $(TEST_PACKAGES)
	Tools/SampleBackend/Scripts/contract-test.sh

report-test: modules-tool $(PLAYWRIGHT_VENV)/.installed ## Open `modules report --html` pages in headless Chromium.
	@scripts/ensure-system-packages.sh $(TEST_PACKAGES)
	$(PLAYWRIGHT_VENV)/bin/python Tools/Modules/Scripts/report-browser-test.py --modules $(MODULES) \
		--chromium $(CHROMIUM) --repo . --out .build/modules/report

$(PLAYWRIGHT_VENV)/.installed:
	@scripts/ensure-system-packages.sh $(TEST_PACKAGES)
	rm -rf $(PLAYWRIGHT_VENV)
	python3 -m venv $(PLAYWRIGHT_VENV)
	$(PLAYWRIGHT_VENV)/bin/pip install --quiet --disable-pip-version-check "playwright==$(PLAYWRIGHT_VERSION)"
	touch $@

lint: modules-tool ## Check the layering rules of modules.json.
	$(MODULES) lint

modules-tool: ## Build the `modules` repository tool.
	@scripts/ensure-system-packages.sh $(MODULES_TOOL_PACKAGES)
	$(SWIFT) build --package-path $(MODULES_PACKAGE) --product modules $(SWIFT_WARNINGS)

format: ## Format every Swift file in place with the repo's .swift-format.
	$(SWIFT) format format --in-place --recursive --parallel Package.swift App Core DesignSystem FeatureKit Features Tools

format-check: ## Fail when a Swift file is not formatted as .swift-format says.
	$(SWIFT) format lint --strict --recursive --parallel Package.swift App Core DesignSystem FeatureKit Features Tools

bench: ## Run the benchmarks (release builds); each prints ratios against a reference measured in the same run.
	@scripts/ensure-system-packages.sh $(BENCH_PACKAGES)
	$(SWIFT) run -c release --package-path Core/Logging LoggingBenchmarks
	$(SWIFT) run -c release --package-path Core/Networking NetworkingBenchmarks
	$(SWIFT) run -c release --package-path Core/Persistence PersistenceBenchmarks
	$(SWIFT) run -c release --package-path Core/Images ImagesBenchmarks
	$(SWIFT) run -c release --package-path DesignSystem KeyBurstBenchmarks
	$(SWIFT) run -c release --package-path DesignSystem FrameLatencyBenchmarks
	$(SWIFT) run -c release --package-path Features/Lists ListsBenchmarks --kill-rounds 100
	$(SWIFT) run -c release storefront-keyburst
	$(SWIFT) run -c release storefront-eventfanout --clients 500 --events 100
	$(SWIFT) build -c release --product storefront $(SWIFT_WARNINGS)
	scripts/bench-idle.sh .build/release/storefront 60
	@$(MAKE) --no-print-directory bench-previews

# Each feature's preview executable and the state its start is measured on (`--open`): `bench-previews`.
PREVIEWS := Checkout:Orders/loaded Feed:Feed/loaded Search:Product/loaded Account:Account/guest Lists:Lists/loaded
PREVIEW_RUNS ?= 20

bench-previews: ## Start time of each feature's preview (release) to its first frame, against the gallery's, PREVIEW_RUNS runs.
	@scripts/ensure-system-packages.sh $(BENCH_PACKAGES)
	$(SWIFT) build -c release --package-path DesignSystem --product gallery $(SWIFT_WARNINGS)
	for preview in $(PREVIEWS); do \
		name=$${preview%%:*}; \
		$(SWIFT) build -c release --package-path Features/$$name --product $${name}Preview $(SWIFT_WARNINGS); \
	done
	scripts/bench-previews.py --runs $(PREVIEW_RUNS) DesignSystem/.build/release/gallery \
		$(foreach preview,$(PREVIEWS),"Features/$(firstword $(subst :, ,$(preview)))/.build/release/$(firstword $(subst :, ,$(preview)))Preview:$(lastword $(subst :, ,$(preview)))")

bench-modules: ## Warm `modules` timings vs one `swift package dump-package`: this repository, then 500 synthetic packages (release build).
	@scripts/ensure-system-packages.sh $(MODULES_TOOL_PACKAGES)
	$(SWIFT) build -c release --package-path $(MODULES_PACKAGE) --product modules $(SWIFT_WARNINGS)
	$(MODULES_PACKAGE)/.build/release/modules bench --runs 5
	$(MODULES_PACKAGE)/.build/release/modules bench --synthetic 500

bench-server: ## storefront-server vs nginx on the same bytes, route by route (wrk on loopback); ARGS="--json --scaling".
	@scripts/ensure-system-packages.sh $(RUN_PACKAGES)
	Tools/SampleBackend/Scripts/bench-server.sh $(ARGS)

test-tsan: modules-tool ## Run every package's tests under ThreadSanitizer.
	@scripts/ensure-system-packages.sh $(TEST_PACKAGES)
	$(MODULES) test --scratch-path .build/modules/tsan --sanitize thread --timeout $(TSAN_TEST_TIMEOUT)

soak: ## Exactly-once soak: SOAK_N checkouts (default 200) through the binary with mixed faults (not in `make test`).
	@scripts/ensure-system-packages.sh $(SOAK_PACKAGES)
	$(SWIFT) build --product storefront $(SWIFT_WARNINGS)
	SOAK_N=$(SOAK_N) STOREFRONT=.build/debug/storefront scripts/soak-checkout.sh

clean: ## Remove every package's build directory.
	find . -name .build -type d -prune -exec rm -rf {} +
