#!/usr/bin/env bash
# Runs the HTTP conformance checks (tests/conformance/http.ts), the waitlist proxy's checks that
# add no row (proxy-checks.ts) and the MDN HTTP Observatory scan against a deployed site:
#   SUPABASE_ANON_KEY=<the build's anon key> npm run check-deploy -- https://gotchalabs.app
# Headers are compared with build/_headers: run it in the checkout whose build was deployed.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -ne 1 ]; then
  echo 'usage: npm run check-deploy -- <site URL, e.g. https://gotchalabs.app>' >&2
  exit 2
fi
bash scripts/install-observatory.sh
CONFORMANCE_URL="$1" exec npx jest tests/conformance/deployed.test.ts --selectProjects conformance
