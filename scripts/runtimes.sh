#!/usr/bin/env bash
# Installs the runtimes of runtimes/package.json (Node 24 and 22, Bun, Deno) into runtimes/node_modules,
# with whatever npm is on the machine (Debian's Node 20 is enough to fetch them), and prints nothing else.
# Source it to get RUNTIMES_DIR and the binaries' paths; run it to install only.
set -euo pipefail
RUNTIMES_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/../runtimes" && pwd)"
# The versions are exact in runtimes/package.json, and so are Bun's and Deno's platform packages in theirs; no lock
# file, as npm drops the other platforms' optional packages from it and then refuses its own lock in `npm ci`.
if ! cmp -s "$RUNTIMES_DIR/package.json" "$RUNTIMES_DIR/node_modules/.installed-from" 2>/dev/null; then
  # --ignore-scripts: the binaries ship inside the packages; Deno's install script only re-checks that.
  log=$(mktemp)
  if ! (cd "$RUNTIMES_DIR" && npm install --ignore-scripts --no-package-lock --no-audit --no-fund --loglevel=error) >"$log" 2>&1; then
    cat "$log" >&2; rm -f "$log"; echo "runtimes.sh: could not install the runtimes of runtimes/package.json" >&2; exit 1
  fi
  rm -f "$log"
  cp "$RUNTIMES_DIR/package.json" "$RUNTIMES_DIR/node_modules/.installed-from"
fi
export RUNTIMES_DIR
export NODE24="$RUNTIMES_DIR/node_modules/node24/bin/node"
export NODE22="$RUNTIMES_DIR/node_modules/node22/bin/node"
export BUN="$RUNTIMES_DIR/node_modules/@oven/bun-linux-x64/bin/bun"
export DENO="$RUNTIMES_DIR/node_modules/@deno/linux-x64-glibc/deno"
for bin in "$NODE24" "$NODE22" "$BUN" "$DENO"; do
  [ -x "$bin" ] || { echo "runtimes.sh: $bin is missing after install" >&2; exit 1; }
done
