#!/usr/bin/env bash
# Runs every check, on a fresh machine too: installs what is missing (npm packages, Debian's
# Chromium, PostgreSQL, nginx with its brotli module and Caddy), then type check, lint, the
# production builds, unit, integration and HTTP conformance tests (the build served by server/,
# nginx, Caddy and Cloudflare's local Pages server, wrangler from npm, each proxying the waitlist),
# and the end-to-end suites in Chromium and in WebKit against those builds served by server/ (and
# nginx).
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

# The site supports Node 22 and 24 (`engines`; Node 20 has been end-of-life since April 2026). Every
# check runs on one major line: NODE_LINE's when set, else the `.nvmrc` line production builds on;
# the last step runs the whole suite again with NODE_LINE=22, so both lines are tested. A line this
# machine's node is not comes from the npm registry's `node` package (the binary ships inside an
# npm package), kept in .cache/ for the next run.
line=${NODE_LINE:-$(tr -d '[:space:]' < .nvmrc)}
if ! [[ $line =~ ^[0-9]+$ ]]; then
  echo "NODE_LINE must be a major version of Node, such as 22, not '$line'" >&2
  exit 1
fi
if [ "$(node -p 'process.versions.node.split(".")[0]')" != "$line" ]; then
  step "Installing Node $line from npm (this machine's node is $(node --version))"
  npm install --no-save --no-package-lock --no-audit --no-fund --loglevel=error --prefix ".cache/node-$line" \
    "node@$line" >/dev/null
  export PATH="$PWD/.cache/node-$line/node_modules/.bin:$PATH"
  node --version
fi

need_apt=()
command -v chromium >/dev/null || need_apt+=(chromium)
# WebKit as Safari readers get it: WebKitGTK's MiniBrowser driven by WebKitWebDriver on an Xvfb
# display, with faketime to set the engine's clock (tests/webkit).
command -v WebKitWebDriver >/dev/null || need_apt+=(webkit2gtk-driver libgl1-mesa-dri)
command -v Xvfb >/dev/null || need_apt+=(xvfb)
command -v faketime >/dev/null || need_apt+=(faketime)
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || need_apt+=(postgresql)
# pg_cron, as on hosted Supabase: the limiter migration's scheduled purge is tested with it.
compgen -G '/usr/share/postgresql/*/extension/pg_cron.control' >/dev/null ||
  need_apt+=(postgresql-15-cron)
[ -x /usr/sbin/nginx ] || need_apt+=(nginx)
[ -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] ||
  need_apt+=(libnginx-mod-http-brotli-static)
[ -x /usr/bin/caddy ] || need_apt+=(caddy)
# systemd-analyze checks the daily rebuild timer's calendar (tests/integration/daily-rebuild.test.ts).
command -v systemd-analyze >/dev/null || need_apt+=(systemd)
# logrotate checks the rule that keeps the logs 30 days (tests/integration/log-retention.test.ts).
[ -x /usr/sbin/logrotate ] || need_apt+=(logrotate)
if [ ${#need_apt[@]} -gt 0 ]; then
  step "Installing ${need_apt[*]} from Debian"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
fi

# Exactly the committed lock: a lock out of sync with package.json fails here, as on a fresh machine.
# npm's postinstall leaves a copy of the lock it installed, so `npm ci && npm test` installs once.
if [ ! -d node_modules ] || ! cmp -s package-lock.json node_modules/.installed-lock.json; then
  step 'Installing npm packages (npm ci)'
  npm ci --no-audit --no-fund
else
  npm ci --dry-run --ignore-scripts --no-audit --no-fund >/dev/null
fi

step 'Installing the MDN HTTP Observatory scanner (beside the project)'
bash scripts/install-observatory.sh

step 'Type check'
npx tsc --noEmit -p .

step 'Lint'
npm run --silent lint

# check-content makes the production build (build/ is then missing) to measure its first screens.
step 'Content: front matter, images, facts that have ended, first screens; the production build'
rm -rf build build-waitlist
npm run --silent check-content

step 'Production build with a product coming soon (for the waitlist tests)'
COMING_SOON_PRODUCTS=trip-planner npm run --silent build -- --out-dir build-waitlist

step 'Unit, integration and conformance tests (the server tests use the build)'
# Two files at once: Jest's default (cores - 1) runs one at a time on two cores, while most files
# wait on servers, PostgreSQL and real time limits far more than they compute.
npx jest --ci --maxWorkers=2

step 'End-to-end tests (Chromium)'
npx playwright test

step 'End-to-end tests (WebKit)'
# One file at a time: each starts its own display, driver, browser windows and server.
npx tsx --test --test-concurrency=1 --test-reporter=spec tests/webkit/*.test.ts

# A writer's seventh guide must need no test edited: the whole suite again on a copy of the site
# with one more (scripts/seventh-guide.sh), on the other supported line. The copy's own run sets
# SEVENTH_GUIDE_PASS, so it does not start a third.
if [ -z "${SEVENTH_GUIDE_PASS:-}" ]; then
  step 'The whole suite again with a seventh guide, on Node 22'
  bash scripts/seventh-guide.sh
fi
