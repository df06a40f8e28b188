#!/usr/bin/env bash
# Runs any npm script of package.json with the project's Node 24: `bash scripts/dev.sh <script> [--] [args]`.
# The README's two set-up commands are `bash scripts/dev.sh start` (the main job) and `bash scripts/dev.sh test`.
# The machine's own Node (Debian's 20) only fetches Node 24 (scripts/runtimes.sh, once); `npm ci` runs only when
# node_modules differs from package-lock.json (scripts/deps-current.mjs). Arguments after the script name go
# to the script, with or without a `--` first; the command runs in the folder you call it from (INIT_CWD).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
export SCARF_ANALYTICS=false DO_NOT_TRACK=1 REDOCLY_TELEMETRY=off NO_UPDATE_NOTIFIER=1

# package.json's own script names, read as JSON by the machine's Node (which fetches Node 24 below): a command
# holding a brace or a quote cannot cut the list short.
scripts() { node -e 'for (const name in require(process.argv[1]).scripts) console.log(name)' "$root/package.json"; }

usage() {
  echo "Usage: bash scripts/dev.sh <npm script> [--] [args...]   e.g. bash scripts/dev.sh mock -- --auth production"
  echo "  scripts: $(scripts | tr '\n' ' ')"
  echo "  -h, --help   this text"
  echo "  --version    the version"
}
refuse() { printf 'dev.sh: %s\n\n' "$1" >&2; usage >&2; exit 2; }

case "${1:-}" in
  -h | --help) usage; exit 0 ;;
  --version) echo "dev.sh $(node -p 'require(process.argv[1]).version' "$root/package.json")"; exit 0 ;;
  "") refuse "missing the npm script to run" ;;
  -*) refuse "unknown option \"$1\"" ;;
esac
script=$1
shift
[ "${1:-}" = "--" ] && shift
# Checked before anything is fetched, against package.json's own list.
scripts | grep -qxF -- "$script" ||
  refuse "unknown npm script \"$script\""

# npm ci prints nothing until it ends (about 45 s on a fresh machine): say how far it got every 8 s.
# --prefer-offline: a package already in npm's cache is taken from it without asking the registry again (the lock
# file pins each one's integrity): a second clone's install took 41 s instead of 51 s and no longer waits on the network.
npm_ci() {
  local log pid started=$SECONDS shown=$SECONDS
  log=$(mktemp)
  (cd "$root" && exec npm ci --prefer-offline --no-audit --no-fund --loglevel=error) >"$log" 2>&1 &
  pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    sleep 1
    if [ $((SECONDS - shown)) -ge 8 ]; then
      shown=$SECONDS
      echo "dev.sh: npm ci: $(find "$root/node_modules" -maxdepth 2 -name package.json 2>/dev/null | wc -l) packages unpacked, $((SECONDS - started)) s" >&2
    fi
  done
  if ! wait "$pid"; then
    cat "$log" >&2
    rm -f "$log"
    echo "dev.sh: npm ci failed; see npm's words above" >&2
    exit 1
  fi
  cat "$log" >&2
  rm -f "$log"
  echo "dev.sh: npm ci: installed from package-lock.json in $((SECONDS - started)) s" >&2
}

source "$root/scripts/runtimes.sh" node24
export PATH="$(dirname "$NODE24"):$PATH"
if ! reason=$(node "$root/scripts/deps-current.mjs"); then
  echo "dev.sh: ${reason#deps-current: }: npm ci" >&2
  npm_ci
fi
# --silent: npm's "> script" banner would go to stdout with the script's own output (`... sign -- --curl | sh`).
exec npm run --silent --prefix "$root" "$script" -- "$@"
