#!/usr/bin/env bash
# The reference shared cache of `modules test --cache-url`: Debian's nginx on loopback serving Bazel's HTTP
# remote-cache protocol (GET/PUT on /ac/<sha256> and /cas/<sha256>) from a directory, with its WebDAV module.
#
#   scripts/cache-server.sh start DIR   starts it (state in DIR, blobs in DIR/data); prints its URL
#   scripts/cache-server.sh stop DIR    stops it and waits until it is gone
#
# nginx cannot listen on port 0, so a free port is picked at random and the start retried on a clash.
set -euo pipefail

usage() { echo "usage: $0 start|stop DIR" >&2; exit 64; }
[[ $# -eq 2 ]] || usage
command=$1
dir=$(mkdir -p "$2" && cd "$2" && pwd)
conf=$dir/nginx.conf

nginx_cmd() { nginx -p "$dir" -c "$conf" -e "$dir/error.log" "$@"; }

# The daemon must hold none of the caller's descriptors beyond 0-2 (nginx replaces those): a caller waiting for
# end-of-file on one (a `$(...)`, Foundation's Process) would otherwise wait until nginx stops.
close_inherited() {
    local fd
    for fd in /proc/$BASHPID/fd/*; do
        fd=${fd##*/}
        if ((fd > 2)); then eval "exec $fd>&-" 2>/dev/null || true; fi
    done
}

write_config() { # $1 = port. As root, workers must run as root to write DIR (nginx would switch to nobody).
    local user=""
    [[ $(id -u) -eq 0 ]] && user="user root;"
    cat >"$conf" <<CONF
$user
worker_processes 1;
pid $dir/nginx.pid;
events { worker_connections 256; }
http {
    access_log off;
    client_max_body_size 0;
    client_body_temp_path $dir/tmp; proxy_temp_path $dir/tmp; fastcgi_temp_path $dir/tmp;
    uwsgi_temp_path $dir/tmp; scgi_temp_path $dir/tmp;
    server {
        listen 127.0.0.1:$1;
        root $dir/data;
        location / { dav_methods PUT; create_full_put_path on; dav_access user:rw group:r all:r; }
    }
}
CONF
}

case $command in
start)
    command -v nginx >/dev/null || { echo "$0: nginx is not installed (apt-get install nginx)" >&2; exit 69; }
    mkdir -p "$dir/data" "$dir/tmp"
    for _ in $(seq 1 20); do
        port=$((20000 + RANDOM % 40000))
        write_config "$port"
        if (close_inherited; nginx_cmd </dev/null >/dev/null 2>>"$dir/start.log"); then
            echo "http://127.0.0.1:$port" | tee "$dir/url"
            exit 0
        fi
        grep -q "Address already in use" "$dir/error.log" "$dir/start.log" 2>/dev/null || break
    done
    echo "$0: nginx did not start; see $dir/error.log and $dir/start.log" >&2
    exit 1
    ;;
stop)
    [[ -f $dir/nginx.pid ]] || exit 0
    pid=$(cat "$dir/nginx.pid")
    nginx_cmd -s stop 2>/dev/null || kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do
        kill -0 "$pid" 2>/dev/null || exit 0
        sleep 0.05
    done
    echo "$0: nginx ($pid) did not stop" >&2
    exit 1
    ;;
*) usage ;;
esac
