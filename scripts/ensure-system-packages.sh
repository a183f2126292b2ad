#!/usr/bin/env bash
# Installs the system packages the repo needs when they are missing, and says what it installs.
#
# Usage: scripts/ensure-system-packages.sh DEBIAN_PACKAGE...
#
# On Debian and Ubuntu the packages are installed with apt-get: directly as root, otherwise through sudo. On macOS
# the SDK already provides what the Debian -dev packages provide for the build (SQLite, for instance); the few that
# it lacks are mapped to Homebrew formulae below. Exits non-zero, with the command to run by hand, when it cannot
# install.
set -euo pipefail

if [ "$#" -eq 0 ]; then
    exit 0
fi

if ! command -v swift >/dev/null 2>&1; then
    echo "error: the Swift toolchain is not on PATH; install Swift 6.2 or newer (swift.org/install) first." >&2
    exit 1
fi

case "$(uname -s)" in
Linux)
    if ! command -v dpkg-query >/dev/null 2>&1; then
        echo "note: not a Debian-based system; make sure these are installed: $*" >&2
        exit 0
    fi
    missing=()
    for package in "$@"; do
        status=$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null || true)
        if [ "$status" != "installed" ]; then
            missing+=("$package")
        fi
    done
    if [ "${#missing[@]}" -eq 0 ]; then
        exit 0
    fi
    by_hand="apt-get update && apt-get install -y ${missing[*]}"
    if [ "$(id -u)" -eq 0 ]; then
        runner=()
    elif command -v sudo >/dev/null 2>&1; then
        runner=(sudo)
    else
        echo "error: missing Debian packages: ${missing[*]}; not root and no sudo, so run as root: $by_hand" >&2
        exit 1
    fi
    echo "Installing missing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    # Wait up to five minutes for another apt or dpkg run on this machine instead of failing on its lock.
    apt_options=(-o DPkg::Lock::Timeout=300 -qq)
    if ! "${runner[@]}" apt-get "${apt_options[@]}" update >/dev/null ||
        ! "${runner[@]}" apt-get "${apt_options[@]}" install -y --no-install-recommends "${missing[@]}" >/dev/null; then
        echo "error: could not install ${missing[*]} (apt-get's message is above); install them by hand: $by_hand" >&2
        exit 1
    fi
    echo "Installed: ${missing[*]}"
    ;;
Darwin)
    formulae=()
    for package in "$@"; do
        case "$package" in
        libsqlite3-dev | sqlite3) ;; # part of the macOS SDK and base system
        libmicrohttpd-dev) formulae+=(libmicrohttpd) ;;
        libjpeg62-turbo-dev) formulae+=(jpeg-turbo) ;;
        libpng-dev) formulae+=(libpng) ;;
        libchafa-dev) formulae+=(chafa) ;;
        libglib2.0-dev) formulae+=(glib) ;;
        libcurl4-openssl-dev) ;; # the macOS SDK provides libcurl
        libssl-dev) formulae+=(openssl) ;;
        protobuf-compiler) formulae+=(protobuf) ;;
        *) formulae+=("$package") ;;
        esac
    done
    if [ "${#formulae[@]}" -eq 0 ]; then
        exit 0
    fi
    if ! command -v brew >/dev/null 2>&1; then
        echo "error: Homebrew is needed to install: ${formulae[*]} (brew.sh)" >&2
        exit 1
    fi
    for formula in "${formulae[@]}"; do
        if ! brew list --versions "$formula" >/dev/null 2>&1; then
            echo "Installing with Homebrew: $formula"
            brew install "$formula"
        fi
    done
    ;;
*)
    echo "note: unsupported system $(uname -s); make sure these are installed: $*" >&2
    ;;
esac
