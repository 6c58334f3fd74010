# Courier — two commands on a fresh machine: `make run` and `make test`.
SWIFT ?= swift
BIN := $(shell pwd)/.build/debug

.PHONY: bootstrap version-header build release release-assets install uninstall deb dist test-package run tour serve test test-domain test-tsan test-asan fuzz soak soak-release bench bench-load bench-download bench-tui screenshots docs docs-check clean

bootstrap:
	@scripts/bootstrap.sh

## The version stamped into the executable: written only when it changed, so that an unchanged
## version recompiles nothing (touching build_info.c: a header new since the last compile is in
## no dependency list).
VERSION ?= $(shell scripts/version.sh)
version-header:
	@printf '#define COURIER_BUILD_VERSION "%s"\n' "$(VERSION)" > .build-version.h.tmp
	@if ! cmp -s .build-version.h.tmp Sources/CourierBuildInfo/version.generated.h; then \
		mv .build-version.h.tmp Sources/CourierBuildInfo/version.generated.h; touch Sources/CourierBuildInfo/build_info.c; \
	else rm -f .build-version.h.tmp; fi

build: bootstrap version-header
	$(SWIFT) build --product courier

## Installing. `make release` builds bin/courier optimised, with the Swift runtime, Foundation
## and Dispatch linked in (--static-swift-stdlib): it needs only Debian's libcurl, ncursesw,
## SQLite and libxml2, and scripts/check-static-binary.sh says so (ldd) and runs it with an
## empty environment. `make release-assets` writes the completion scripts and man pages from
## that binary. `sudo make install` (PREFIX=/usr/local; DESTDIR= for packagers) only copies —
## it never builds, so no root-owned file lands in .build — and `make uninstall` removes
## exactly what it copied.
PREFIX ?= /usr/local
DESTDIR ?=
## Linked by lld with packed relative relocations (DT_RELR, glibc 2.36): 3.8 MB of relocation
## entries, all read at every start, become 33 KB; --no-export-dynamic undoes the
## -export-dynamic of Swift's static-stdlib link (65,000 symbols in the dynamic table, searched
## first for every symbol the loader binds). Together: the workbench 55 -> 45 MB after one
## request (docs/benchmarks.md). Every function in a section of its own, and those a workbench
## session runs (scripts/hot-functions.order, made by scripts/hot-functions.py) placed first: the
## kernel maps code 64 KiB around each page touched, so the code that runs, spread over 41 MB,
## kept 19 MB resident; together, far less.
RELEASE_LINK := --static-swift-stdlib -Xswiftc -use-ld=lld -Xlinker -z -Xlinker now -Xlinker -z -Xlinker pack-relative-relocs \
	-Xlinker --no-export-dynamic -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections \
	-Xlinker --symbol-ordering-file=$(CURDIR)/scripts/hot-functions.order -Xlinker --no-warn-symbol-ordering
RELEASE_FLAGS := -c release --product courier $(RELEASE_LINK)
RELEASE_BIN := .build/release/courier
ASSETS := .build/dist-assets
bindir = $(PREFIX)/bin
man1dir = $(PREFIX)/share/man/man1
man5dir = $(PREFIX)/share/man/man5
docdir = $(PREFIX)/share/doc/courier
bashcompdir = $(PREFIX)/share/bash-completion/completions
zshcompdir = $(if $(filter /usr,$(PREFIX)),/usr/share/zsh/vendor-completions,$(PREFIX)/share/zsh/site-functions)
fishcompdir = $(PREFIX)/share/fish/vendor_completions.d
demodir = $(PREFIX)/share/courier/demo
DEMO_FILES = workspaces/demo.yaml workspaces/demo-openapi.yaml workspaces/contract.yaml workspaces/petstore.yaml workspaces/files workspaces/schemas
INSTALLED = $(bindir)/courier $(man1dir)/courier.1.gz $(man5dir)/courier-workspace.5.gz $(man5dir)/courier-config.5.gz \
	$(bashcompdir)/courier $(zshcompdir)/_courier $(fishcompdir)/courier.fish \
	$(if $(filter /usr,$(PREFIX)),$(PREFIX)/share/lintian/overrides/courier)

release: bootstrap version-header
	$(SWIFT) build $(RELEASE_FLAGS)
	scripts/check-static-binary.sh $(RELEASE_BIN)

release-assets:
	@test -x $(RELEASE_BIN) || { echo "make release-assets: run make release first"; exit 1; }
	scripts/release-assets.sh $(RELEASE_BIN) $(ASSETS)

install:
	@test -x $(RELEASE_BIN) -a -f $(ASSETS)/courier.1.gz || { echo "make install: run make release release-assets first (not as root)"; exit 1; }
	install -d -m 0755 $(addprefix $(DESTDIR),$(bindir) $(man1dir) $(man5dir) $(docdir) $(bashcompdir) $(zshcompdir) $(fishcompdir))
	install -m 0755 $(RELEASE_BIN) $(DESTDIR)$(bindir)/courier
	strip --remove-section=.comment --remove-section=.note --strip-unneeded $(DESTDIR)$(bindir)/courier
	install -m 0644 $(ASSETS)/courier.1.gz $(DESTDIR)$(man1dir)/
	install -m 0644 $(ASSETS)/courier-workspace.5.gz $(ASSETS)/courier-config.5.gz $(DESTDIR)$(man5dir)/
	install -m 0644 $(ASSETS)/courier.bash $(DESTDIR)$(bashcompdir)/courier
	install -m 0644 $(ASSETS)/_courier $(DESTDIR)$(zshcompdir)/_courier
	install -m 0644 $(ASSETS)/courier.fish $(DESTDIR)$(fishcompdir)/courier.fish
	rm -rf $(DESTDIR)$(docdir) $(DESTDIR)$(demodir) && install -d -m 0755 $(DESTDIR)$(docdir) $(DESTDIR)$(demodir)
	install -m 0644 README.md ARCHITECTURE.md RELIABILITY.md packaging/copyright $(ASSETS)/changelog.gz $(DESTDIR)$(docdir)/
	cp -R docs $(DESTDIR)$(docdir)/docs
	cp -R $(DEMO_FILES) $(DESTDIR)$(demodir)/
	chmod -R u=rwX,go=rX $(DESTDIR)$(docdir) $(DESTDIR)$(demodir)
	$(if $(filter /usr,$(PREFIX)),install -D -m 0644 packaging/lintian-overrides $(DESTDIR)$(PREFIX)/share/lintian/overrides/courier)

uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))
	rm -rf $(DESTDIR)$(docdir) $(DESTDIR)$(demodir)
	rmdir --ignore-fail-on-non-empty $(DESTDIR)$(PREFIX)/share/courier 2>/dev/null || true

## Packages, from the release build (VERSION from git describe, scripts/version.sh):
## `make deb` writes courier_VERSION_ARCH.deb — the tree `make install PREFIX=/usr` lays out,
## its Depends computed by dpkg-shlibdeps — and runs lintian on it when it is installed
## (scripts/package-bootstrap.sh installs it as root); `make dist` writes
## courier-VERSION-linux-ARCH.tar.gz, the same tree with an install.sh (PREFIX=/usr/local).
## `make test-package` is what CI runs: the debug build linked as the release one is, packaged,
## linted, installed with dpkg and used with an empty environment, then removed (as root).
deb: release release-assets
	@scripts/package-bootstrap.sh
	scripts/make-deb.sh $(RELEASE_BIN) $(ASSETS) .

dist: release release-assets
	scripts/make-dist.sh $(RELEASE_BIN) $(ASSETS) .

test-package: bootstrap version-header
	@scripts/package-bootstrap.sh
	scripts/package-test.sh

## Opens the workbench on workspaces/demo.yaml, with the embedded demo server on loopback.
run: build
	$(BIN)/courier tui workspaces/demo.yaml $(ARGS)

## The headless tour: runs workspaces/demo.yaml's everything batch and checkout chain (its
## json-invalid request is meant to fail, so the run exits 1 by design).
tour: build
	-$(BIN)/courier run workspaces/demo.yaml everything checkout $(ARGS)

## Starts the demo server alone; prints its URL.
serve: build
	$(BIN)/courier serve --port $(or $(PORT),0)

## Builds and runs every test (Swift Testing) against in-process loopback servers and servers
## nobody here wrote (httpbin in a venv under .build, installed by scripts/test-servers-bootstrap.sh;
## its tests skip with the reason when it cannot be installed), then builds the README's library
## user package, which must resolve the engine's packages alone.
##
## At most TEST_WIDTH tests run at once (8). Unbounded, Swift Testing starts every test together:
## on two cores the in-process servers then answer seconds late and tests that wait on them time
## out (CI saw 10 s transfers to a server that answers in milliseconds); 8 is also faster here
## (67 s against 75 s). The tests' temporary directories go in one of their own, removed after
## (scripts/with-test-tmpdir.sh).
##
## For CI's 30 minutes: the test servers install while the build runs (about 45 s of downloads
## and a small Go build, serial before), and the tests run from their bundle as `swift test`
## would (`swift test --skip-build` loaded and planned the package graph again first: ~24 s).
##
## DEBUG_INFO_FLAGS="-debug-info-format none" builds without debug information. CI keeps the
## default: measured on 2026-12-01, a clean build of the engine-only package took 116 s without
## debug information, 113 s with line tables only and 114 s with all of it.
## CI_BUILD_FLAGS (CI=true) compiles each module whole (`-wmo`, its code generated on two
## threads so that SwiftPM finds one object file per source file to link): a clean build
## compiles once and is never built again incrementally, and per-file jobs type-check what
## their files share again and again. The index store stays: SwiftPM's test discovery on
## Linux reads it (`--disable-index-store` fails `--build-tests` with "index store path does
## not exist"). Every build of .build/debug in one run must use the same flags
## (DEBUG_BUILD_FLAGS), or SwiftPM compiles the whole graph again. C and C++ are compiled
## without debug information there (`-g0`): BoringSSL alone took 389 s of CPU with it, 349 s
## without (measured 2026-12-01, `swift build --target CNIOBoringSSL`).
## CI's library-user check resolves the package and checks the engine's imports instead of
## compiling it (ENGINE_ONLY_BUILD=no: about 45 s less; scripts/engine-only-check.sh).
TEST_WIDTH ?= 8
TEST_BUNDLE := CourierPackageTests.xctest
DEBUG_INFO_FLAGS ?=
CI_BUILD_FLAGS ?= $(if $(filter true,$(CI)),-Xswiftc -wmo -Xswiftc -num-threads -Xswiftc 2 -Xcc -g0 -Xcxx -g0)
DEBUG_BUILD_FLAGS = $(CI_BUILD_FLAGS) $(DEBUG_INFO_FLAGS)
ENGINE_ONLY_BUILD ?= $(if $(filter true,$(CI)),no,yes)
export DEBUG_INFO_FLAGS DEBUG_BUILD_FLAGS ENGINE_ONLY_BUILD
test: bootstrap version-header
	@mkdir -p .build && { scripts/test-servers-bootstrap.sh > .build/test-servers-bootstrap.log 2>&1 & servers=$$!; \
		echo "$(SWIFT) build --build-tests $(DEBUG_BUILD_FLAGS)   (the test servers install meanwhile)"; \
		$(SWIFT) build --build-tests $(DEBUG_BUILD_FLAGS); built=$$?; \
		wait $$servers; cat .build/test-servers-bootstrap.log; exit $$built; }
	scripts/with-test-tmpdir.sh scripts/test-failure-summary.sh .build/debug/$(TEST_BUNDLE) --testing-library swift-testing --experimental-maximum-parallelization-width $(TEST_WIDTH)
	python3 scripts/check-doc-links.py
	SWIFT=$(SWIFT) scripts/engine-only-check.sh

## The engine's DocC documentation (Sources/Courier/Courier.docc and every public declaration's
## comment) as a static site in .build/docs/Courier.doccarchive; any DocC warning (a link that
## does not resolve) fails it. Read it with
## `python3 -m http.server -d .build/docs/Courier.doccarchive` and http://localhost:8000/documentation/courier.
## scripts/build-docs.py runs the toolchain's docc over the symbol graph of the engine module the
## debug build compiled (`swift package generate-documentation` makes the same archive, after
## building its plugin's tools and the engine again: 90 s of CI's time for nothing new).
## DOCS_BUILD=no uses the module as it is (CI, right after `make test`, as SOAK_BUILD).
DOCS_DIR ?= .build/docs
DOCS_BUILD ?= yes
docs: bootstrap
ifeq ($(DOCS_BUILD),yes)
	$(SWIFT) build --product courier $(DEBUG_BUILD_FLAGS)
endif
	scripts/build-docs.py $(DOCS_DIR)/Courier.doccarchive

## The documentation builds without a warning, and every public declaration of the engine has a
## doc comment (scripts/doc-coverage.py: 100 % of the whole engine). Both read the module the
## last build compiled.
docs-check: docs
	scripts/doc-coverage.py --no-build

## 100,000 GETs through one agent: RSS, descriptors and threads must stay within 10 % of their
## level after 50,000. ARGS=N for another count. Against nginx on loopback (scripts/soak.py;
## without nginx, the demo server in the soak's process). The debug build `make test` makes (so
## CI pays seconds for it, not a release build of its own);
## `make soak-release` runs the same source built for release in Benchmarks/ (about 5 s, after
## a release build of everything).
## SOAK_BUILD=no runs the binary the last build made, without building: CI, right after
## `make test` — another SwiftPM process may order the trait defines differently and rebuild
## half the graph (swift-package-manager#10525: 326 s in a fresh-clone run here).
SOAK_BUILD ?= yes
soak: bootstrap
ifeq ($(SOAK_BUILD),yes)
	$(SWIFT) build --build-tests $(DEBUG_BUILD_FLAGS)
endif
	scripts/soak.py .build/debug/courier-soak $(ARGS)

soak-release: bootstrap
	rm -f Benchmarks/.build/release/description.json Benchmarks/.build/release.yaml
	cd Benchmarks && $(SWIFT) build -c release --product courier-soak && .build/release/courier-soak $(ARGS)

## libFuzzer over the workspace loader, templates, conditions, capture paths, the curl
## importer, the URL builder and the JSON parser (against Foundation's), with AddressSanitizer.
## FUZZ_SECONDS=N per target (60), FUZZ_TARGETS="json curl" for a subset.
fuzz: bootstrap
	scripts/fuzz.sh

## The engine's and the demo server's tests under AddressSanitizer, in their own build
## directory: memory errors and leaks fail it (LEAKS=0 turns leak checking off). The toolchain's
## own leaks — URLSession's host comparison, FoundationXML, service-lifecycle — are suppressed
## in scripts/lsan-suppressions.txt, each traced with symbols (RELIABILITY.md).
## TLSTests are skipped: they start openssl with Foundation's Process, whose descriptor scan
## (findMaximumOpenFromProcSelfFD) reads past a buffer under ASan — Foundation's bug, not ours.
## FILTER= narrows it.
ASAN_BUILD ?= .build-asan
test-asan: bootstrap
	$(SWIFT) build --build-tests --sanitize=address --scratch-path $(ASAN_BUILD)
	ASAN_OPTIONS="detect_leaks=$(or $(LEAKS),1):fast_unwind_on_malloc=0:malloc_context_size=8" LSAN_OPTIONS="suppressions=$(CURDIR)/scripts/lsan-suppressions.txt:print_suppressions=0" scripts/with-test-tmpdir.sh $(SWIFT) test --skip-build --disable-xctest --sanitize=address --scratch-path $(ASAN_BUILD) \
		--filter '$(or $(FILTER),CourierTests|CourierDemoServerTests)' --skip TLSTests

## The workspace domain's tests alone — each module's target (Tests/Courier*Tests: format,
## checks, runner, history, load runs, headless runs) — built by the DomainTests/ package, which
## depends on the domain's products and so compiles no Workbench, CourierTUI or demo-server TLS:
## the quick loop while working on the domain. `make test` runs them too. FILTER= narrows it.
test-domain: bootstrap
	@scripts/test-servers-bootstrap.sh
	rm -f DomainTests/.build-domain/debug/description.json DomainTests/.build-domain/debug.yaml  # plan the path dependency's sources again
	cd DomainTests && $(SWIFT) build --build-tests --scratch-path .build-domain
	cd DomainTests && ../scripts/with-test-tmpdir.sh ../scripts/test-failure-summary.sh $(SWIFT) test --skip-build --disable-xctest \
		--scratch-path .build-domain --experimental-maximum-parallelization-width $(TEST_WIDTH) $(if $(FILTER),--filter '$(FILTER)')

## The engine's tests under ThreadSanitizer, built by the TSan/ package (which links
## Tests/CourierTests) so that only the engine and they are compiled — no trait, so neither
## Hummingbird nor SwiftNIO: their demo server is `courier serve` from the root's debug build,
## in a process of its own. -DCOURIER_TSAN swaps Synchronization.Mutex (a futex TSan cannot
## see) for a pthread mutex. Fails on any report. FILTER= narrows it. Not with CI_BUILD_FLAGS:
## its few, large modules lose their per-file parallelism whole (measured 2026-12-01 in CI: build
## 133 → 170 s, tests 48 → 96 s).
TSAN_FLAGS = --sanitize=thread -Xswiftc -DCOURIER_TSAN --scratch-path .build-tsan
test-tsan: bootstrap
	@# The tests' demo server is `courier serve` from the root's debug build (the one `make test` makes).
	@test -x .build/debug/courier || $(SWIFT) build --build-tests $(DEBUG_BUILD_FLAGS)
	rm -f TSan/.build-tsan/debug/description.json TSan/.build-tsan/debug.yaml  # plan the path dependency's sources again
	cd TSan && $(SWIFT) build --build-tests $(TSAN_FLAGS)
	cd TSan && TSAN_OPTIONS="halt_on_error=0 exitcode=66" ../scripts/with-test-tmpdir.sh .build-tsan/debug/CourierTSanPackageTests.xctest \
		--testing-library swift-testing --experimental-maximum-parallelization-width $(TEST_WIDTH) $(if $(FILTER),--filter '$(FILTER)')

## Courier against raw libcurl, URLSession, AsyncHTTPClient and curl (Benchmarks/, release build).
## Installs nginx for the loopback server when root; ARGS="--full" for the full sizes, "--help" for flags.
bench: bootstrap
	@scripts/bench-bootstrap.sh
	rm -f Benchmarks/.build/release/description.json Benchmarks/.build/release.yaml  # plan the path dependency's sources again
	cd Benchmarks && $(SWIFT) build -c release
	cd Benchmarks && .build/release/courier-bench --json bench-results.json $(ARGS)

## courier load beside wrk, hey, ab and raw libcurl against nginx on loopback (concurrency 64,
## percentiles beside wrk's, --rate 2000, a stall in p99). Installs them when root; LOAD_SECONDS, LOAD_RUNS.
bench-load: bootstrap
	@scripts/bench-load-bootstrap.sh
	scripts/bench-load.sh

## 1 GiB loopback download: peak RSS under 64 MiB, and a resume after a kill at ~50%.
bench-download: build
	scripts/download-benchmark.sh

## The workbench's speed and footprint, measured on the real binary in tmux.
bench-tui: bootstrap version-header
	RELEASE_LINK="$(RELEASE_LINK)" scripts/bench-tui.sh

## Renders screenshots/*.png from scripted scenes (installs pyte, Pillow and fonts when root).
screenshots: bootstrap
	scripts/screenshots.sh

clean:
	rm -rf .build
