#!/usr/bin/env bash
# Soak test of exactly-once orders where users are: N checkouts through the real `storefront` binary against its
# embedded backend, with mixed faults, on warm data directories, beside CPU-bound loops. SOAK_DIRS data directories
# take turns; each keeps its signed-in user, its cached feed, its order history and whatever drafts earlier
# iterations left, so a checkout meets the state a user's device has, not a fresh one. Each iteration refreshes the
# feed (the cache), adds 2 to 4 products to the cart (quantities 1 to 3, drawn from the seed; a cart left by a refused
# iteration stays in it), often leaves a saved draft first (a checkout that stops at the review without --yes,
# sometimes before the last product is added, so the draft no longer matches the cart), and runs one scenario:
#   plain            one checkout
#   drop             the answer is lost once after the order committed; the client retries with the same key
#   lost             the answer is lost, then 503s: the run ends with an unknown outcome, the next run reconciles
#   flaky-5xx        half of the order requests answer 500
#   rate-limited     the first order request answers 429 with Retry-After
#   three-at-once    three checkouts of the same cart start together (latency on POST /v1/orders makes them overlap)
#   three-bare       three checkouts of the same cart start together with no fault: the runs resume the saved draft
#                    and reach their claims at moments the load decides (the race of a busy machine)
#   killed           a checkout is SIGKILLed at a random moment while its order request is slow; the next run
#                    takes over the claim the killed process left
# Every iteration ends with runs (each a new process, so its embedded server restarts) until one reports an order,
# at most four. Then the orders the server lists for that user and did not list before are counted:
#   duplicates  iterations with more than one new order
#   lost        iterations where a run reported an order placed (or an earlier one that went through) and the
#               server has none, or not that one
#   unresolved  iterations where no run reported an order within the runs allowed (reported, never hidden)
#   refused     iterations the server refused (out of stock, a price change): no order, none reported
# After an unresolved or refused iteration, its data directory signs out (--force) and the next iteration there signs
# in a new user, so what is left over cannot count against another cart.
# SOAK_LOOPS CPU-bound loops (bash builtins, no process started) run beside the whole soak, each ended after
# SOAK_LOAD_SECONDS at the latest and killed when the soak ends.
# Progress: one line per iteration (a rewritten line on a terminal). The last line is exactly
#   checkouts=N orders=... duplicates=... lost=... p50_s=... p99_s=...
# where p50_s/p99_s are the seconds from an iteration's first checkout run to the run that reported its order.
#
# Environment: SOAK_N (iterations, default 200), SOAK_SEED (default 1), SOAK_DIRS (warm data directories, default 3),
# SOAK_LOOPS (CPU-bound loops, default 2; 0 for none), SOAK_LOAD_SECONDS (their bound, default 7200), SOAK_SCENARIOS
# (the scenarios to draw from, separated by spaces; default all), STOREFRONT (the binary, default
# .build/debug/storefront), SOAK_DIR (work directory, default a new temporary one; kept when a check fails).
set -euo pipefail

N=${SOAK_N:-200}
SEED=${SOAK_SEED:-1}
DIRS=${SOAK_DIRS:-3}
LOOPS=${SOAK_LOOPS:-2}
LOAD_SECONDS=${SOAK_LOAD_SECONDS:-7200}
BIN=${STOREFRONT:-.build/debug/storefront}
for setting in "SOAK_N=$N" "SOAK_DIRS=$DIRS" "SOAK_LOAD_SECONDS=$LOAD_SECONDS"; do
    if ! [[ "${setting#*=}" =~ ^[1-9][0-9]*$ ]]; then
        echo "soak: ${setting%%=*} must be a positive integer, not '${setting#*=}'" >&2
        exit 64
    fi
done
for setting in "SOAK_SEED=$SEED" "SOAK_LOOPS=$LOOPS"; do
    if ! [[ "${setting#*=}" =~ ^[0-9]+$ ]]; then
        echo "soak: ${setting%%=*} must be a non-negative integer, not '${setting#*=}'" >&2
        exit 64
    fi
done
if ! [[ -x "$BIN" ]]; then
    echo "soak: no storefront binary at $BIN (build it with 'swift build --product storefront')" >&2
    exit 1
fi
command -v jq >/dev/null || { echo "soak: jq is needed (Debian package jq)" >&2; exit 1; }

WORK=${SOAK_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/storefront-soak.XXXXXX")}
mkdir -p "$WORK"
LOGS="$WORK/runs"
mkdir -p "$LOGS"
RANDOM=$SEED
TTY=0
[[ -t 1 ]] && TTY=1

# The CPU-bound loops: bounded by themselves, killed when the soak ends however it ends.
LOAD_PIDS=()
stop_load() {
    ((${#LOAD_PIDS[@]} > 0)) && kill -KILL "${LOAD_PIDS[@]}" 2>/dev/null
    LOAD_PIDS=()
}
trap stop_load EXIT
for ((l = 0; l < LOOPS; l++)); do
    bash -c "while ((SECONDS < $LOAD_SECONDS)); do :; done" &
    LOAD_PIDS+=($!)
    disown "$!"
done

FORM=(--name "Ada Lovelace" --street "1 Analytical Way" --city London --postal-code "N1 9GU" --country GB
    --shipping standard --payment invoice)
ADDRESS=("${FORM[@]}" --yes --json)
SCENARIOS=(plain drop lost flaky-5xx rate-limited three-at-once three-bare killed)
if [[ -n "${SOAK_SCENARIOS:-}" ]]; then
    read -r -a chosen <<<"$SOAK_SCENARIOS"
    for name in "${chosen[@]}"; do
        if [[ " ${SCENARIOS[*]} " != *" $name "* ]]; then
            echo "soak: unknown scenario '$name' in SOAK_SCENARIOS (known: ${SCENARIOS[*]})" >&2
            exit 64
        fi
    done
    SCENARIOS=("${chosen[@]}")
fi

now() { date +%s.%N; }

# The data directory of this iteration ($DATA), set by use_dir; each has its user (users[k]), numbered per
# directory so a new one can follow an unresolved iteration, and the orders already counted (known/k).
DATA=""
users=()
use_dir() {
    DATA="$WORK/data-$1"
    mkdir -p "$DATA"
}

# Runs the binary on this iteration's data directory; stdout to $1.out, stderr to $1.err; returns its exit status.
run() {
    local name=$1
    shift
    "$BIN" --data-dir "$DATA" "$@" >"$LOGS/$name.out" 2>"$LOGS/$name.err"
}

# Whether run $1 reported an order: prints its id.
reported_order() {
    jq -r 'select(type == "object") | .id // empty' "$LOGS/$1.out" 2>/dev/null || true
}

# Adds $2 products (quantities 1 to 3) drawn from the seeded catalog to the cart, taking only products the
# catalog lists as in stock (a low-stock product would make the server refuse the order as out of stock).
fill_cart() {
    local iteration=$1 lines=$2 added=0 tries=0
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

# Waits for the runs started in the background (the CPU-bound loops are not jobs of this shell).
wait_runs() {
    local job
    for job in $(jobs -p); do
        wait "$job" 2>/dev/null || true
    done
}

checkouts=0 orders_total=0 duplicates=0 lost=0 unresolved=0 refused=0
durations=()
failures=()

# Signs in directory $1's user (a new one after a reset) unless it is signed in; returns 1 when that fails.
sign_in() {
    local k=$1 id=$2
    [[ -n "${users[$k]:-}" ]] && return 0
    local user="soak-$SEED-d$k-$i"
    if ! run "$id-login" login "$user"; then
        failures+=("$id: sign-in failed: $(tail -n1 "$LOGS/$id-login.err")")
        return 1
    fi
    users[k]=$user
    : >"$WORK/known-$k"
}

# Signs directory $1's user out (--force: what is left is the soak's own), so the next iteration there starts over.
reset_dir() {
    local k=$1 id=$2
    run "$id-logout" logout --force || failures+=("$id: sign-out failed: $(tail -n1 "$LOGS/$id-logout.err")")
    users[k]=""
}

for ((i = 1; i <= N; i++)); do
    scenario=${SCENARIOS[$((RANDOM % ${#SCENARIOS[@]}))]}
    id="i$i"
    k=$((i % DIRS))
    use_dir "$k"
    sign_in "$k" "$id" || continue
    # The state a device has: a refreshed feed cache, a cart of several lines, often a saved draft.
    run "$id-feed" feed --limit 20 || failures+=("$id: the feed could not be loaded: $(tail -n1 "$LOGS/$id-feed.err")")
    draft=$((RANDOM % 3))
    if ! fill_cart "$id-fill1" $((1 + RANDOM % 3)); then
        failures+=("$id: no product could be added to the cart")
        continue
    fi
    # 0: no draft; 1: a draft of this cart at the review; 2: a draft, then one more product (the draft is stale).
    ((draft > 0)) && { run "$id-draft" checkout "${FORM[@]}" || true; }
    ((draft == 2)) && { fill_cart "$id-fill2" 1 || true; }
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
            wait_runs
            ;;
        three-bare)
            for p in a b c; do
                run "$id-$p" checkout "${ADDRESS[@]}" &
            done
            wait_runs
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
        reset_dir "$k" "$id"
        continue
    fi
    # The orders this iteration added: listed now (newest 20) and not counted before in this directory.
    server_orders=$(jq -r '.[].id' "$LOGS/$id-orders.out" | grep -vxF -f "$WORK/known-$k" || true)
    jq -r '.[].id' "$LOGS/$id-orders.out" >>"$WORK/known-$k"
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
        reset_dir "$k" "$id"
    else
        unresolved=$((unresolved + 1))
        failures+=("$id ($scenario): no run reported an order (server has $count)")
        reset_dir "$k" "$id"
    fi
    line="[$i/$N] $scenario: $count order(s), ${elapsed%.*}s; orders=$orders_total duplicates=$duplicates lost=$lost"
    if ((TTY)); then printf '\r\033[K%s' "$line"; else echo "$line"; fi
done
((TTY)) && echo
stop_load

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
