# spdc — see README.md. Every target works on a fresh clone: web
# dependencies are installed with `npm ci` when node_modules is missing.

GO        ?= go
NPM       ?= npm
VERSION   ?= $(shell git describe --always --dirty 2>/dev/null || echo dev)
LDFLAGS   := -s -w -X spdc/internal/app.Version=$(VERSION)
WEB_SRC   := $(shell find web/src web/public web/index.html web/vite.config.ts web/package.json web/tsconfig.json -type f 2>/dev/null)
GO_SRC    := $(shell find cmd internal web/embed.go -name '*.go' -o -name '*.sql' -o -name '*.tmpl' -o -name '*.html' -o -name '*.txt' -o -name '*.js' 2>/dev/null) go.mod go.sum

.PHONY: run demo build test test-go test-web test-e2e lint bench bench-web trace-web fuzz audit web clean

run: build
	./bin/spdc serve

# A separate demo instance at http://127.0.0.1:8081 with clearly marked
# example people and pictures, kept in ./data-demo (never ./data); `make run`
# never loads them. Loading twice adds nothing.
DEMO_FLAGS := --data-dir ./data-demo --database-url sqlite://./data-demo/spdc.db --addr 127.0.0.1:8081
demo: build
	./bin/spdc demo $(DEMO_FLAGS)
	./bin/spdc serve $(DEMO_FLAGS)

build: bin/spdc

web/node_modules/.installed: web/package.json web/package-lock.json
	cd web && $(NPM) ci --no-audit --no-fund
	touch $@

# Vite empties dist/ on every build; its tracked placeholder is put back so
# that a fresh clone can vet and compile the Go code before the first build.
web/dist/index.html: web/node_modules/.installed $(WEB_SRC)
	cd web && $(NPM) run build && touch dist/.gitkeep

web: web/dist/index.html

bin/spdc: web/dist/index.html $(GO_SRC)
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags '$(LDFLAGS)' -o bin/spdc ./cmd/spdc

test: test-go test-web test-e2e

test-go: web/dist/index.html
	$(GO) vet ./...
	$(GO) test -race -count=1 -timeout 60m ./...

test-web: web/node_modules/.installed
	cd web && $(NPM) run typecheck && $(NPM) run lint && $(NPM) test

test-e2e: bin/spdc
	cd web && $(NPM) run e2e

# Not part of test, but .ci/run runs it before the tests: gofmt, go mod
# tidy, go vet, staticcheck (fetched through the Go module proxy), ESLint.
lint: web/node_modules/.installed
	@out=$$(grep -rnE 'SPEC §|PRODUCT §|SPEC\.md|PRODUCT\.md|[Ii]ssue [0-9]|§ ?[0-9]' cmd internal web/src web/e2e web/scripts bench); if [ -n "$$out" ]; then echo "comments must say what the code does, not cite documents or tickets outside the repository:"; echo "$$out"; exit 1; fi
	@out=$$(gofmt -l cmd internal web/embed.go bench); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	@$(GO) mod tidy -diff >/dev/null || { echo "go mod tidy would change go.mod or go.sum: run go mod tidy"; exit 1; }
	$(GO) vet ./...
	$(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...
	cd web && $(NPM) run lint

# BENCH_FLAGS passes flags to the bench (see bench/README.md), e.g.
# make bench BENCH_FLAGS='-duration 2s -lighthouse=false'.
bench: bin/spdc
	$(GO) run ./bench/cmd/bench $(BENCH_FLAGS)

# The web part alone (the build's sizes and Lighthouse, no API rows and
# no seeding), in a few minutes: one run of the home, sign-in, volunteer
# and donation pages in three languages and /admin. BENCH_WEB_FLAGS=
# (empty) measures every public route in three languages, three runs each.
BENCH_WEB_FLAGS ?= -lighthouse-runs 1 -lighthouse-pages /,/login,/becomevolunteer,/donation,/admin
bench-web: bin/spdc
	$(GO) run ./bench/cmd/bench -only web,lighthouse -out bench/results-web.json $(BENCH_WEB_FLAGS)

# What each page's start costs this machine's main thread, one trace per
# load, with a gauge of the machine's own speed (see bench/README.md):
# make trace-web TRACE_PAGES='/donation /?lang=hi' TRACE_FLAGS='--runs 3'.
TRACE_PAGES ?= / /?lang=hi /donation
TRACE_FLAGS ?=
trace-web: bin/spdc
	cd web && node scripts/trace-start.mjs --binary ../bin/spdc $(TRACE_FLAGS) $(TRACE_PAGES)

fuzz:
	./scripts/fuzz.sh

audit:
	$(GO) run golang.org/x/vuln/cmd/govulncheck@v1.1.4 ./...
	cd web && $(NPM) audit --omit=dev

clean:
	rm -rf bin web/dist/assets web/dist/index.html web/test-results web/playwright-report
