# Courier — two commands on a fresh machine: `make run` and `make test`.
SWIFT ?= swift
BIN := $(shell pwd)/.build/debug

.PHONY: bootstrap build run serve test bench bench-download clean

bootstrap:
	@scripts/bootstrap.sh

build: bootstrap
	$(SWIFT) build --product courier

## Runs workspaces/demo.yaml headless against the embedded loopback demo server (its
## json-invalid request is meant to fail, so the run exits 1 by design).
run: build
	-$(BIN)/courier run workspaces/demo.yaml everything checkout $(ARGS)

## Starts the demo server alone; prints its URL.
serve: build
	$(BIN)/courier serve --port $(or $(PORT),0)

## Builds and runs every test (Swift Testing) against in-process loopback servers.
test: bootstrap
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-xctest

## Courier against raw libcurl, URLSession, AsyncHTTPClient and curl (Benchmarks/, release build).
## Installs nginx for the loopback server when root; ARGS="--full" for the full sizes, "--help" for flags.
bench: bootstrap
	@scripts/bench-bootstrap.sh
	cd Benchmarks && $(SWIFT) build -c release
	cd Benchmarks && .build/release/courier-bench --json bench-results.json $(ARGS)

## 1 GiB loopback download: peak RSS under 64 MiB, and a resume after a kill at ~50%.
bench-download: build
	scripts/download-benchmark.sh

clean:
	rm -rf .build
