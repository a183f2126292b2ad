#!/usr/bin/env bash
# Soak test of exactly-once orders: N checkouts through the real `storefront` binary against its embedded backend,
# with mixed faults. Each iteration signs in a user of its own (so the server's order list of that user is the
# orders of that cart), fills a cart of its own (products and quantities drawn from the seed), and runs one
# scenario:
#   plain            one checkout
#   drop             the answer is lost once after the order committed; the client retries with the same key
#   lost             the answer is lost, then 503s: the run ends with an unknown outcome, the next run reconciles
#   flaky-5xx        half of the order requests answer 500
#   rate-limited     the first order request answers 429 with Retry-After
#   three-at-once    three checkouts of the same cart start together (latency on POST /v1/orders makes them overlap)
#   killed           a checkout is SIGKILLed at a random moment while its order request is slow; the next run
#                    takes over the claim the killed process left
# Every iteration signs out at its end. Every iteration ends with runs (each a new process, so its embedded server restarts) until one reports an order,
# at most four. Then the server's orders of that user are counted:
#   duplicates  iterations with more than one order for their cart
#   lost        iterations where a run reported an order placed (or an earlier one that went through) and the
#               server has none, or not that one
#   unresolved  iterations where no run reported an order within the runs allowed (reported, never hidden)
#   refused     iterations the server refused (out of stock, a price change): no order, none reported
# Progress: one line per iteration (a rewritten line on a terminal). The last line is exactly
#   checkouts=N orders=... duplicates=... lost=... p50_s=... p99_s=...
# where p50_s/p99_s are the seconds from an iteration's first checkout run to the run that reported its order.
#
# Environment: SOAK_N (iterations, default 200), SOAK_SEED (default 1), STOREFRONT (the binary, default
# .build/debug/storefront), SOAK_DIR (work directory, default a new temporary one; kept when a check fails).
set -euo pipefail

N=${SOAK_N:-200}
SEED=${SOAK_SEED:-1}
BIN=${STOREFRONT:-.build/debug/storefront}
if ! [[ "$N" =~ ^[1-9][0-9]*$ ]]; then
    echo "soak: SOAK_N must be a positive integer, not '$N'" >&2
    exit 64
fi
if ! [[ "$SEED" =~ ^[0-9]+$ ]]; then
    echo "soak: SOAK_SEED must be a non-negative integer, not '$SEED'" >&2
    exit 64
fi
if ! [[ -x "$BIN" ]]; then
    echo "soak: no storefront binary at $BIN (build it with 'swift build --product storefront')" >&2
    exit 1
fi
command -v jq >/dev/null || { echo "soak: jq is needed (Debian package jq)" >&2; exit 1; }

WORK=${SOAK_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/storefront-soak.XXXXXX")}
mkdir -p "$WORK"
DATA="$WORK/data"
LOGS="$WORK/runs"
mkdir -p "$DATA" "$LOGS"
RANDOM=$SEED
TTY=0
[[ -t 1 ]] && TTY=1

ADDRESS=(--name "Ada Lovelace" --street "1 Analytical Way" --city London --postal-code "N1 9GU" --country GB
    --shipping standard --payment invoice --yes --json)
SCENARIOS=(plain drop lost flaky-5xx rate-limited three-at-once killed)

now() { date +%s.%N; }

# Runs the binary on the soak's data directory; stdout to $1.out, stderr to $1.err; returns its exit status.
run() {
    local name=$1
    shift
    "$BIN" --data-dir "$DATA" "$@" >"$LOGS/$name.out" 2>"$LOGS/$name.err"
}

# Whether run $1 reported an order: prints its id.
reported_order() {
    jq -r 'select(type == "object") | .id // empty' "$LOGS/$1.out" 2>/dev/null || true
}

# Fills the cart with 1 to 3 products (quantities 1 to 3) drawn from the seeded catalog, taking only products the
# catalog lists as in stock (a low-stock product would make the server refuse the order as out of stock).
fill_cart() {
    local iteration=$1 lines=$((1 + RANDOM % 3)) added=0 tries=0
    while ((added < lines && tries < 20)); do
        tries=$((tries + 1))
        local product="sku_$((1 + RANDOM % 2000))" quantity=$((1 + RANDOM % 3))
        run "$iteration-product-$tries" product "$product" --json || continue
        [[ $(jq -r '.availability' "$LOGS/$iteration-product-$tries.out") == in_stock ]] || continue
        if run "$iteration-cart-$tries" cart add "$product" --quantity "$quantity"; then
            added=$((added + 1))
        fi
    done
    ((added > 0))
}

# Whether a run of iteration $1 ended with the server refusing the order (stock or price moved since the cart was
# filled): such a checkout is refused, not lost or unresolved.
refused_by_server() {
    local codes
    codes=$(cat "$LOGS/$1"-[a-c].out "$LOGS/$1"-r[0-9].out 2>/dev/null | jq -r '.error.code? // empty' 2>/dev/null || true)
    grep -qxE 'out_of_stock|price_changed' <<<"$codes"
}

checkouts=0 orders_total=0 duplicates=0 lost=0 unresolved=0 refused=0
durations=()
failures=()

for ((i = 1; i <= N; i++)); do
    scenario=${SCENARIOS[$((RANDOM % ${#SCENARIOS[@]}))]}
    id="i$i"
    if ! run "$id-login" login "soak-$SEED-$i"; then
        failures+=("$id: sign-in failed: $(tail -n1 "$LOGS/$id-login.err")")
        continue
    fi
    if ! fill_cart "$id"; then
        failures+=("$id: no product could be added to the cart")
        continue
    fi
    checkouts=$((checkouts + 1))
    start=$(now)
    reported=()
    attempt=0
    case $scenario in
        plain) run "$id-a" checkout "${ADDRESS[@]}" || true ;;
        drop) run "$id-a" --server-fault "POST /v1/orders drop-after-commit times=1" checkout "${ADDRESS[@]}" || true ;;
        lost)
            run "$id-a" --server-fault "POST /v1/orders drop-after-commit times=1" \
                --server-fault "POST /v1/orders status=503" checkout "${ADDRESS[@]}" || true
            ;;
        flaky-5xx) run "$id-a" --server-fault "POST /v1/orders status=500 share=0.5" checkout "${ADDRESS[@]}" || true ;;
        rate-limited)
            run "$id-a" --server-fault "POST /v1/orders status=429 times=1 retry-after=1" checkout "${ADDRESS[@]}" || true
            ;;
        three-at-once)
            for p in a b c; do
                run "$id-$p" --server-fault "POST /v1/orders latency=2s" checkout "${ADDRESS[@]}" &
            done
            wait || true
            ;;
        killed)
            "$BIN" --data-dir "$DATA" --server-fault "POST /v1/orders latency=1500ms" checkout "${ADDRESS[@]}" \
                >"$LOGS/$id-a.out" 2>"$LOGS/$id-a.err" &
            victim=$!
            sleep "$((RANDOM % 3)).$((RANDOM % 10))"
            kill -KILL "$victim" 2>/dev/null || true
            wait "$victim" 2>/dev/null || true
            ;;
    esac
    for p in a b c; do
        [[ -f "$LOGS/$id-$p.out" ]] || continue
        order=$(reported_order "$id-$p")
        [[ -n "$order" ]] && reported+=("$order")
    done
    # Restarts: new processes until one reports the order (the claim of a killed run, an unknown outcome).
    while ((${#reported[@]} == 0 && attempt < 4)); do
        attempt=$((attempt + 1))
        run "$id-r$attempt" checkout "${ADDRESS[@]}" || true
        order=$(reported_order "$id-r$attempt")
        [[ -n "$order" ]] && reported+=("$order")
    done
    elapsed=$(awk -v a="$(now)" -v b="$start" 'BEGIN { printf "%.2f", a - b }')
    if ! run "$id-orders" orders list --json; then
        failures+=("$id ($scenario): the server's orders could not be listed: $(tail -n1 "$LOGS/$id-orders.err")")
        continue
    fi
    server_orders=$(jq -r '.[].id' "$LOGS/$id-orders.out")
    count=$(grep -c . <<<"$server_orders" || true)
    orders_total=$((orders_total + count))
    if ((count > 1)); then
        duplicates=$((duplicates + 1))
        failures+=("$id ($scenario): $count orders for one cart: $(tr '\n' ' ' <<<"$server_orders")")
    fi
    if ((${#reported[@]} > 0)); then
        durations+=("$elapsed")
        for order in "${reported[@]}"; do
            if ! grep -qx "$order" <<<"$server_orders"; then
                lost=$((lost + 1))
                failures+=("$id ($scenario): reported $order, which the server does not have")
                break
            fi
        done
    elif ((count == 0)) && refused_by_server "$id"; then
        refused=$((refused + 1))
    else
        unresolved=$((unresolved + 1))
        failures+=("$id ($scenario): no run reported an order (server has $count)")
    fi
    # The next iteration signs in another user; --force: a cart left by an unresolved checkout is the soak's own.
    run "$id-logout" logout --force || failures+=("$id: sign-out failed: $(tail -n1 "$LOGS/$id-logout.err")")
    line="[$i/$N] $scenario: $count order(s), ${elapsed%.*}s; orders=$orders_total duplicates=$duplicates lost=$lost"
    if ((TTY)); then printf '\r\033[K%s' "$line"; else echo "$line"; fi
done
((TTY)) && echo

percentile() {
    local p=$1
    if ((${#durations[@]} == 0)); then
        echo 0
        return
    fi
    printf '%s\n' "${durations[@]}" | sort -n | awk -v p="$p" '
        { v[NR] = $1 }
        END { i = int((p / 100) * NR + 0.999999); if (i < 1) i = 1; if (i > NR) i = NR; printf "%.2f", v[i] }'
}

if ((${#failures[@]} > 0)); then
    echo "soak: problems (runs kept in $WORK):" >&2
    printf '  %s\n' "${failures[@]}" >&2
elif [[ -z "${SOAK_DIR:-}" ]]; then
    rm -rf "$WORK"
fi
((refused > 0)) && echo "soak: $refused checkouts refused by the server (out of stock or a price change)" >&2
((unresolved > 0)) && echo "soak: $unresolved checkouts ended without a reported order" >&2
echo "checkouts=$checkouts orders=$orders_total duplicates=$duplicates lost=$lost p50_s=$(percentile 50) p99_s=$(percentile 99)"
((duplicates == 0 && lost == 0))
