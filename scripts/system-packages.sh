#!/usr/bin/env bash
# Prints the Debian packages of scripts/system-packages.txt that the named groups need, space-separated, in the
# list's order, each once. Every group includes `build`.
#
# Usage: scripts/system-packages.sh GROUP...     (groups: build, test, bench, soak, server-bench)
#        scripts/system-packages.sh --groups     (the groups the list names, one a line)
# Exits 64 with a message for an unknown group or a malformed line (naming its line number).
set -euo pipefail

list="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/system-packages.txt"
if [ ! -r "$list" ]; then
    echo "error: cannot read the package list $list" >&2
    exit 66
fi
if [ "$#" -eq 0 ]; then
    echo "usage: scripts/system-packages.sh GROUP... | --groups" >&2
    exit 64
fi

awk -v wanted="$*" -v list="$list" '
    BEGIN { n = split(wanted, asked, " "); groups_only = (asked[1] == "--groups") }
    /^[[:space:]]*(#|$)/ { next }
    NF < 3 { printf "error: %s:%d: expected a package, its groups and a reason\n", list, FNR > "/dev/stderr"; bad = 1; exit }
    {
        m = split($2, line_groups, ",")
        for (i = 1; i <= m; i++) {
            known[line_groups[i]] = 1
            if (!(line_groups[i] in seen_group)) { seen_group[line_groups[i]] = 1; order[++count] = line_groups[i] }
        }
        packages[++total] = $1
        package_groups[total] = $2
    }
    END {
        if (bad) exit 64
        if (groups_only) { for (i = 1; i <= count; i++) print order[i]; exit 0 }
        for (a = 1; a <= n; a++) {
            if (!(asked[a] in known)) { printf "error: unknown group \"%s\" (the list %s names: see --groups)\n", asked[a], list > "/dev/stderr"; exit 64 }
        }
        out = ""
        for (p = 1; p <= total; p++) {
            m = split(package_groups[p], line_groups, ",")
            take = 0
            for (i = 1; i <= m; i++) {
                if (line_groups[i] == "build") take = 1
                for (a = 1; a <= n; a++) if (line_groups[i] == asked[a]) take = 1
            }
            if (take) out = out (out == "" ? "" : " ") packages[p]
        }
        print out
    }
' "$list"
