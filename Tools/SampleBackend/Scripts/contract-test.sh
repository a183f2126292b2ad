#!/usr/bin/env bash
# Fuzzes a fresh storefront-server against openapi.yaml with Schemathesis (pinned below): positive and negative
# data, every check, a fixed seed, a bounded example count and a wall-time cap; fails on any finding.
#
# Usage: Tools/SampleBackend/Scripts/contract-test.sh   (`make contract-test` and `make test` run it)
# Environment: CONTRACT_MAX_SECONDS (Schemathesis's time budget, default 150; the whole script stays under 5
#              minutes once built), CONTRACT_EXAMPLES (examples per operation, default from schemathesis.toml),
#              CONTRACT_BINARY (a storefront-server already built, such as the one `make test` built; else the
#              script builds one in the package's .build).
#
# Schemathesis is installed from PyPI into a virtual environment under .build/ at the repository root. The server
# runs in memory on a free loopback port and is stopped on exit. Excluded: DELETE /v1/session (it would revoke the
# run's own token mid-run; its tests are in AccountAPITests) and GET /v1/events (a text/event-stream that never
# ends; its tests are in EventStreamTests), both in schemathesis.toml.
set -euo pipefail

SCHEMATHESIS_VERSION=4.32.5
max_seconds=${CONTRACT_MAX_SECONDS:-150}
if ! [[ "$max_seconds" =~ ^[0-9]+$ ]] || [ "$max_seconds" -lt 10 ] || [ "$max_seconds" -gt 280 ]; then
    echo "error: CONTRACT_MAX_SECONDS must be 10 to 280, not \"$max_seconds\"" >&2
    exit 64
fi

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
package="$repo/Tools/SampleBackend"
venv="$repo/.build/schemathesis-$SCHEMATHESIS_VERSION"
packages=$("$repo/scripts/system-packages.sh" test) # the one list: scripts/system-packages.txt
"$repo/scripts/ensure-system-packages.sh" $packages

if [ ! -x "$venv/bin/schemathesis" ]; then
    echo "contract-test: installing schemathesis $SCHEMATHESIS_VERSION into $venv..."
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi

if [ -n "${CONTRACT_BINARY:-}" ]; then
    binary=$CONTRACT_BINARY
    if [ ! -x "$binary" ]; then
        echo "error: CONTRACT_BINARY \"$binary\" is not an executable storefront-server" >&2
        exit 64
    fi
else
    echo "contract-test: building storefront-server..."
    swift build --package-path "$package" --product storefront-server
    binary="$(swift build --package-path "$package" --show-bin-path)/storefront-server"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/contract-test.XXXXXX")
server_pid=""
cleanup() {
    if [ -n "$server_pid" ]; then kill -TERM "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

"$binary" --host 127.0.0.1 --port 0 --products 2000 --posts 300 --stock 1000000 --log-level error \
    >"$work/server.out" 2>"$work/server.err" &
server_pid=$!
server_url=""
for _ in $(seq 1 600); do
    server_url=$(sed -n 's/^storefront-server listening on //p' "$work/server.out")
    [ -n "$server_url" ] && break
    if ! kill -0 "$server_pid" 2>/dev/null; then
        cat "$work/server.err" >&2
        exit 1
    fi
    sleep 0.1
done
if [ -z "$server_url" ]; then
    echo "error: storefront-server did not start within 60 s" >&2
    exit 1
fi
token=$(curl -sf -X POST "$server_url/v1/session" -H 'Content-Type: application/json' -d '{"user_name":"contract"}' |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')

arguments=(--config-file "$package/Scripts/schemathesis.toml" --no-color run "$repo/openapi.yaml" --url "$server_url"
    --header "Authorization: Bearer $token" --max-time "$max_seconds")
if [ -n "${CONTRACT_EXAMPLES:-}" ]; then arguments+=(--max-examples "$CONTRACT_EXAMPLES"); fi
echo "contract-test: schemathesis $SCHEMATHESIS_VERSION against $server_url (at most $max_seconds s)..."
started=$(date +%s)
status=0
# From the scratch directory: Schemathesis keeps its own files (.schemathesis/) in the working directory.
(cd "$work" && "$venv/bin/schemathesis" "${arguments[@]}") >"$work/report.txt" 2>&1 || status=$?
cat "$work/report.txt"
echo "contract-test: finished in $(($(date +%s) - started)) s with exit status $status"
exit "$status"
