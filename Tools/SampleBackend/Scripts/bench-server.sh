#!/usr/bin/env bash
# Throughput of storefront-server against nginx serving the same JSON bytes from static files, measured in the same
# run on loopback with wrk: GET /v1/feed and GET /v1/search, requests per second and the server-to-nginx ratio.
#
# Usage: Tools/SampleBackend/Scripts/bench-server.sh            (from anywhere; `make bench-server` runs it)
# Environment: DURATION (seconds per measurement, default 5, at most 60), CONNECTIONS (default 32),
#              THREADS (wrk threads, default 2).
#
# wrk and nginx are installed from Debian when missing (scripts/ensure-system-packages.sh). Everything listens on
# 127.0.0.1 only and is stopped on exit. wrk shares the machine's cores with the servers, so the ratio is the number
# to compare across runs, not the absolute rates.
set -euo pipefail

DURATION=${DURATION:-5}
CONNECTIONS=${CONNECTIONS:-32}
THREADS=${THREADS:-2}
if ! [[ "$DURATION" =~ ^[0-9]+$ ]] || [ "$DURATION" -lt 1 ] || [ "$DURATION" -gt 60 ]; then
    echo "error: DURATION must be 1 to 60 seconds, not \"$DURATION\"" >&2
    exit 64
fi

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
package="$repo/Tools/SampleBackend"
"$repo/scripts/ensure-system-packages.sh" pkgconf libmicrohttpd-dev libsqlite3-dev wrk nginx
nginx_binary=$(command -v nginx || echo /usr/sbin/nginx)

work=$(mktemp -d "${TMPDIR:-/tmp}/bench-server.XXXXXX")
chmod 755 "$work" # nginx's workers run as an unprivileged user when started by root
server_pid=""
nginx_pid=""
cleanup() {
    if [ -n "$server_pid" ]; then kill -TERM "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
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

echo "Building storefront-server (release)..."
swift build -c release --package-path "$package" --product storefront-server >"$work/build.log" 2>&1 || {
    cat "$work/build.log" >&2
    exit 1
}
binary="$(swift build -c release --package-path "$package" --show-bin-path)/storefront-server"

cores=$(nproc 2>/dev/null || echo 2)
"$binary" --host 127.0.0.1 --port 0 --threads "$cores" --log-level error >"$work/server.out" 2>"$work/server.err" &
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

feed_path="/v1/feed?limit=20"
search_path="/v1/search?q=leather&limit=20"
mkdir -p "$work/www" "$work/nginx"
curl -sf "$server_url$feed_path" -o "$work/www/feed.json"
curl -sf "$server_url$search_path" -o "$work/www/search.json"

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
for name in feed search; do
    path_var="${name}_path"
    if ! cmp -s <(curl -sf "$nginx_url${!path_var}") "$work/www/$name.json"; then
        echo "error: nginx does not serve the same bytes for $name" >&2
        exit 1
    fi
done

# Prints the requests per second wrk measured for one URL (after a one-second warm-up).
measure() {
    local url=$1 output
    wrk -t"$THREADS" -c"$CONNECTIONS" -d1s "$url" >/dev/null 2>&1 || true
    output=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" "$url")
    if grep -q "Non-2xx" <<<"$output"; then
        echo "error: non-2xx answers from $url" >&2
        echo "$output" >&2
        exit 1
    fi
    awk '/^Requests\/sec:/ { printf "%.0f", $2 }' <<<"$output"
}

echo "wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s on 127.0.0.1 ($cores cores shared by wrk and the server)"
printf "%-34s %18s %12s %8s\n" "endpoint" "storefront-server" "nginx" "ratio"
for name in feed search; do
    path_var="${name}_path"
    path=${!path_var}
    server_rate=$(measure "$server_url$path")
    nginx_rate=$(measure "$nginx_url$path")
    ratio=$(awk -v a="$server_rate" -v b="$nginx_rate" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }')
    printf "%-34s %14s r/s %8s r/s %8s\n" "GET $path" "$server_rate" "$nginx_rate" "$ratio"
done
echo "bytes: feed $(wc -c <"$work/www/feed.json"), search $(wc -c <"$work/www/search.json")"
