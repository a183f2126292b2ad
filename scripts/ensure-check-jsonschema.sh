#!/usr/bin/env bash
# Makes sure check-jsonschema (pinned below) is installed from PyPI into a virtual environment under .build/ at the
# repository root, the way the contract test installs Schemathesis, and prints the path of its executable.
# Tools/Modules' SchemaTests run it on the repository's workflow and on `modules plan`'s GitLab and Buildkite
# outputs (the published schemas that ship inside check-jsonschema: vendor.github-workflows, vendor.gitlab-ci,
# vendor.buildkite), so `make test` runs this first and those tests never skip in CI.
#
# Usage: scripts/ensure-check-jsonschema.sh      (`make test` runs it)
set -euo pipefail

CHECK_JSONSCHEMA_VERSION=0.39.0
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
venv="$repo/.build/check-jsonschema-$CHECK_JSONSCHEMA_VERSION"

if [ ! -x "$venv/bin/check-jsonschema" ]; then
    echo "ensure-check-jsonschema: installing check-jsonschema $CHECK_JSONSCHEMA_VERSION into $venv..." >&2
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "check-jsonschema==$CHECK_JSONSCHEMA_VERSION"
fi
"$venv/bin/check-jsonschema" --version >/dev/null
echo "$venv/bin/check-jsonschema"
