#!/usr/bin/env bash
# The daily rebuild for a host that serves build/ from this checkout (nginx, Caddy, the bundled
# server): a fact marked to end (<Expires>) then ends in the HTML, the feeds, the cards and the
# sharing cards too, not only in the reader's browser. Builds into a new folder beside the live one
# and swaps the two, so visitors never see a half-written site, then runs PUBLISH_COMMAND (reload
# nginx for the new inline-script hashes, restart the bundled server) and lists what a writer must
# fix (check-content), failing the run when a fact has ended.
#
#   REBUILD_OUT=build  PUBLISH_COMMAND='systemctl reload nginx'  scripts/rebuild.sh
set -euo pipefail
cd "$(dirname "$0")/.."

out=${REBUILD_OUT:-build}
next="$out.next"
previous="$out.previous"

rm -rf "$next" "$previous"
npm run --silent build -- --out-dir "$next"
# Two renames: the live folder is missing for the moment between them, never half written.
if [ -d "$out" ]; then mv "$out" "$previous"; fi
mv "$next" "$out"
rm -rf "$previous"
echo "[rebuild] $(date -u +%FT%TZ): $out rebuilt"

if [ -n "${PUBLISH_COMMAND:-}" ]; then
  bash -c "$PUBLISH_COMMAND"
fi
npm run --silent check-content
