#!/usr/bin/env bash
# Fetches the project's runtimes as npm packages, with whatever npm is on the machine (Debian's Node 20 is enough),
# each group only when it is first needed:
#   node24    (default) Node 24, what every project command runs on: runtimes/package.json -> runtimes/node_modules
#   consumer  Node 22, Bun and Deno, for the consumer test (test/consumer/runtimes.ts asks for them):
#             runtimes/consumer/package.json -> runtimes/consumer/node_modules
# Run it (`bash scripts/runtimes.sh [node24|consumer]`) to install, or source it to also get RUNTIMES_DIR and
# the binaries' paths (NODE24, NODE22, BUN, DENO; the consumer ones exist once that group is installed).
# A fetch says what it fetches and shows the megabytes unpacked so far; an installed group costs one `cmp`.
RUNTIMES_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/../runtimes" && pwd)"
export RUNTIMES_DIR
export NODE24="$RUNTIMES_DIR/node_modules/node24/bin/node"
export NODE22="$RUNTIMES_DIR/consumer/node_modules/node22/bin/node"
export BUN="$RUNTIMES_DIR/consumer/node_modules/@oven/bun-linux-x64/bin/bun"
export DENO="$RUNTIMES_DIR/consumer/node_modules/@deno/linux-x64-glibc/deno"

# Installs the group in folder $1 (named $2 in messages) unless its package.json is the one last installed.
# The versions are exact in the package.json files, and so are Bun's and Deno's platform packages in theirs;
# no lock file, as npm drops the other platforms' optional packages from it and then refuses its own lock in `npm ci`.
_runtimes_install() {
  local dir=$1 what=$2 size=$3 log pid mb started shown=0
  cmp -s "$dir/package.json" "$dir/node_modules/.installed-from" 2>/dev/null && return 0
  echo "runtimes: fetching $what into ${dir#"$(dirname "$RUNTIMES_DIR")/"}/node_modules (once; about $size unpacked)" >&2
  log=$(mktemp)
  started=$SECONDS shown=$SECONDS
  # --ignore-scripts: the binaries ship inside the packages; Deno's install script only re-checks that.
  (cd "$dir" && exec npm install --ignore-scripts --no-package-lock --no-audit --no-fund --loglevel=error) >"$log" 2>&1 &
  pid=$!
  # Progress: the megabytes unpacked so far, in place on a terminal, every 10 s otherwise.
  while kill -0 "$pid" 2>/dev/null; do
    sleep 1
    mb=$(du -sm "$dir/node_modules" 2>/dev/null | cut -f1)
    if [ -t 2 ]; then printf '\rruntimes: %s MB unpacked, %d s ' "${mb:-0}" $((SECONDS - started)) >&2
    elif [ $((SECONDS - shown)) -ge 10 ]; then shown=$SECONDS; echo "runtimes: ${mb:-0} MB unpacked, $((SECONDS - started)) s" >&2; fi
  done
  [ -t 2 ] && printf '\n' >&2
  if ! wait "$pid"; then
    cat "$log" >&2; rm -f "$log"
    echo "runtimes: could not install $what (${dir#"$(dirname "$RUNTIMES_DIR")/"}/package.json); see npm's words above" >&2
    return 1
  fi
  rm -f "$log"
  cp "$dir/package.json" "$dir/node_modules/.installed-from"
  echo "runtimes: $what installed ($(du -sm "$dir/node_modules" | cut -f1) MB, $((SECONDS - started)) s)" >&2
}

_runtimes_main() {
  local group=${1:-node24} bins bin
  [ $# -le 1 ] || { printf 'runtimes.sh: unexpected argument "%s"\n\nUsage: bash scripts/runtimes.sh [node24|consumer]\n' "$2" >&2; return 2; }
  case "$group" in
    node24) _runtimes_install "$RUNTIMES_DIR" "Node 24" "190 MB" || return 1; bins=("$NODE24") ;;
    consumer) _runtimes_install "$RUNTIMES_DIR/consumer" "Node 22, Bun and Deno" "380 MB" || return 1; bins=("$NODE22" "$BUN" "$DENO") ;;
    -h | --help) echo "Usage: bash scripts/runtimes.sh [node24|consumer]   (or source it: then NODE24 etc. are set)"; return 0 ;;
    --version) echo "runtimes.sh $(sed -n 's/^  "version": "\(.*\)",$/\1/p' "$RUNTIMES_DIR/../package.json")"; return 0 ;;
    -*) printf 'runtimes.sh: unknown option "%s"\n\nUsage: bash scripts/runtimes.sh [node24|consumer]\n' "$group" >&2; return 2 ;;
    *) printf 'runtimes.sh: unknown group "%s"\n\nUsage: bash scripts/runtimes.sh [node24|consumer]\n' "$group" >&2; return 2 ;;
  esac
  for bin in "${bins[@]}"; do
    [ -x "$bin" ] || { echo "runtimes: $bin is missing after install" >&2; return 1; }
  done
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  _runtimes_main "$@"
  exit $?
fi
# Sourced: the caller's shell keeps its own options (no set -e here); the return code says whether it worked.
_runtimes_main "$@"
