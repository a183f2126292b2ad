#!/usr/bin/env bash
# Throughput and tail latency of storefront-server against nginx serving the same bytes, measured in the same run on
# loopback with wrk, route by route; then how long a normal request waits while 600 slow connections from one
# address are open. With --scaling: how search, product and feed answers grow with the catalog (5,000 / 50,000 /
# 500,000 products, release build, median of 30 requests each).
#
# Usage: Tools/SampleBackend/Scripts/bench-server.sh [--json] [--scaling]   (`make bench-server` runs it)
#   --json     print one JSON object instead of tables: {"routes": [{"route", "storefront_rps", "nginx_rps",
#              "ratio", "p99_ms", "nginx_p99_ms"}, ...], "slow_clients": {...}} (and "scaling": [...] with --scaling)
#   --scaling  also measure the scaling table (seeds 500,000 products: about a minute more)
# Environment: DURATION (seconds per measurement, default 5, at most 60), CONNECTIONS (default 32),
#              THREADS (wrk threads, default 2).
#
# Routes: feed, product, search (one query), search-distinct (1,000 distinct queries, rotated by a wrk script),
# order-replay (POST /v1/orders with one idempotency key: the stored answer), order-create (a new key per request),
# product-304 (GET with If-None-Match: 304). nginx serves the storefront's bytes from files for GETs, answers POSTs
# with `return 201 '<bytes>'`, and revalidates its own static ETag for product-304.
#
# wrk and nginx are installed from Debian when missing (scripts/system-packages.txt, group server-bench). Everything listens on
# loopback only and is stopped on exit. wrk shares the machine's cores with the servers, so ratios are the numbers to
# compare across runs, not the absolute rates. Progress goes to standard error.
set -euo pipefail

json=false
scaling=false
for argument in "$@"; do
    case "$argument" in
    --json) json=true ;;
    --scaling) scaling=true ;;
    -h | --help)
        sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'
        exit 0
        ;;
    *)
        echo "error: unknown option \"$argument\" (expected --json or --scaling)" >&2
        exit 64
        ;;
    esac
done
DURATION=${DURATION:-5}
CONNECTIONS=${CONNECTIONS:-32}
THREADS=${THREADS:-2}
if ! [[ "$DURATION" =~ ^[0-9]+$ ]] || [ "$DURATION" -lt 1 ] || [ "$DURATION" -gt 60 ]; then
    echo "error: DURATION must be 1 to 60 seconds, not \"$DURATION\"" >&2
    exit 64
fi
if ! [[ "$CONNECTIONS" =~ ^[0-9]+$ ]] || [ "$CONNECTIONS" -lt 1 ] || [ "$CONNECTIONS" -gt 1000 ]; then
    echo "error: CONNECTIONS must be 1 to 1000, not \"$CONNECTIONS\"" >&2
    exit 64
fi

progress() { echo "bench-server: $*" >&2; }

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
package="$repo/Tools/SampleBackend"
scripts="$package/Scripts"
packages=$("$repo/scripts/system-packages.sh" server-bench) # the one list: scripts/system-packages.txt
"$repo/scripts/ensure-system-packages.sh" $packages >&2
nginx_binary=$(command -v nginx || echo /usr/sbin/nginx)

work=$(mktemp -d "${TMPDIR:-/tmp}/bench-server.XXXXXX")
chmod 755 "$work" # nginx's workers run as an unprivileged user when started by root
server_pid=""
nginx_pid=""
stop_server() {
    if [ -n "$server_pid" ]; then
        kill -TERM "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
        server_pid=""
    fi
}
cleanup() {
    stop_server
    if [ -n "$nginx_pid" ]; then kill -QUIT "$nginx_pid" 2>/dev/null || true; wait "$nginx_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

free_port() {
    local port
    for port in $(seq 18400 18999); do
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            echo "$port"
            return 0
        fi
    done
    echo "error: no free port in 18400-18999" >&2
    return 1
}

progress "building storefront-server (release)..."
swift build -c release --package-path "$package" --product storefront-server >"$work/build.log" 2>&1 || {
    cat "$work/build.log" >&2
    exit 1
}
binary="$(swift build -c release --package-path "$package" --show-bin-path)/storefront-server"
cores=$(nproc 2>/dev/null || echo 2)

# Starts the release server with extra arguments; sets server_pid and server_url.
start_server() {
    "$binary" --host 127.0.0.1 --port 0 --threads "$cores" --log-level error "$@" >"$work/server.out" 2>"$work/server.err" &
    server_pid=$!
    server_url=""
    for _ in $(seq 1 1800); do
        server_url=$(sed -n 's/^storefront-server listening on //p' "$work/server.out")
        [ -n "$server_url" ] && return 0
        if ! kill -0 "$server_pid" 2>/dev/null; then
            cat "$work/server.err" >&2
            exit 1
        fi
        sleep 0.1
    done
    echo "error: storefront-server did not start within 180 s" >&2
    exit 1
}

progress "starting storefront-server..."
# On a database file, as the app's embedded server runs (<data>/server/), so each libmicrohttpd worker reads on a
# connection of its own; in memory every read would share the writer's one connection.
start_server --stock 10000000 --data-dir "$work/data"

token=$(curl -sf -X POST "$server_url/v1/session" -d '{"user_name":"bench"}' |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')
product_path="/v1/products/sku_12"
price=$(curl -sf "$server_url$product_path" | python3 -c 'import json, sys; print(json.load(sys.stdin)["price"]["amount_minor"])')
shipping=$(curl -sf "$server_url/v1/config" |
    python3 -c 'import json, sys; print(next(o["price"]["amount_minor"] for o in json.load(sys.stdin)["shipping_options"] if o["id"] == "standard"))')
python3 - "$work/order.json" "$price" "$shipping" <<'EOF'
import json, sys
path, price, shipping = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
body = {
    "client_id": "bench-order", "items": [{"product_id": "sku_12", "quantity": 1}],
    "shipping_address": {"name": "Ada Lovelace", "street": "1 Analytical Way", "city": "London",
                         "postal_code": "N1 9GU", "country": "GB"},
    "shipping_option": "standard", "payment": {"method": "invoice"},
    "expected_total": {"amount_minor": price + shipping, "currency": "EUR"},
}
open(path, "w").write(json.dumps(body, separators=(",", ":")))
EOF

# 1,000 distinct queries: words of the catalog's titles, their 2- and 3-letter prefixes, and pairs of words.
curl -sf "$server_url/v1/search?q=a&limit=50" >/dev/null
for offset in 0 50 100 150 200 250 300 350; do
    curl -sf "$server_url/v1/search?q=e&limit=50&offset=$offset"
    echo
done | python3 -c '
import json, sys, urllib.parse
words = []
for line in sys.stdin:
    line = line.strip()
    if not line:
        continue
    for product in json.loads(line)["products"]:
        for word in product["title"].lower().split():
            word = "".join(c for c in word if c.isalnum())
            if len(word) > 2 and word not in words:
                words.append(word)
queries = []
def add(q):
    if q not in queries:
        queries.append(q)
for w in words:
    add(w); add(w[:2]); add(w[:3])
for a in words:
    for b in words:
        if a != b and len(queries) < 1000:
            add(a + " " + b)
for q in queries[:1000]:
    print(urllib.parse.quote(q))
' >"$work/queries.txt"
query_count=$(wc -l <"$work/queries.txt")
if [ "$query_count" -lt 1000 ]; then
    echo "error: only $query_count distinct queries could be made from the catalog" >&2
    exit 1
fi

feed_path="/v1/feed?limit=20"
search_path="/v1/search?q=leather&limit=20"
mkdir -p "$work/www" "$work/nginx"
curl -sf "$server_url$feed_path" -o "$work/www/feed.json"
curl -sf "$server_url$search_path" -o "$work/www/search.json"
curl -sf "$server_url$product_path" -o "$work/www/product.json"
curl -sf -X POST "$server_url/v1/orders" -H "Authorization: Bearer $token" -H "Idempotency-Key: bench-replay" \
    -H "Content-Type: application/json" --data-binary "@$work/order.json" -o "$work/www/order.json"
etag=$(curl -sfI "$server_url$product_path" | sed -n 's/^[Ee][Tt]ag: *//p' | tr -d '\r')
if [ "$(curl -s -o /dev/null -w '%{http_code}' -H "If-None-Match: $etag" "$server_url$product_path")" != "304" ]; then
    echo "error: storefront-server does not revalidate $product_path" >&2
    exit 1
fi
order_literal=$(python3 -c 'import sys; print(open(sys.argv[1]).read().replace("\\", "\\\\").replace("'"'"'", "\\'"'"'"))' "$work/www/order.json")

nginx_port=$(free_port)
cat >"$work/nginx/nginx.conf" <<EOF
daemon off;
worker_processes $cores;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $work/nginx/body;
    proxy_temp_path $work/nginx/proxy;
    fastcgi_temp_path $work/nginx/fastcgi;
    uwsgi_temp_path $work/nginx/uwsgi;
    scgi_temp_path $work/nginx/scgi;
    server {
        listen 127.0.0.1:$nginx_port;
        root $work/www;
        default_type application/json;
        location = /v1/feed { rewrite ^ /feed.json break; }
        location = /v1/search { rewrite ^ /search.json break; }
        location = $product_path { rewrite ^ /product.json break; }
        location = /v1/orders { client_body_buffer_size 16k; return 201 '$order_literal'; }
    }
}
EOF
"$nginx_binary" -c "$work/nginx/nginx.conf" -p "$work/nginx" &
nginx_pid=$!
nginx_url="http://127.0.0.1:$nginx_port"
for _ in $(seq 1 100); do
    curl -sf "$nginx_url$feed_path" -o /dev/null && break
    sleep 0.1
done
for pair in "feed:$feed_path" "search:$search_path" "product:$product_path"; do
    name=${pair%%:*}
    path=${pair#*:}
    if ! cmp -s <(curl -sf "$nginx_url$path") "$work/www/$name.json"; then
        echo "error: nginx does not serve the same bytes for $name" >&2
        exit 1
    fi
done
if ! cmp -s <(curl -sf -X POST "$nginx_url/v1/orders" --data-binary "@$work/order.json") "$work/www/order.json"; then
    echo "error: nginx does not answer the order's bytes" >&2
    exit 1
fi
nginx_etag=$(curl -sfI "$nginx_url$product_path" | sed -n 's/^[Ee][Tt]ag: *//p' | tr -d '\r')

# wrk scripts: a POST with a fixed or a fresh idempotency key, a GET with If-None-Match, 1,000 rotating queries.
cat >"$work/order-replay.lua" <<EOF
wrk.method = "POST"
wrk.body = io.open("$work/order.json"):read("*a")
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer $token"
wrk.headers["Idempotency-Key"] = "bench-replay"
EOF
cat >"$work/order-create.lua" <<EOF
math.randomseed(os.time())
local body = io.open("$work/order.json"):read("*a")
local counter = 0
local prefix = tostring(math.random(1, 1000000000))
function setup(thread) thread:set("tag", tostring(math.random(1, 1000000000))) end
function request()
    counter = counter + 1
    return wrk.format("POST", "/v1/orders", {
        ["Content-Type"] = "application/json", ["Authorization"] = "Bearer $token",
        ["Idempotency-Key"] = "bench-" .. prefix .. "-" .. (tag or "") .. "-" .. counter,
    }, body)
end
EOF
revalidate_script() {
    cat <<EOF
wrk.headers["If-None-Match"] = '$1'
EOF
}
revalidate_script "$etag" >"$work/product-304.lua"
revalidate_script "$nginx_etag" >"$work/product-304-nginx.lua"
cat >"$work/search-distinct.lua" <<EOF
local queries = {}
for line in io.lines("$work/queries.txt") do queries[#queries + 1] = line end
local index = 0
function setup(thread) thread:set("start", math.random(1, #queries)) end
function request()
    index = index + 1
    local q = queries[((start or 1) + index) % #queries + 1]
    return wrk.format("GET", "/v1/search?q=" .. q .. "&limit=20")
end
EOF

# Runs wrk; prints "RATE P99_MS" (after a one-second warm-up). Fails on answers other than the expected status.
measure() {
    local url=$1 script=$2 expected=$3 output
    local arguments=(-t"$THREADS" -c"$CONNECTIONS" --latency)
    [ -n "$script" ] && arguments+=(-s "$script")
    wrk "${arguments[@]}" -d1s "$url" >/dev/null 2>&1 || true
    output=$(wrk "${arguments[@]}" -d"${DURATION}s" "$url")
    if [ "$expected" = "2xx" ] && grep -q "Non-2xx" <<<"$output"; then
        echo "error: answers other than 2xx from $url" >&2
        echo "$output" >&2
        exit 1
    fi
    awk '
        /^Requests\/sec:/ { rate = $2 }
        $1 == "99%" {
            value = $2; unit = value; sub(/[0-9.]+/, "", unit); sub(/[a-z]+$/, "", value)
            p99 = (unit == "us") ? value / 1000 : (unit == "s") ? value * 1000 : (unit == "m") ? value * 60000 : value
        }
        END { printf "%.0f %.3f\n", rate, p99 }' <<<"$output"
}

routes=(feed product search search-distinct order-replay order-create product-304)
results=()
for route in "${routes[@]}"; do
    progress "measuring $route (storefront-server, then nginx)..."
    case "$route" in
    feed) read -r s_rate s_p99 <<<"$(measure "$server_url$feed_path" "" 2xx)"
        read -r n_rate n_p99 <<<"$(measure "$nginx_url$feed_path" "" 2xx)" ;;
    product) read -r s_rate s_p99 <<<"$(measure "$server_url$product_path" "" 2xx)"
        read -r n_rate n_p99 <<<"$(measure "$nginx_url$product_path" "" 2xx)" ;;
    search) read -r s_rate s_p99 <<<"$(measure "$server_url$search_path" "" 2xx)"
        read -r n_rate n_p99 <<<"$(measure "$nginx_url$search_path" "" 2xx)" ;;
    search-distinct) read -r s_rate s_p99 <<<"$(measure "$server_url" "$work/search-distinct.lua" 2xx)"
        read -r n_rate n_p99 <<<"$(measure "$nginx_url" "$work/search-distinct.lua" 2xx)" ;;
    order-replay) read -r s_rate s_p99 <<<"$(measure "$server_url/v1/orders" "$work/order-replay.lua" 2xx)"
        read -r n_rate n_p99 <<<"$(measure "$nginx_url/v1/orders" "$work/order-replay.lua" 2xx)" ;;
    order-create) read -r s_rate s_p99 <<<"$(measure "$server_url/v1/orders" "$work/order-create.lua" 2xx)"
        read -r n_rate n_p99 <<<"$(measure "$nginx_url/v1/orders" "$work/order-create.lua" 2xx)" ;;
    product-304) read -r s_rate s_p99 <<<"$(measure "$server_url$product_path" "$work/product-304.lua" 304)"
        read -r n_rate n_p99 <<<"$(measure "$nginx_url$product_path" "$work/product-304-nginx.lua" 304)" ;;
    esac
    results+=("$route $s_rate $n_rate $s_p99 $n_p99")
done

progress "600 slow connections from 127.0.0.2, then one request from 127.0.0.1..."
slow=$(python3 "$scripts/slow-clients.py" "$server_url" 600)

scaling_rows=()
if $scaling; then
    stop_server
    for products in 5000 50000 500000; do
        progress "scaling: seeding $products products..."
        seed_started=$(date +%s.%N)
        start_server --products "$products"
        seed_seconds=$(awk -v a="$seed_started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
        row="$products $seed_seconds"
        for path in "/v1/search?q=leather&limit=20" "/v1/search?q=a&limit=20" "/v1/products/sku_12" "/v1/feed?limit=20"; do
            # An unused parameter that differs per request defeats the answer cache, so each request runs the query.
            median=$(for index in $(seq 1 30); do
                separator='?'
                [[ "$path" == *\?* ]] && separator='&'
                curl -s -o /dev/null -w '%{time_total}\n' "$server_url$path${separator}bench=$index"
            done | sort -n | awk '{ values[NR] = $1 } END { printf "%.2f", values[int((NR + 1) / 2)] * 1000 }')
            row="$row $median"
        done
        scaling_rows+=("$row")
        stop_server
    done
fi

if $json; then
    python3 - "$slow" "${results[@]}" -- "${scaling_rows[@]}" <<'EOF'
import json, sys
arguments = sys.argv[1:]
slow = json.loads(arguments[0])
split = arguments.index("--")
routes = []
for line in arguments[1:split]:
    route, s_rate, n_rate, s_p99, n_p99 = line.split()
    s_rate, n_rate = float(s_rate), float(n_rate)
    routes.append({
        "route": route, "storefront_rps": round(s_rate), "nginx_rps": round(n_rate),
        "ratio": round(s_rate / n_rate, 3) if n_rate else None,
        "p99_ms": float(s_p99), "nginx_p99_ms": float(n_p99),
    })
result = {"routes": routes, "slow_clients": slow}
scaling = []
for line in arguments[split + 1:]:
    products, seed, leather, a, product, feed = line.split()
    scaling.append({"products": int(products), "seed_s": float(seed), "search_leather_ms": float(leather),
                    "search_a_ms": float(a), "product_ms": float(product), "feed_ms": float(feed)})
if scaling:
    result["scaling"] = scaling
print(json.dumps(result, indent=2))
EOF
else
    echo "wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s on 127.0.0.1 ($cores cores shared by wrk and both servers)"
    printf "%-16s %12s %12s %7s %10s %10s\n" "route" "storefront/s" "nginx/s" "ratio" "p99 ms" "nginx p99"
    for line in "${results[@]}"; do
        read -r route s_rate n_rate s_p99 n_p99 <<<"$line"
        ratio=$(awk -v a="$s_rate" -v b="$n_rate" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }')
        printf "%-16s %12s %12s %7s %10s %10s\n" "$route" "$s_rate" "$n_rate" "$ratio" "$s_p99" "$n_p99"
    done
    python3 -c 'import json, sys; s = json.loads(sys.argv[1]); print("slow clients: %d slow connections from 127.0.0.2 (%d held, %d closed by the server); a request from 127.0.0.1 answered %s in %.1f ms" % (s["connections"], s["held"], s["closed"], s["status"], s["answered_ms"]))' "$slow"
    if $scaling; then
        echo
        echo "scaling (release build, median of 30 requests, ms)"
        printf "%-10s %8s %12s %8s %9s %7s\n" "products" "seed s" "q=leather" "q=a" "product" "feed"
        for line in "${scaling_rows[@]}"; do
            read -r products seed leather a product feed <<<"$line"
            printf "%-10s %8s %12s %8s %9s %7s\n" "$products" "$seed" "$leather" "$a" "$product" "$feed"
        done
    fi
fi
