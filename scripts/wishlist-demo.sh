#!/usr/bin/env bash
# Issue 29's must-show for a new feature, in a temporary clone of the committed tree (a cold build: not part of
# `make test`): `modules new feature Wishlist --tab`, the lines it changed outside Features/Wishlist (the promise is
# at most 3), a build of the app, then `storefront open storefront://wishlist` without a terminal (its text form),
# then the feature's own preview: `WishlistPreview --list`, and its loaded screen opened full-screen in tmux.
# Prints each step's figures; exits 1 when a step fails or more than 3 lines changed outside the feature.
#
# Usage: scripts/wishlist-demo.sh [MODULES_BINARY]
#   MODULES_BINARY: a built `modules` (Tools/Modules/.build/debug/modules by default; built there when missing).
#   KEEP=1 keeps the clone (its path is printed).
set -euo pipefail

repo=$(git rev-parse --show-toplevel)
modules=${1:-$repo/Tools/Modules/.build/debug/modules}
if [[ ! -x $modules ]]; then
    echo "building modules: swift build --package-path $repo/Tools/Modules --product modules"
    swift build --package-path "$repo/Tools/Modules" --product modules
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/wishlist-demo.XXXXXX")
if [[ ${KEEP:-0} == 1 ]]; then echo "clone kept in $work"; else trap 'rm -rf "$work"' EXIT; fi

seconds() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(seconds)" 'BEGIN { printf "%.1f", b - a }'; }

git clone --quiet --no-hardlinks "$repo" "$work/repo"
cd "$work/repo"
echo "clone: $(git log -1 --format='%h %s') in $work/repo"

start=$(seconds)
"$modules" new feature Wishlist --tab --no-lint --repo .
echo "modules new feature Wishlist --tab: $(elapsed "$start") s"

git add --all
read -r added removed < <(git diff --cached --numstat -- . ':(exclude)Features/Wishlist' |
    awk '{ a += $1; r += $2 } END { print a + 0, r + 0 }')
changed=$((added + removed))
echo "outside Features/Wishlist: $changed changed lines ($added added, $removed removed) in:"
git diff --cached --stat -- . ':(exclude)Features/Wishlist' | sed 's/^/  /'
echo "in Features/Wishlist: $(git diff --cached --name-only -- Features/Wishlist | wc -l) files"

start=$(seconds)
swift build --product storefront >"$work/build.log" 2>&1 || { tail -n 40 "$work/build.log"; exit 1; }
echo "swift build --product storefront (cold, in the clone): $(elapsed "$start") s"

start=$(seconds)
# Inside $(…) stdout is a pipe, so the app prints the screen's text instead of opening the full-screen app.
status=0
output=$(.build/debug/storefront --data-dir "$work/data" open storefront://wishlist </dev/null 2>&1) || status=$?
echo "storefront open storefront://wishlist: exit $status in $(elapsed "$start") s, printing:"
echo "$output" | sed 's/^/  /'

[[ $status == 0 ]] || exit 1
start=$(seconds)
swift build --package-path Features/Wishlist --product WishlistPreview >"$work/preview-build.log" 2>&1 ||
    { tail -n 40 "$work/preview-build.log"; exit 1; }
echo "swift build --package-path Features/Wishlist --product WishlistPreview: $(elapsed "$start") s"
preview=Features/Wishlist/.build/debug/WishlistPreview
echo "WishlistPreview --list:"
"$preview" --list | sed 's/^/  /'
session="wishlist-demo-$$"
tmux new-session -d -s "$session" -x 100 -y 30 "$preview --open Wishlist/loaded"
start=$(seconds)
screen=""
for _ in $(seq 1 100); do # at most 10 s
    screen=$(tmux capture-pane -p -t "$session" 2>/dev/null || true)
    [[ $screen == *sku_* ]] && break
    sleep 0.1
done
tmux send-keys -t "$session" q 2>/dev/null || true
tmux kill-session -t "$session" 2>/dev/null || true
if [[ $screen != *sku_* ]]; then
    echo "error: WishlistPreview showed no item within 10 s; its screen was:" >&2
    echo "$screen" >&2
    exit 1
fi
echo "WishlistPreview --open Wishlist/loaded in tmux: first items after $(elapsed "$start") s, the screen:"
echo "$screen" | sed -e '/^[[:space:]]*$/d' -e 's/^/  /' | head -n 14
if ((changed > 3)); then
    echo "error: $changed lines changed outside Features/Wishlist (at most 3)" >&2
    exit 1
fi
echo "ok: $changed lines outside Features/Wishlist; the app opens storefront://wishlist; WishlistPreview shows its screen"
