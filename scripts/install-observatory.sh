#!/usr/bin/env bash
# Installs the MDN HTTP Observatory scanner into .cache/observatory, apart from the project's own
# packages: its install scripts download lists from the internet, so they are skipped and the two
# lists are left empty (they only matter for HSTS preloading and public-suffix checks of real
# domains, not for a scan of localhost).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=.cache/observatory
package=@mdn/mdn-http-observatory@1.4.8
if [ ! -x "$dir/node_modules/.bin/mdn-http-observatory-scan" ]; then
  mkdir -p "$dir"
  [ -f "$dir/package.json" ] || echo '{"private": true}' > "$dir/package.json"
  npm install --prefix "$dir" --ignore-scripts --no-audit --no-fund --loglevel=error "$package" >/dev/null
fi
conf="$dir/node_modules/@mdn/mdn-http-observatory/conf"
[ -f "$conf/hsts-preload.json" ] || echo '{}' > "$conf/hsts-preload.json"
[ -f "$conf/tld-list.json" ] || echo '[]' > "$conf/tld-list.json"
