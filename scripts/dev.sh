#!/usr/bin/env bash
# The README's two set-up commands: `bash scripts/dev.sh start` (main job) and `bash scripts/dev.sh test`.
# Development runs on Node 24 LTS (Prism, Redocly and vitest ask for it); the machine's own Node only
# fetches it. Then it installs the lock file's packages and runs `npm <command>`.
set -euo pipefail
cd "$(dirname "$0")/.."
export SCARF_ANALYTICS=false DO_NOT_TRACK=1 REDOCLY_TELEMETRY=off NO_UPDATE_NOTIFIER=1
source scripts/runtimes.sh
export PATH="$(dirname "$NODE24"):$PATH"
case "${1:-}" in
  start | test) ;;
  *) echo "usage: bash scripts/dev.sh start|test [-- args]" >&2; exit 2 ;;
esac
npm ci --no-audit --no-fund
npm "$@"
