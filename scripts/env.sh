# The alternative to `bash scripts/dev.sh <script>`: `source scripts/env.sh` puts the project's Node 24 first on
# PATH in this shell (fetching it once, as dev.sh does) and installs the lock file's packages when node_modules
# differs, so `npm run <script>`, `npm exec fo-sign` and `npx vitest` work as they are (bash).
if [ -n "${BASH_SOURCE[0]:-}" ] && [ "${BASH_SOURCE[0]}" = "$0" ]; then
  case "${1:-}" in
    -h | --help) echo "Usage: source scripts/env.sh   (puts the project's Node 24 on PATH in this shell)"; exit 0 ;;
    --version) echo "env.sh $(sed -n 's/^  "version": "\(.*\)",$/\1/p' "$(dirname "$0")/../package.json")"; exit 0 ;;
    -*) problem="unknown option \"$1\"" ;;
    ?*) problem="unexpected argument \"$1\": env.sh takes none" ;;
    *) problem="source it, do not run it: source scripts/env.sh" ;;
  esac
  printf 'env.sh: %s\n\nUsage: source scripts/env.sh   (puts the project'"'"'s Node 24 on PATH in this shell)\n' "$problem" >&2
  exit 2
fi
_fo_env() {
  local root
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)" || return 1
  source "$root/scripts/runtimes.sh" node24 || return 1
  case ":$PATH:" in *":$(dirname "$NODE24"):"*) ;; *) export PATH="$(dirname "$NODE24"):$PATH" ;; esac
  export SCARF_ANALYTICS=false DO_NOT_TRACK=1 REDOCLY_TELEMETRY=off NO_UPDATE_NOTIFIER=1
  if ! node "$root/scripts/deps-current.mjs" >/dev/null; then (cd "$root" && npm ci --no-audit --no-fund) || return 1; fi
  echo "env.sh: $(node --version) from runtimes/ is first on PATH in this shell; npm run <script> works as in dev.sh" >&2
}
_fo_env
