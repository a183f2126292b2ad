#!/usr/bin/env bash
# What an idle app costs: CPU seconds per minute of the full-screen app on the feed (in tmux) and of `storefront
# watch`, both with the live event stream open and nothing happening, beside `sleep` measured over the same minute.
# The budget is 1 % of a core: 0.6 CPU seconds per minute.
#
# Usage: scripts/bench-idle.sh STOREFRONT_BINARY [SECONDS]   (SECONDS: the measured window, 60 by default)
#
# CPU time is utime + stime of each process and its descendants, read from /proc/PID/stat (clock ticks) at the
# start and the end of the window. The app runs on a temporary --data-dir that a first launch warmed (the feed and
# its pictures cached), in a tmux pane of 100 x 30; `watch` runs on a data directory of its own. All three run in
# the same window, so they share whatever else the machine is doing.
set -euo pipefail

binary=${1:?usage: scripts/bench-idle.sh STOREFRONT_BINARY [SECONDS]}
window=${2:-60}
binary=$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")
command -v tmux >/dev/null || { echo "error: tmux is needed (make bench installs it)" >&2; exit 1; }

work=$(mktemp -d)
socket="storefront-bench-idle-$$"
watch_pid=""
sleep_pid=""
cleanup() {
    tmux -L "$socket" kill-server 2>/dev/null || true
    [ -n "$watch_pid" ] && kill "$watch_pid" 2>/dev/null || true
    [ -n "$sleep_pid" ] && kill "$sleep_pid" 2>/dev/null || true
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

ticks_per_second=$(getconf CLK_TCK)

# utime + stime (clock ticks) of PID and every descendant alive now.
tree_ticks() {
    local pid=$1 total=0 child stat
    [ -n "$pid" ] || { echo 0; return; }
    stat=$(cat "/proc/$pid/stat" 2>/dev/null) || { echo 0; return; }
    # Fields after the command name (which may hold spaces): utime and stime are fields 14 and 15.
    stat=${stat##*) }
    set -- $stat
    total=$(( ${12} + ${13} ))
    for child in $(cat /proc/"$pid"/task/*/children 2>/dev/null); do
        total=$(( total + $(tree_ticks "$child") ))
    done
    echo "$total"
}

# Waits (at most $2 seconds) until the app's pane shows text matching $1.
wait_for_screen() {
    local pattern=$1 limit=$2 waited=0
    until tmux -L "$socket" capture-pane -p -t app 2>/dev/null | grep -q -- "$pattern"; do
        sleep 0.2
        waited=$((waited + 1))
        if [ "$waited" -ge $((limit * 5)) ]; then
            echo "error: the app never showed '$pattern'; it shows:" >&2
            tmux -L "$socket" capture-pane -p -t app >&2 || true
            exit 1
        fi
    done
}

start_app() {
    tmux -L "$socket" -f /dev/null new-session -d -s app -x 100 -y 30 \
        "env -i PATH=/usr/bin:/bin HOME=/nonexistent TERM=xterm-256color LANG=C.UTF-8 '$binary' --data-dir '$work/app'"
}

# Warm-up: a first launch caches the feed and the pictures of its first rows, then quits.
start_app
wait_for_screen "Updated" 60
sleep 3
tmux -L "$socket" send-keys -t app q
for _ in $(seq 1 100); do
    tmux -L "$socket" has-session -t app 2>/dev/null || break
    sleep 0.1
done
tmux -L "$socket" kill-server 2>/dev/null || true
pictures=$(find "$work/app" -path '*images*' -type f | wc -l)

# The measured run: the app again (warm), `watch`, and the reference.
start_app
wait_for_screen "Updated" 60
# The pane's command is one program, so the pane's process is the app itself (sh execs it).
app_pid=$(tmux -L "$socket" display-message -p -t app '#{pane_pid}')
env -i PATH=/usr/bin:/bin HOME=/nonexistent LANG=C.UTF-8 "$binary" --data-dir "$work/watch" watch \
    >"$work/watch.out" 2>"$work/watch.err" &
watch_pid=$!
for _ in $(seq 1 300); do
    grep -q "watching live events" "$work/watch.err" && break
    sleep 0.2
done
grep -q "watching live events" "$work/watch.err" || { echo "error: watch never connected:" >&2; cat "$work/watch.err" >&2; exit 1; }
# Let launch work (the refresh, pictures, the first heartbeat's setup) settle before the window opens.
sleep 5
sleep $((window + 5)) &
sleep_pid=$!

app_start=$(tree_ticks "$app_pid")
watch_start=$(tree_ticks "$watch_pid")
sleep_start=$(tree_ticks "$sleep_pid")
started=$(date +%s.%N)
sleep "$window"
app_end=$(tree_ticks "$app_pid")
watch_end=$(tree_ticks "$watch_pid")
sleep_end=$(tree_ticks "$sleep_pid")
elapsed=$(awk -v a="$(date +%s.%N)" -v b="$started" 'BEGIN { print a - b }')

tmux -L "$socket" capture-pane -p -t app | grep -q "Updated" || { echo "error: the app left the feed" >&2; exit 1; }

per_minute() { awk -v a="$1" -v b="$2" -v t="$ticks_per_second" -v e="$elapsed" 'BEGIN { print (b - a) / t * 60 / e }'; }
report() {
    awk -v name="$1" -v value="$2" -v reference="$3" 'BEGIN {
        printf "  %-44s %6.3f s/min  %5.2f %% of a core  (%+.3f vs sleep; budget 0.600: %s)\n", name, value,
            value / 60 * 100, value - reference, (value <= 0.6 ? "ok" : "OVER")
    }'
}
reference=$(per_minute "$sleep_start" "$sleep_end")
echo "idle CPU over ${elapsed%.*} s, stream open, nothing happening (utime+stime from /proc; ${pictures} pictures cached)"
awk -v value="$reference" 'BEGIN { printf "  %-44s %6.3f s/min  (reference)\n", "sleep", value }'
report "full-screen app on the feed (tmux 100x30)" "$(per_minute "$app_start" "$app_end")" "$reference"
report "storefront watch" "$(per_minute "$watch_start" "$watch_end")" "$reference"
