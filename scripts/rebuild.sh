#!/usr/bin/env bash
# The daily rebuild for a host that serves build/ from this checkout (nginx, Caddy, the bundled
# server): a fact marked to end (<Expires>) then ends in the HTML, the feeds, the cards and the
# sharing cards too, not only in the reader's browser.
#
# One run at a time: a second, while one holds .rebuild.lock, does nothing, says so in one line
# and exits 1. Each build goes into a new folder beside the live one (.<out>.releases/<time>), and
# REBUILD_OUT becomes a link to it in one rename, so the live path is never missing nor half
# written (the first run replaces a real folder with the link: two renames, once). Then
# PUBLISH_COMMAND runs (reload nginx for the new inline-script hashes, restart the bundled
# server); if it fails, the link goes back to the previous build, the run says which build is live
# and exits 1. Last, check-content lists what a writer must fix, in the build just published,
# failing the run when a fact has ended. Builds older than the live one are deleted.
#
#   REBUILD_OUT=build  PUBLISH_COMMAND='systemctl reload nginx'  scripts/rebuild.sh
#
# The build reads its variables from deploy/site.env, as the first build did; without the file
# the run does nothing (a build without it would publish placeholders and default paths).
#
# REBUILD_BUILD_COMMAND replaces the build (`npm run build -- --out-dir "$1"`), for tests.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -f deploy/site.env ]; then
  echo "[rebuild] deploy/site.env is missing: the rebuild builds with the first build's variables from it (docs/deploying.md, \"Build variables\"); this one did nothing" >&2
  exit 1
fi

out=${REBUILD_OUT:-build}
out=${out%/}
name=$(basename "$out")
releases="$(dirname "$out")/.$name.releases"

say() { echo "[rebuild] $(date -u +%FT%TZ): $*"; }

# The lock is held until this shell exits; the commands below get no copy of it (9>&-), so a
# server that PUBLISH_COMMAND starts cannot keep holding it.
exec 9>>.rebuild.lock
if ! flock --nonblock 9; then
  echo "[rebuild] another rebuild of this checkout is running (it holds .rebuild.lock): this one did nothing" >&2
  exit 1
fi

mkdir -p "$releases"
release="$releases/$(date -u +%Y%m%dT%H%M%SZ)-$$"
published=false
# A build that failed, or was never published, leaves nothing behind.
trap '[ "$published" = true ] || rm -rf "$release"' EXIT

if [ -n "${REBUILD_BUILD_COMMAND:-}" ]; then
  bash -c "$REBUILD_BUILD_COMMAND" rebuild "$release" 9>&-
else
  npm run --silent build -- --out-dir "$release" 9>&-
fi

# Points the live path at a build in one rename (a link replacing a link).
point_live_at() {
  local link="$releases/.link-$$"
  ln -sfn ".$name.releases/$(basename "$1")" "$link"
  mv -T "$link" "$out"
}

previous=""
if [ -L "$out" ]; then
  previous="$releases/$(basename "$(readlink "$out")")"
elif [ -e "$out" ]; then
  previous="$releases/before-links"
  rm -rf "$previous"
  mv "$out" "$previous"
fi
point_live_at "$release"
published=true
say "$out now serves $release"

if [ -n "${PUBLISH_COMMAND:-}" ] && ! bash -c "$PUBLISH_COMMAND" 9>&-; then
  if [ -n "$previous" ] && [ -d "$previous" ]; then
    point_live_at "$previous"
    echo "[rebuild] PUBLISH_COMMAND failed: $out serves the previous build again, $previous (the new one is kept in $release)" >&2
  else
    echo "[rebuild] PUBLISH_COMMAND failed: $out serves the new build, $release (there was none before)" >&2
  fi
  exit 1
fi

for old in "$releases"/*; do
  if [ "$old" != "$release" ]; then rm -rf "$old"; fi
done
npm run --silent check-content -- --build-dir "$out" 9>&-
