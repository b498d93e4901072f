#!/usr/bin/env bash
# Runs the HTTP conformance checks (tests/conformance/http.ts), the waitlist proxy's checks that
# add no row (proxy-checks.ts) and the MDN HTTP Observatory scan against a deployed site:
#   SUPABASE_ANON_KEY=<the build's anon key> npm run check-deploy -- https://gotchalabs.app
# With deploy/site.env (the build variables' one home), the origin defaults to its SITE_URL and
# the key to its SUPABASE_ANON_KEY: `npm run check-deploy`. Headers are compared with build/_headers (BUILD_DIR=<folder> for another build): run it in the
# checkout whose build was deployed.
# Prints one line per check, a failure with its cause; jest's full output goes to a log file.
set -euo pipefail
cd "$(dirname "$0")/.."
# A variable's value in deploy/site.env, or nothing.
site_env() {
  if [ -f deploy/site.env ]; then sed -n "s/^$1=//p" deploy/site.env | tail -n 1; fi
}
origin=${1:-$(site_env SITE_URL)}
if [ $# -gt 1 ] || [[ ! "$origin" =~ ^https?://[^/]+/?$ ]]; then
  echo 'usage: SUPABASE_ANON_KEY=<anon key> npm run check-deploy -- <site origin, e.g. https://gotchalabs.app> (both default to deploy/site.env'"'"'s SITE_URL and SUPABASE_ANON_KEY)' >&2
  exit 2
fi
if [ -z "${SUPABASE_ANON_KEY+set}" ]; then
  SUPABASE_ANON_KEY=$(site_env SUPABASE_ANON_KEY)
  export SUPABASE_ANON_KEY
fi
if [ -z "${SUPABASE_ANON_KEY:-}" ]; then
  echo 'SUPABASE_ANON_KEY is not set: the waitlist checks need the anon key the build was made with (the bundled stand-in'"'"'s: sb_publishable_local_stand_in_key)' >&2
  exit 2
fi
bash scripts/install-observatory.sh
# A folder per run: two runs at once (the tests) must not read each other's report.
mkdir -p .cache/check-deploy
run_dir=$(mktemp -d .cache/check-deploy/run.XXXXXX)
report="$run_dir/report.json"
log="$run_dir/jest.log"
status=0
CONFORMANCE_URL="$origin" npx jest tests/conformance/deployed.test.ts --selectProjects conformance \
  --json --outputFile="$report" >"$log" 2>&1 || status=$?
npx tsx scripts/check-deploy-summary.ts "$report" "$log"
exit "$status"
