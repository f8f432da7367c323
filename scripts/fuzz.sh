#!/bin/sh
# Runs every Go fuzz target for FUZZTIME each (default 20s), one after the
# other (go test -fuzz takes one target at a time). Failing inputs are kept
# by Go under the package's testdata/fuzz/ and then run as seeds by every
# `go test`. Usage: FUZZTIME=1m ./scripts/fuzz.sh [package-pattern]
set -eu
cd "$(dirname "$0")/.."
FUZZTIME=${FUZZTIME:-20s}
PATTERN=${1:-./...}
GO=${GO:-go}
total=0
failed=""
for pkg in $($GO list "$PATTERN"); do
	dir=$($GO list -f '{{.Dir}}' "$pkg")
	targets=$(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //' | sort -u || true)
	for t in $targets; do
		total=$((total + 1))
		echo "== $pkg $t ($FUZZTIME)"
		out=$($GO test -run '^$' -fuzz "^${t}\$" -fuzztime "$FUZZTIME" "$pkg" 2>&1) || failed="$failed $pkg.$t"
		printf '%s\n' "$out" | grep -E 'execs:|PASS|FAIL|ok|---' | tail -3
	done
done
echo "fuzz: $total targets run for $FUZZTIME each"
if [ -n "$failed" ]; then
	echo "fuzz: FAILED:$failed"
	exit 1
fi
